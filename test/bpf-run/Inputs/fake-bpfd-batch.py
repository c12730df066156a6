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

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from fake_bpfd import TRACED_OBJECT, b64, perf_buffer, reply, serve, traced_event as event  # noqa: E402
import bpfd_client  # noqa: E402 (on the path fake_bpfd puts it on)

form = sys.argv[2]


def batch(*records):
    return b64(bpfd_client.pack_records(records))


EVENTS = [event(1234, b"cat", 5000000000, -2), event(1235, b"cat", 5100000000, 4),
          event(77, b"workload", 5250000000, 3)]

def first_poll(words):
    cmd = "perf_reader_poll"
    if words[2] == "batch" and form == "cut":
        reply(cmd, 2, ["samples 8 0 2 " + b64(struct.pack("<I", 40) + EVENTS[0] + struct.pack("<I", 40) + EVENTS[1][:20])])
    elif words[2] == "batch":
        reply(cmd, 4, ["samples 8 0 2 " + batch(EVENTS[0], EVENTS[1]), "lost 8 1 2",
                       "samples 8 1 1 " + batch(EVENTS[2])])
    else:
        reply(cmd, 4, ["sample 8 0 " + b64(EVENTS[0]), "sample 8 0 " + b64(EVENTS[1]),
                       "lost 8 1 2", "sample 8 1 " + b64(EVENTS[2])])


def handle(cmd, words, uploaded):
    if cmd == "load_object":
        reply(cmd, 1, TRACED_OBJECT)
    elif cmd == "perf_reader_poll" and words[2:] == ["batch", "8"] and form == "lines":
        reply(cmd, -22, msg="'batch' is not a handle number")
    elif perf_buffer(cmd, words, 3, 8, first_poll, forms=((), ("batch",))):
        pass
    elif cmd == "bpf_dump_map" and words[1] in ("4", "5"):
        reply(cmd, 0)
    elif cmd == "bpf_clear_map" and words[1] in ("4", "5"):
        reply(cmd, 0)
    else:
        return False
    return True


serve(sys.argv[1], handle)
