#!/usr/bin/env python3
"""The table of a parity run's start-up times (DIR/run.json of parity.py):
for each tool, the time from its command to its first output line (profile
-f prints none before it ends: to its sampling clock being armed), BCC in
the guest against bpfd-bcc on the host, and their ratio.

    first-line.py DIR [DIR...]     one table per run, then (several runs)
                                   each tool's median over them

BCC's time is given twice: by the guest's clock (under -icount it counts
instructions, 1 ns each with shift=0, so it does not move with the host's
load) and by this host's clock (the control command to its answer).
bpfd-bcc's is this host's clock from starting bpfd-bcc to its first line:
session, FUSE and sandbox set-up, python and `import bcc`, bpf-xcc's compile
in libbcc, the load and attach in the guest through bpfd. Its CPU time on
this host (launcher, tool and compiler) is shown beside it.
"""
import json
import os
import statistics
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import tools  # noqa: E402


def table(run, title):
    rows = []
    print(title)
    print("%-11s %12s %12s %12s %10s %11s %11s" % (
        "tool", "BCC guest s", "BCC host s", "bpfd-bcc s", "bpfd CPU s", "ratio guest", "ratio host"))
    for name in tools.ORDER:
        r = run["tools"].get(name)
        if not r:
            continue
        n, b = r.get("native", {}), r.get("bpfd", {})
        if "ready_ms" not in n or "ready_ms" not in b:
            why = n.get("failed") or b.get("failed") or "no time"
            print("%-11s %s" % (name, "did not start: " + why))
            continue
        g, h, d = n["ready_ms"] / 1000, n["ready_host_s"], b["ready_ms"] / 1000
        rows.append((name, g, h, d, g / d, h / d))
        print("%-11s %12.2f %12.2f %12.2f %10s %10.1fx %10.1fx" % (
            name, g, h, d, b.get("cpu_s", "-"), g / d, h / d))
    if rows:
        print("%-11s %12.2f %12.2f %12.2f %10s %10.1fx %10.1fx" % (
            "median", *(statistics.median(r[i] for r in rows) for i in (1, 2, 3)), "",
            *(statistics.median(r[i] for r in rows) for i in (4, 5))))
    return rows


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
        print("medians over %d runs" % len(dirs))
        print("%-11s %12s %12s %12s %11s %11s" % (
            "tool", "BCC guest s", "BCC host s", "bpfd-bcc s", "ratio guest", "ratio host"))
        for name in tools.ORDER:
            if name in per_tool:
                m = [statistics.median(r[i] for r in per_tool[name]) for i in range(1, 6)]
                print("%-11s %12.2f %12.2f %12.2f %10.1fx %10.1fx" % (name, *m))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
