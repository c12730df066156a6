#!/usr/bin/env python3
"""A scripted stand-in for bpfd serving Inputs/bcc-shapes.c's maps: its
greeting carries the device clock (mono_ns), its events hold a pid_tgid, a
timestamp in microseconds and kernel stack ids, its kallsyms and stack map
resolve them; it refuses one of the extra attach points. Every command it
receives is appended to the log file named by argv[1]. Every command it
does not know is refused as a function the kernel lacks (ENOENT)."""
import os
import struct
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from fake_bpfd import b64, perf_buffer, reply, serve  # noqa: E402
import bpfd_client  # noqa: E402 (on the path fake_bpfd puts it on)

MONO_NS = 7000000000  # the device has been up 7 s
KSYMS = [(0xffff800008010000, "T", "_text"),
         (0xffff800008200000, "T", "el0t_64_sync"),
         (0xffff800008300000, "T", "do_el0_svc"),
         (0xffff800008400000, "t", "do_open"),
         (0xffff800008500000, "D", "some_data"),
         (0xffff800009000000, "T", "virtblk_done [virtio_blk]")]
STACKS = {5: [0xffff800008400010, 0xffff800008300020, 0xffff800008200030],
          9: [0xffff800009000040, 0x0000aaaabbbb0000]}


def event(pid, tid, ts_us, stack_id, comm):
    # struct data_t { u64 id; u64 ts; s32 kernel_stack_id; char comm[16]; }
    return struct.pack("<QQi16s4x", (pid << 32) | tid, ts_us, stack_id, comm)


def first_poll(words):
    # 0.1 s and 0.35 s after the greeting, in microseconds
    reply("perf_reader_poll", 2, ["sample 14 0 " + b64(event(321, 321, 7100000, 5, b"cat")),
                                  "sample 14 1 " + b64(event(77, 78, 7350000, -14, b"workload"))])


def handle(cmd, words, uploaded):
    if cmd == "load_object":
        reply(cmd, 2, ["map events handle=3 type=4 key_size=4 value_size=4 max_entries=2",
                       "map infotmp handle=4 type=1 key_size=8 value_size=24 max_entries=1024",
                       "map counts handle=5 type=1 key_size=4 value_size=8 max_entries=1024",
                       "map stack_traces handle=6 type=7 key_size=4 value_size=1016 max_entries=1024",
                       "map stacks handle=7 type=1 key_size=8 value_size=8 max_entries=1024",
                       "prog trace_entry handle=8 type=2 section=kprobe/do_open insns=20",
                       "prog trace_return handle=9 type=2 section=kretprobe/do_open insns=60",
                       "attach trace_entry handle=10 kprobe:do_open",
                       "attach trace_return handle=11 kretprobe:do_open"])
    elif perf_buffer(cmd, words, 3, 14, first_poll, wait=False):
        pass
    elif cmd == "get_kallsyms":
        reply(cmd, len(KSYMS), ["%x %s %s" % k for k in KSYMS])
    elif cmd == "bpf_lookup_elem" and words[1] == "6":
        sid = struct.unpack("<I", bpfd_client.unb64(words[2]))[0]
        if sid in STACKS:
            ips = STACKS[sid] + [0] * (127 - len(STACKS[sid]))
            reply(cmd, 0, [b64(struct.pack("<127Q", *ips))])
        else:
            reply(cmd, -2)
    elif cmd == "bpf_dump_map" and words[1] == "5":
        reply(cmd, 2, [b64(struct.pack("<I", 321)) + " " + b64(struct.pack("<Q", 4)),
                       b64(struct.pack("<I", 77)) + " " + b64(struct.pack("<Q", 9))])
    elif cmd == "bpf_dump_map" and words[1] == "7":
        reply(cmd, 2, [b64(struct.pack("<Ii", 321, 5)) + " " + b64(struct.pack("<Q", 4)),
                       b64(struct.pack("<Ii", 77, 9)) + " " + b64(struct.pack("<Q", 2))])
    else:
        reply(cmd, -22, errno="ENOENT", msg="fake bpfd: no such function")
    return True


serve(sys.argv[1], handle, " mono_ns=%d" % MONO_NS)
