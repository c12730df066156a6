#!/usr/bin/env python3
"""Reads a bpfd session's output (RINGBUF_POLL replies of
Inputs/ringbuf_sequence.c's ring) and checks every record against the rules
of that program:

  records=N numbers=FIRST..LAST out_of_order=N bad=N discarded_seen=N missing=N

bad: records whose size or contents differ from what the program wrote for
their number; discarded_seen: numbers the program discarded that came back;
missing: numbers below 40 the program submitted that never came back;
out_of_order: records whose number is not above the one before.
"""
import base64
import struct
import sys

COUNT = 40


def expected(n):
    size = 8 + (n % 3) * 4 if n % 2 and n % 5 != 4 else 16
    words = [n] + [~n & 0xFFFFFFFF] * 3
    return struct.pack("<4I", *words)[:size]


def main():
    numbers, bad, order = [], 0, 0
    for line in sys.stdin:
        words = line.split()
        if len(words) != 4 or words[:2] != ["+", "ringbuf"]:
            continue
        data = base64.b64decode(words[3])
        n = struct.unpack("<I", data[:4])[0] if len(data) >= 4 else -1
        if n < 0 or n >= COUNT or data != expected(n):
            bad += 1
        if numbers and n <= numbers[-1]:
            order += 1
        numbers.append(n)
    submitted = {n for n in range(COUNT) if n % 5 != 4}
    seen = set(numbers)
    span = "%d..%d" % (numbers[0], numbers[-1]) if numbers else "-"
    print("records=%d numbers=%s out_of_order=%d bad=%d discarded_seen=%d missing=%d"
          % (len(numbers), span, order, bad, len(seen - submitted), len(submitted - seen)))


main()
