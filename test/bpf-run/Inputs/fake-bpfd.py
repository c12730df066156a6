#!/usr/bin/env python3
"""A scripted stand-in for bpfd, for testing bpf-run's presentation with no
kernel: it speaks docs/protocol.md on stdin/stdout (fake_bpfd.py), answers
LOAD_OBJECT for Inputs/traced.c's maps, and serves fixed perf samples and map
contents packed in the layout of that program's structs. Every command it
receives is appended to the log file named by argv[1]."""
import os
import struct
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from fake_bpfd import b64, reply, serve  # noqa: E402


def event(pid, comm, ts, ret):  # struct event { u32 pid; char comm[16]; u64 ts; s32 ret; }
    return struct.pack("<I16s4xQi4x", pid, comm, ts, ret)


def key(pid, name):  # struct key_t { u32 pid; char name[16]; }
    return struct.pack("<I16s", pid, name)


def val(reads, rbytes):  # struct val_t { u64 reads; u64 rbytes; }
    return struct.pack("<QQ", reads, rbytes)


polls = 0


def handle(cmd, words, uploaded):
    global polls
    if cmd == "load_object":
        if not uploaded:
            return False
        reply(cmd, 1, ["map events handle=3 type=4 key_size=4 value_size=4 max_entries=2",
                       "map counts handle=4 type=1 key_size=20 value_size=16 max_entries=1024",
                       "map dist handle=5 type=2 key_size=4 value_size=8 max_entries=64",
                       "prog trace_open handle=6 type=2 section=kprobe/do_sys_openat2 insns=30",
                       "attach trace_open handle=7 kprobe:do_sys_openat2"])
    elif cmd == "bpf_open_perf_buffer" and words[1:] == ["3"]:
        reply(cmd, 8)
    elif cmd == "perf_reader_poll" and words[2:] == ["8"]:
        polls += 1
        if polls == 1:
            reply(cmd, 3, ["sample 8 0 " + b64(event(1234, b"cat", 5000000000, -2)),
                           "sample 8 1 " + b64(event(77, b"workload", 5250000000, 3)),
                           "lost 8 1 2"])
        else:
            time.sleep(int(words[1]) / 1000.0)
            reply(cmd, 0)
    elif cmd == "bpf_dump_map" and words[1] == "4":
        reply(cmd, 3, [b64(key(10, b"small")) + " " + b64(val(1, 10)),
                       b64(key(20, b"big")) + " " + b64(val(5, 4096)),
                       b64(key(30, b"middle")) + " " + b64(val(2, 100))])
    elif cmd == "bpf_dump_map" and words[1] == "5":
        counts = {1: 4, 3: 10, 4: 2}
        reply(cmd, 64, [b64(struct.pack("<i", s)) + " " + b64(struct.pack("<Q", counts.get(s, 0)))
                        for s in range(64)])
    elif cmd == "bpf_clear_map" and words[1] in ("4", "5"):
        reply(cmd, 3)
    else:
        return False
    return True


serve(sys.argv[1], handle)
