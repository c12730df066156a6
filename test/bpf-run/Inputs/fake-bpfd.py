#!/usr/bin/env python3
"""A scripted stand-in for bpfd, for testing bpf-run's presentation with no
kernel: it speaks docs/protocol.md on stdin/stdout (fake_bpfd.py), answers
LOAD_OBJECT for Inputs/traced.c's maps, and serves fixed perf samples and map
contents packed in the layout of that program's structs. Every command it
receives is appended to the log file named by argv[1]."""
import os
import struct
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from fake_bpfd import TRACED_OBJECT, b64, perf_buffer, reply, serve, traced_event as event  # noqa: E402


def key(pid, name):  # struct key_t { u32 pid; char name[16]; }
    return struct.pack("<I16s", pid, name)


def val(reads, rbytes):  # struct val_t { u64 reads; u64 rbytes; }
    return struct.pack("<QQ", reads, rbytes)


def first_poll(words):
    reply("perf_reader_poll", 3, ["sample 8 0 " + b64(event(1234, b"cat", 5000000000, -2)),
                                  "sample 8 1 " + b64(event(77, b"workload", 5250000000, 3)),
                                  "lost 8 1 2"])


def handle(cmd, words, uploaded):
    if cmd == "load_object":
        if not uploaded:
            return False
        reply(cmd, 1, TRACED_OBJECT)
    elif perf_buffer(cmd, words, 3, 8, first_poll):
        pass
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
