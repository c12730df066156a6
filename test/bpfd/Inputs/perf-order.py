#!/usr/bin/env python3
"""Reads a bpfd session's output (PERF_READER_POLL replies of
Inputs/perf_sequence.c's buffer) and says how the samples were ordered:

  cpus=N samples=N interleaved_replies=N late=N

interleaved_replies: replies in which a sample of a higher CPU comes before
one of a lower CPU (a drain ring by ring never does that); late: samples whose
number is more than WINDOW below the highest number delivered before them in
the session (a drain ring by ring delivers a whole ring's older samples after
another's newer ones). The window allows for the few numbers a CPU can take
between its fetch-and-add and its perf output while another CPU writes.
"""
import base64
import struct
import sys

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

    for line in sys.stdin:
        words = line.split()
        if len(words) == 5 and words[:2] == ["+", "sample"]:
            cpu = int(words[3])
            (n,) = struct.unpack("<Q", base64.b64decode(words[4])[:8])
            cpus.add(cpu)
            samples += 1
            reply.append(cpu)
            if n < highest - WINDOW:
                late += 1
            highest = max(highest, n)
        elif line.startswith("perf_reader_poll:"):
            close_reply()
    print("cpus=%d samples=%d interleaved_replies=%d late=%d" %
          (len(cpus), samples, interleaved, late))


if __name__ == "__main__":
    main()
