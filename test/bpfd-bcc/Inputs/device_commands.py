"""Prints how many device commands each bpfd-bcc-fstest -v log says it sent,
and whether the second run (more reads) sent at most SLACK more than the first."""
import re
import sys

first, second, slack = sys.argv[1], sys.argv[2], int(sys.argv[3])
counts = []
for path in (first, second):
    with open(path) as f:
        m = re.search(r"(\d+) device commands", f.read())
    counts.append(int(m.group(1)) if m else -1)
print("device commands: more reads cost at most %d more: %s" % (slack, 0 <= counts[1] - counts[0] <= slack))
