#!/usr/bin/env python3
"""Run every lit suite of the project and print one closing line.

Run 1: the whole of test/ against our tools.
Run 2: test/MC/BPF and test/CodeGen/BPF against Debian's stock LLVM 19 tools
       (--param tools=stock). Tests of a patch carry `XFAIL: stock-tools`, so
       there they must fail; a stock tool that passes one is an XPASS: a failure.
Further suites (e.g. upstream LLVM's own BPF tests) are listed in
<build>/test/extra-suites.txt, one lit path a line, and run against our tools.

The closing line is `N passed, N failed, N skipped` over all runs.
"""
import argparse
import json
import os
import subprocess
import sys

PASS_CODES = {"PASS", "XFAIL", "FLAKYPASS"}
SKIP_CODES = {"UNSUPPORTED", "SKIPPED", "EXCLUDED"}


def run(lit, paths, params, extra, out_json, title):
    cmd = [sys.executable, lit, *extra, "-o", out_json]
    for key, value in params.items():
        cmd += ["--param", "%s=%s" % (key, value)]
    cmd += paths
    print("==> %s: %s" % (title, " ".join(cmd)), flush=True)
    if os.path.exists(out_json):
        os.remove(out_json)
    proc = subprocess.run(cmd)
    counts = {"passed": 0, "failed": 0, "skipped": 0}
    if not os.path.exists(out_json):
        print("==> %s: lit wrote no results (exit %d)" % (title, proc.returncode))
        counts["failed"] += 1
        return counts
    with open(out_json) as f:
        results = json.load(f).get("tests", [])
    for test in results:
        code = test.get("code")
        if code in PASS_CODES:
            counts["passed"] += 1
        elif code in SKIP_CODES:
            counts["skipped"] += 1
        else:
            counts["failed"] += 1
    if proc.returncode != 0 and counts["failed"] == 0:
        counts["failed"] += 1  # lit itself failed (e.g. a config error)
    print("==> %s: %d passed, %d failed, %d skipped" %
          (title, counts["passed"], counts["failed"], counts["skipped"]), flush=True)
    return counts


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--lit", required=True)
    ap.add_argument("--build-test-dir", required=True)
    ap.add_argument("--source-test-dir", required=True)
    ap.add_argument("--only", choices=["ours", "stock", "extra"], action="append",
                    help="run only these runs (default: all)")
    ap.add_argument("lit_args", nargs="*")
    args = ap.parse_args()
    runs = args.only or ["ours", "stock", "extra"]
    bt = args.build_test_dir
    total = {"passed": 0, "failed": 0, "skipped": 0}

    def add(c):
        for k in total:
            total[k] += c[k]

    if "ours" in runs:
        add(run(args.lit, [bt], {}, args.lit_args, os.path.join(bt, "results-ours.json"),
                "our tools"))
    if "stock" in runs:
        stock_paths = [os.path.join(bt, d) for d in ("MC/BPF", "CodeGen/BPF")
                       if os.path.isdir(os.path.join(args.source_test_dir, d))]
        if stock_paths:
            add(run(args.lit, stock_paths, {"tools": "stock"}, args.lit_args,
                    os.path.join(bt, "results-stock.json"),
                    "stock LLVM 19 (patch tests must fail)"))
    extra_list = os.path.join(bt, "extra-suites.txt")
    if "extra" in runs and os.path.exists(extra_list):
        with open(extra_list) as f:
            for i, line in enumerate(l.strip() for l in f):
                if line and not line.startswith("#"):
                    add(run(args.lit, [line], {}, args.lit_args,
                            os.path.join(bt, "results-extra-%d.json" % i), "suite " + line))
    print("%d passed, %d failed, %d skipped" % (total["passed"], total["failed"], total["skipped"]))
    return 1 if total["failed"] else 0


if __name__ == "__main__":
    sys.exit(main())
