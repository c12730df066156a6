#!/usr/bin/env python3
"""Checks bpf-run's output on stdin: the last `@MAP:` histogram (BCC's
print_log2_hist rows, `LOW -> HIGH : COUNT |***|`) counts at least MIN in all.
  hist-total.py MAP MIN < output"""
import re
import sys

name, minimum = sys.argv[1], int(sys.argv[2])
blocks = sys.stdin.read().split("\n@" + name + ":\n")
if len(blocks) < 2:
    sys.exit("hist-total: no @%s: histogram in the output" % name)
total = 0
for line in blocks[-1].splitlines()[1:]:
    m = re.match(r"^\s*\d+ -> \d+\s*: (\d+)\s*\|", line)
    if not m:
        break
    total += int(m.group(1))
print("hist-total: @%s counts %d" % (name, total))
if total < minimum:
    sys.exit("hist-total: @%s counts %d, fewer than %d" % (name, total, minimum))
