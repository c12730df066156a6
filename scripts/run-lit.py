#!/usr/bin/env python3
"""Run every lit suite of the project and print one closing line.

Run 1: the whole of test/ against our tools.
Run 2: test/MC/BPF and test/CodeGen/BPF against Debian's stock LLVM 19 tools
       (--param tools=stock). Tests of a patch carry `XFAIL: stock-tools`, so
       there they must fail; a stock tool that passes one is an XPASS: a failure.
Further suites (e.g. upstream LLVM's own BPF tests) are listed in
<build>/test/extra-suites.txt, one lit path a line, and run against our tools.
Then the newer kernels: each Debian suite's subset of the guest tests
(test/kernel-subsets.list) runs again with BPFD_KERNEL_SUITE=SUITE and
--param kernel_suite=SUITE, its guests booting kernels/ARCH/SUITE, and ends
with a line per suite; scripts/test-kernels.sh runs whole suites this way.

The closing line is `N passed, N failed, N skipped` over all runs.

No test of the project's own suites is skipped silently: every skipped test is
listed with the features it lacks and why (test/lit.cfg.py records them), and
with --strict, the default under CI=true, each one is a failure. Upstream
LLVM's suite keeps its own gating (e.g. `REQUIRES: asserts`): its skips are
counted, not failed. The fetched kernel's ABI is reported against the one the
measured floors were taken on (test/kernel-abi.lock).
"""
import argparse
import json
import os
import re
import subprocess
import sys

PASS_CODES = {"PASS", "XFAIL", "FLAKYPASS"}
SKIP_CODES = {"UNSUPPORTED", "SKIPPED", "EXCLUDED"}


def requirements(source_test_dir, name):
    """The features a test of our suites REQUIRES, from its source file."""
    rel = name.split(" :: ", 1)[-1]
    needs = []
    try:
        with open(os.path.join(source_test_dir, rel), errors="replace") as f:
            for line in f:
                m = re.search(r"\bREQUIRES:(.*)", line)
                if m:
                    needs += [w.strip() for w in m.group(1).split(",") if w.strip()]
    except OSError:
        pass
    return needs


def report_skips(skipped, facts, source_test_dir, strict):
    missing = facts.get("missing_features", {})
    for name in skipped:
        lacks = [f for f in requirements(source_test_dir, name) if f in missing]
        why = "; ".join("%s: %s" % (f, missing[f]) for f in lacks) or "see lit -v"
        print("%s: %s (%s)" % ("FAILED, not run" if strict else "SKIPPED", name, why),
              flush=True)


def report_kernels(facts):
    fetched = facts.get("kernel_abis", {})
    measured = facts.get("measured_abis", {})
    for arch in sorted(set(fetched) | set(measured)):
        now, then = fetched.get(arch), measured.get(arch)
        if now and then and now != then:
            print("==> kernel %s: Debian's is now %s; the floors were measured on %s "
                  "(test/kernel-abi.lock): re-measure and update the lock" % (arch, now, then))
        elif now:
            print("==> kernel %s: %s (the ABI the floors were measured on)" % (arch, now))


def run(lit, paths, params, extra, out_json, title, strict=False, facts_mode=None,
        source_test_dir=None, env=None):
    cmd = [sys.executable, lit, *extra, "-o", out_json]
    for key, value in params.items():
        cmd += ["--param", "%s=%s" % (key, value)]
    cmd += paths
    print("==> %s: %s" % (title, " ".join(cmd)), flush=True)
    stale = [out_json]
    if facts_mode:
        stale.append(os.path.join(os.path.dirname(out_json), "lit-facts-%s.json" % facts_mode))
    for path in stale:
        if os.path.exists(path):
            os.remove(path)
    proc = subprocess.run(cmd, env=env)
    counts = {"passed": 0, "failed": 0, "skipped": 0, "failed_tests": []}
    if not os.path.exists(out_json):
        print("==> %s: lit wrote no results (exit %d)" % (title, proc.returncode))
        counts["failed"] += 1
        return counts
    with open(out_json) as f:
        results = json.load(f).get("tests", [])
    skipped = []
    for test in results:
        code = test.get("code")
        if code in PASS_CODES:
            counts["passed"] += 1
        elif code in SKIP_CODES:
            skipped.append(test.get("name", "?"))
        else:
            counts["failed"] += 1
            counts["failed_tests"].append(test.get("name", "?"))
    if facts_mode:  # one of our suites: its lit.cfg.py wrote what it found
        report_skips(skipped, load_facts(os.path.dirname(out_json), facts_mode),
                     source_test_dir, strict)
    counts["failed" if strict and facts_mode else "skipped"] += len(skipped)
    if proc.returncode != 0 and counts["failed"] == 0:
        counts["failed"] += 1  # lit itself failed (e.g. a config error)
    print("==> %s: %d passed, %d failed, %d skipped" %
          (title, counts["passed"], counts["failed"], counts["skipped"]), flush=True)
    return counts


def kernel_subsets(path):
    """[(suite, [test paths relative to test/])] from a subset file, in its
    order: each line is SUITE[,SUITE...] PATH...; '#' starts a comment."""
    subsets = {}
    with open(path) as f:
        for line in f:
            fields = line.split("#", 1)[0].split()
            if len(fields) < 2:
                continue
            for suite in fields[0].split(","):
                subsets.setdefault(suite, []).extend(fields[1:])
    return list(subsets.items())


