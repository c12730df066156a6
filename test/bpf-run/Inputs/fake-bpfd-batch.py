#!/usr/bin/env python3
"""A scripted bpfd for bpf-run's perf polls in both reply forms
(docs/protocol.md, Perf buffers), with Inputs/traced.c's maps:

  fake-bpfd-batch.py LOG batch   answers PERF_READER_POLL ... batch READER
                                 with '+ samples' lines (records of one CPU
                                 in one line, a lost note between two lines)
  fake-bpfd-batch.py LOG lines   an older bpfd: 'batch' is EINVAL (not a
                                 handle number), the samples one a line
  fake-bpfd-batch.py LOG cut     a broken batch line: COUNT 2, the second
                                 record cut short

The first poll serves three events and a lost note, the same in both forms;
later polls wait their timeout and return nothing. Every command received is
appended to LOG."""
import os
import struct
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from fake_bpfd import b64, reply, serve  # noqa: E402

form = sys.argv[2]


def event(pid, comm, ts, ret):  # struct event { u32 pid; char comm[16]; u64 ts; s32 ret; }
    return struct.pack("<I16s4xQi4x", pid, comm, ts, ret)


def batch(*records):
    return b64(b"".join(struct.pack("<I", len(r)) + r for r in records))


EVENTS = [event(1234, b"cat", 5000000000, -2), event(1235, b"cat", 5100000000, 4),
          event(77, b"workload", 5250000000, 3)]

polls = 0


def handle(cmd, words, uploaded):
    global polls
    if cmd == "load_object":
        reply(cmd, 1, ["map events handle=3 type=4 key_size=4 value_size=4 max_entries=2",
                       "map counts handle=4 type=1 key_size=20 value_size=16 max_entries=1024",
                       "map dist handle=5 type=2 key_size=4 value_size=8 max_entries=64",
                       "prog trace_open handle=6 type=2 section=kprobe/do_sys_openat2 insns=30",
                       "attach trace_open handle=7 kprobe:do_sys_openat2"])
    elif cmd == "bpf_open_perf_buffer" and words[1:] == ["3"]:
        reply(cmd, 8)
    elif cmd == "perf_reader_poll" and words[2:] == ["batch", "8"] and form == "lines":
        reply(cmd, -22, msg="'batch' is not a handle number")
    elif cmd == "perf_reader_poll" and words[2:] in (["batch", "8"], ["8"]):
        polls += 1
        if polls > 1:
            time.sleep(int(words[1]) / 1000.0)
            reply(cmd, 0)
        elif words[2] == "batch" and form == "cut":
            reply(cmd, 2, ["samples 8 0 2 " + b64(struct.pack("<I", 40) + EVENTS[0] + struct.pack("<I", 40) + EVENTS[1][:20])])
        elif words[2] == "batch":
            reply(cmd, 4, ["samples 8 0 2 " + batch(EVENTS[0], EVENTS[1]), "lost 8 1 2",
                           "samples 8 1 1 " + batch(EVENTS[2])])
        else:
            reply(cmd, 4, ["sample 8 0 " + b64(EVENTS[0]), "sample 8 0 " + b64(EVENTS[1]),
                           "lost 8 1 2", "sample 8 1 " + b64(EVENTS[2])])
    elif cmd == "bpf_dump_map" and words[1] in ("4", "5"):
        reply(cmd, 0)
    elif cmd == "bpf_clear_map" and words[1] in ("4", "5"):
        reply(cmd, 0)
    else:
        return False
    return True


serve(sys.argv[1], handle)
