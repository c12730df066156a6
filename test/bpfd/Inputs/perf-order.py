#!/usr/bin/env python3
"""Reads a bpfd session's output (PERF_READER_POLL replies of
Inputs/perf_sequence.c's buffer, one sample a line or in the batch form's
"+ samples" lines) and says how the samples were ordered:

  cpus=N samples=N interleaved_replies=N late=N

interleaved_replies: replies in which a sample of a higher CPU comes before
one of a lower CPU (a drain ring by ring never does that); late: samples whose
number is more than WINDOW below the highest number delivered before them in
the session (a drain ring by ring delivers a whole ring's older samples after
another's newer ones). The window allows for the few numbers a CPU can take
between its fetch-and-add and its perf output while another CPU writes.
"""
import os
import struct
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "python"))
import bpfd_client  # noqa: E402

WINDOW = 16


def main():
    cpus, samples, interleaved, late = set(), 0, 0, 0
    highest = -1
    reply = []

    def close_reply():
        nonlocal interleaved
        if any(a > b for a, b in zip(reply, reply[1:])):
            interleaved += 1
        reply.clear()

    def sample(cpu, data):
        nonlocal samples, highest, late
        (n,) = struct.unpack("<Q", data[:8])
        cpus.add(cpu)
        samples += 1
        reply.append(cpu)
        if n < highest - WINDOW:
            late += 1
        highest = max(highest, n)

    for line in sys.stdin:
        words = line.split()
        if len(words) == 5 and words[:2] == ["+", "sample"]:
            sample(int(words[3]), bpfd_client.unb64(words[4]))
        elif len(words) == 6 and words[:2] == ["+", "samples"]:
            # PERF_READER_POLL batch: COUNT records, each a u32 length and its bytes
            records, _ = bpfd_client.unpack_records(bpfd_client.unb64(words[5]))
            for data in records[:int(words[4])]:
                sample(int(words[3]), data)
        elif line.startswith("perf_reader_poll:"):
            close_reply()
    print("cpus=%d samples=%d interleaved_replies=%d late=%d" %
          (len(cpus), samples, interleaved, late))


if __name__ == "__main__":
    main()