def run_kernel_suites(args, bt, suites):
    """Each (suite, test paths) again against the suite's kernels: lit with
    BPFD_KERNEL_SUITE=SUITE and --param kernel_suite=SUITE, its outputs and
    facts in test-kernel-SUITE beside bt (test/lit.cfg.py's folder for it).
    Ends with a line per suite naming its kernels and each failed test."""
    total = {"passed": 0, "failed": 0, "skipped": 0}
    summary = []
    for suite, paths in suites:
        exec_dir = os.path.join(os.path.dirname(os.path.abspath(bt)), "test-kernel-" + suite)
        os.makedirs(exec_dir, exist_ok=True)
        counts = run(args.lit, [os.path.join(bt, p) for p in paths], {"kernel_suite": suite},
                     args.lit_args, os.path.join(exec_dir, "results.json"),
                     "kernel suite " + suite, args.strict, "ours", args.source_test_dir,
                     env=dict(os.environ, BPFD_KERNEL_SUITE=suite))
        for k in total:
            total[k] += counts[k]
        abis = load_facts(exec_dir, "ours").get("kernel_abis", {})
        kernels = ", ".join("%s %s" % (key.split()[0], abi) for key, abi in sorted(abis.items())
                            if key.endswith(" " + suite))
        summary.append("==> %s (%s): %d passed, %d failed, %d skipped" %
                       (suite, kernels or "no kernel fetched", counts["passed"], counts["failed"],
                        counts["skipped"]))
        summary += ["    FAILED %s" % name.split(" :: ", 1)[-1] for name in counts["failed_tests"]]
    print("\n".join(summary), flush=True)
    return total


def load_facts(build_test_dir, mode):
    """What test/lit.cfg.py found (missing features, kernel ABIs), or {}."""
    try:
        with open(os.path.join(build_test_dir, "lit-facts-%s.json" % mode)) as f:
            return json.load(f)
    except (OSError, ValueError):
        return {}


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--lit", required=True)
    ap.add_argument("--build-test-dir", required=True)
    ap.add_argument("--source-test-dir", required=True)
    ap.add_argument("--only", choices=["ours", "stock", "extra", "kernels"], action="append",
                    help="run only these runs (default: all)")
    ap.add_argument("--strict", action=argparse.BooleanOptionalAction,
                    default=os.environ.get("CI", "").lower() == "true",
                    help="a skipped test of our suites fails the run (default under CI=true)")
    ap.add_argument("--kernel-subsets", metavar="FILE",
                    help="the kernels run's suites and tests (default: "
                         "SOURCE_TEST_DIR/kernel-subsets.list)")
    ap.add_argument("--kernel-suites", metavar="'SUITE...'",
                    help="the kernels run: only these suites")
    ap.add_argument("--kernel-tests", metavar="'PATH...'",
                    help="the kernels run: these paths under the build's test folder "
                         "for each suite instead of its subset (e.g. 'bpfd faults')")
    ap.add_argument("lit_args", nargs="*")
    args = ap.parse_args()
    if args.strict:
        print("==> strict: a test that cannot run fails the run", flush=True)
    runs = args.only or ["ours", "stock", "extra", "kernels"]
    bt = args.build_test_dir
    total = {"passed": 0, "failed": 0, "skipped": 0}

    def add(c):
        for k in total:
            total[k] += c[k]

    if "ours" in runs:
        add(run(args.lit, [bt], {}, args.lit_args, os.path.join(bt, "results-ours.json"),
                "our tools", args.strict, "ours", args.source_test_dir))
        report_kernels(load_facts(bt, "ours"))
    if "stock" in runs:
        stock_paths = [os.path.join(bt, d) for d in ("MC/BPF", "CodeGen/BPF")
                       if os.path.isdir(os.path.join(args.source_test_dir, d))]
        if stock_paths:
            add(run(args.lit, stock_paths, {"tools": "stock"}, args.lit_args,
                    os.path.join(bt, "results-stock.json"),
                    "stock LLVM 19 (patch tests must fail)", args.strict,
                    "stock", args.source_test_dir))
    extra_list = os.path.join(bt, "extra-suites.txt")
    if "extra" in runs and os.path.exists(extra_list):
        with open(extra_list) as f:
            for i, line in enumerate(l.strip() for l in f):
                if line and not line.startswith("#"):
                    add(run(args.lit, [line], {}, args.lit_args,
                            os.path.join(bt, "results-extra-%d.json" % i), "suite " + line))
    subsets = args.kernel_subsets or os.path.join(args.source_test_dir, "kernel-subsets.list")
    if "kernels" in runs and (os.path.exists(subsets) or args.kernel_tests):
        suites = kernel_subsets(subsets) if os.path.exists(subsets) else []
        if args.kernel_suites:
            chosen = args.kernel_suites.split()
            suites = [(s, dict(suites).get(s, [])) for s in chosen]
        if args.kernel_tests:
            suites = [(s, args.kernel_tests.split()) for s, _ in suites]
        add(run_kernel_suites(args, bt, suites))
    print("%d passed, %d failed, %d skipped" % (total["passed"], total["failed"], total["skipped"]))
    return 1 if total["failed"] else 0


if __name__ == "__main__":
    sys.exit(main())
