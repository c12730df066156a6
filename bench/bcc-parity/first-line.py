#!/usr/bin/env python3
"""The table of a parity run's start-up times (DIR/run.json of parity.py):
for each tool, the time from its command to its first output line (profile
-f prints none before it ends: to its sampling clock being armed), BCC in
the guest against bpfd-bcc on the host, and their ratio.

    first-line.py DIR [DIR...]     one table per run, then (several runs)
                                   each tool's median over them

Each is given by two clocks. The guest's: under -icount it counts
instructions (1 ns each with shift=0: a 1-GIPS device whatever this host's
load) and, while the guest idles, follows real time; BCC's time is all guest
work, bpfd-bcc's the host's work in real time plus the guest's in
instructions (read from the guest at bpfd-bcc's start and first line). And
this host's clock (TCG's real speed, so it moves with the load). bpfd-bcc's
time runs from starting it to its first line: session, FUSE and sandbox
set-up, python and `import bcc`, bpf-xcc's compile in libbcc, the load and
attach in the guest through bpfd. Its CPU time on this host (launcher, tool,
compiler) is the last column.
"""
import json
import os
import statistics
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import tools  # noqa: E402


HEAD = "%-11s %9s %9s %8s %9s %9s %8s %9s" % (
    "tool", "BCC", "bpfd-bcc", "ratio", "BCC", "bpfd-bcc", "ratio", "bpfd-bcc")
HEAD2 = "%-11s %28s %28s %9s" % ("", "---- by the guest's clock --", "---- by this host's clock --",
                                 "host CPU")


def table(run, title):
    """Prints one run's table; returns its rows (tool, BCC guest, bpfd-bcc
    guest, ratio, BCC host, bpfd-bcc host, ratio), None where not measured."""
    rows = []
    print(title)
    print(HEAD2)
    print(HEAD)
    for name in tools.ORDER:
        r = run["tools"].get(name)
        if not r:
            continue
        n, b = r.get("native", {}), r.get("bpfd", {})
        if "ready_ms" not in n or "ready_ms" not in b:
            why = n.get("failed") or b.get("failed") or "no time"
            print("%-11s %s" % (name, "did not start: " + why))
            continue
        ng, nh, bh = n["ready_ms"] / 1000, n["ready_host_s"], b["ready_ms"] / 1000
        bg = b["ready_guest_ms"] / 1000 if "ready_guest_ms" in b else None
        row = (name, ng, bg, ng / bg if bg else None, nh, bh, nh / bh)
        rows.append(row)
        print(fmt(row) + " %8ss" % b.get("cpu_s", "-"))
    if rows:
        print(fmt(("median",) + tuple(median(r[i] for r in rows) for i in range(1, 7))))
    return rows


def median(values):
    values = [v for v in values if v is not None]
    return statistics.median(values) if values else None


def fmt(row):
    def s(v, ratio=False):
        return "-" if v is None else ("%.1fx" % v if ratio else "%.2f" % v)
    return "%-11s %9s %9s %8s %9s %9s %8s" % (
        row[0], s(row[1]), s(row[2]), s(row[3], True), s(row[4]), s(row[5]), s(row[6], True))


def main(dirs):
    if not dirs:
        print(__doc__, file=sys.stderr)
        return 2
    per_tool = {}
    for d in dirs:
        run = json.load(open(os.path.join(d, "run.json")))
        ic = run.get("icount")
        title = "time to the first line: BCC in the x86_64 guest (TCG, -smp %s%s) vs bpfd-bcc on this host (%s)" % (
            run.get("smp"), ", -icount shift=%d" % ic if ic is not None else "", d)
        for r in table(run, title):
            per_tool.setdefault(r[0], []).append(r)
        lb, la = run.get("load_before"), run.get("load_after")
        if lb:
            print("load average before %.1f, after %s" % (lb[0], "%.1f" % la[0] if la else "-"))
        print()
    if len(dirs) > 1:
        print("medians over %d runs (s)" % len(dirs))
        print(HEAD2)
        print(HEAD)
        for name in tools.ORDER:
            if name in per_tool:
                print(fmt((name,) + tuple(median(r[i] for r in per_tool[name]) for i in range(1, 7))))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
