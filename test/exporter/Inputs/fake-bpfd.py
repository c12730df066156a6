#!/usr/bin/env python3
"""A scripted stand-in for bpfd on one device of a fleet (process: remote):
it answers LOAD_OBJECT with syscalls.c's maps and three more (a per-CPU
array, a map whose dump is refused), and serves fixed map contents times
SCALE (argv[2]), so that two devices differ. Every command is logged to
argv[1]; the session ends at EXIT or at the end of input, as bpfd's does."""
import os
import struct
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "bpf-run",
                                "Inputs"))
from fake_bpfd import b64, reply, serve  # noqa: E402

SCALE = int(sys.argv[2])
# argv[3], if given: that many more comms in openat_calls_total (the bench's
# map size).
EXTRA = int(sys.argv[3]) if len(sys.argv) > 3 else 0

MAPS = ["map openat_calls_total handle=3 type=1 key_size=16 value_size=8 max_entries=1024",
        "map read_size_bytes handle=4 type=1 key_size=24 value_size=8 max_entries=1024",
        "map cpu_busy handle=5 type=6 key_size=4 value_size=8 max_entries=4",
        "map broken handle=6 type=1 key_size=8 value_size=8 max_entries=4",
        "prog on_openat handle=7 type=5 section=tracepoint/syscalls/sys_enter_openat insns=20",
        "attach on_openat handle=8 tracepoint:syscalls/sys_enter_openat"]


def comm(name):
    return struct.pack("16s", name)


def u64(v):
    return struct.pack("<Q", v)


def entries(pairs):
    return [b64(k) + " " + b64(v) for k, v in pairs]


def handle(cmd, words, uploaded):
    if cmd == "load_object":
        if not uploaded:
            return False
        reply(cmd, 2, MAPS)
    elif cmd == "bpf_dump_map" and words[1] == "3":
        reply(cmd, 2 + EXTRA, entries([(comm(b"workload"), u64(40 * SCALE)),
                                       (comm(b'we"ird\\'), u64(SCALE))] +
                                      [(comm(b"task-%d" % i), u64(i)) for i in range(EXTRA)]))
    elif cmd == "bpf_dump_map" and words[1] == "4":
        # workload: 10 reads of 4096 (bucket 13), 2 of 1 (bucket 1), the sum
        # in bucket 33; bpfd: 3 reads in bucket 20, no sum; one key past the
        # buckets (40), counted in +Inf only.
        reply(cmd, 5, entries([(comm(b"workload") + u64(13), u64(10 * SCALE)),
                               (comm(b"workload") + u64(1), u64(2 * SCALE)),
                               (comm(b"workload") + u64(33), u64((10 * 4096 + 2) * SCALE)),
                               (comm(b"bpfd") + u64(20), u64(3)),
                               (comm(b"bpfd") + u64(40), u64(1))]))
    elif cmd == "bpf_dump_map" and words[1] == "5":
        # Two CPUs' 8-byte slots a key.
        reply(cmd, 3, entries([(struct.pack("<I", 0), u64(5) + u64(7 * SCALE)),
                               (struct.pack("<I", 1), u64(1) + u64(1)),
                               (struct.pack("<I", 2), u64(9) + u64(9))]))
    elif cmd == "bpf_dump_map" and words[1] == "6":
        reply(cmd, -1, errno="EPERM", msg="fake bpfd: this map is not readable")
    else:
        return False
    return True


serve(sys.argv[1], handle)
