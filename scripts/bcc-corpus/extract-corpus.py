#!/usr/bin/env python3
"""Extract the BPF C programs of Debian's bpfcc-tools, per target architecture.

  extract-corpus.py --facts arm64=DIR --facts x86_64=DIR --out OUT [--tools-dir /usr/sbin]

For every /usr/sbin/*-bpfcc: a Python tool runs through extract-tool.py (a
subprocess each, under a timeout) with the arguments of tool-args.txt; a shell
wrapper `$lib/ucalls -l java "$@"` runs the script it names with its fixed
arguments; a program that never builds a BPF() (reset-trace, bpflist, tplist)
is listed as not a BPF program. Writes OUT/ARCH/TOOL.{c,json} and
OUT/ARCH/index.json, and prints the counts.
"""
import argparse
import concurrent.futures
import glob
import json
import os
import re
import shlex
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
SUFFIX = "-bpfcc"


def read_args_table(path):
    """tool-args.txt: `TOOL ARG...` a line (shell words), # comments."""
    table = {}
    with open(path) as f:
        for lineno, line in enumerate(f, 1):
            line = line.split("#", 1)[0].strip() if not line.lstrip().startswith("#") else ""
            if not line:
                continue
            words = shlex.split(line)
            if words[0] in table:
                raise ValueError("%s:%d: %s listed twice" % (path, lineno, words[0]))
            table[words[0]] = words[1:]
    return table


def classify(path):
    """(kind, script, fixed_args): kind is 'python', 'wrapper' or 'no-bpf'."""
    with open(path, "rb") as f:
        text = f.read().decode("utf-8", "replace")
    first = text.split("\n", 1)[0]
    if "python" in first:
        return ("python" if "BPF(" in text else "no-bpf"), path, []
    # Debian's language wrappers: `$lib/ucalls -l java "$@"`.
    m = re.search(r'^\$lib/(\w+)((?: [^\s"]+)*) "\$@"\s*$', text, re.M)
    if m:
        script = os.path.join(os.path.dirname(path), m.group(1))
        with open(script, "rb") as f:
            if b"BPF(" not in f.read():
                return "no-bpf", script, []
        return "wrapper", script, m.group(2).split()
    return "no-bpf", path, []


def run_one(tool, script, args, facts_dir, out_dir, timeout):
    cmd = [sys.executable, os.path.join(HERE, "extract-tool.py"), "--facts", facts_dir,
           "--out", out_dir, "--name", tool, script, "--"] + args
    start = time.time()
    try:
        proc = subprocess.run(cmd, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                              stderr=subprocess.STDOUT, timeout=timeout)
        output, rc = proc.stdout.decode("utf-8", "replace"), proc.returncode
    except subprocess.TimeoutExpired as e:
        output, rc = (e.stdout or b"").decode("utf-8", "replace"), "timeout"
    elapsed = time.time() - start
    meta_path = os.path.join(out_dir, tool + ".json")
    if os.path.exists(meta_path):
        with open(meta_path) as f:
            meta = json.load(f)
    else:
        meta = {"tool": tool, "script": script, "args": args,
                "status": "timeout" if rc == "timeout" else "crashed"}
    meta["seconds"] = round(elapsed, 2)
    meta["output_tail"] = output.strip().split("\n")[-6:] if output.strip() else []
    with open(meta_path, "w") as f:
        json.dump(meta, f, indent=1, sort_keys=True)
        f.write("\n")
    return meta


def failure_reason(meta):
    """The tool's own last words when it exited, else the recorded error."""
    why = meta.get("error") or meta["status"]
    tail = [l.strip() for l in meta.get("output_tail", []) if l.strip()]
    if tail and meta.get("status") in ("exited", "no-program"):
        why = "%s: %s" % (why, tail[0] if tail[0].startswith("ERROR") else tail[-1])
    return why


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--facts", action="append", required=True, metavar="ARCH=DIR",
                    help="target facts folder per architecture (capture-facts.py)")
    ap.add_argument("--out", required=True, help="corpus folder to write")
    ap.add_argument("--tools-dir", default="/usr/sbin", help="where the *-bpfcc tools are")
    ap.add_argument("--args-table", default=os.path.join(HERE, "tool-args.txt"))
    ap.add_argument("--only", action="append", help="extract only these tools")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--timeout", type=int, default=30, help="seconds per tool")
    ap.add_argument("--kfunc", choices=("bcc", "yes", "no"), default="bcc",
                    help="BPF.support_kfunc()'s answer: as BCC 0.26 answers on the target "
                    "(default: x86_64 with kernel BTF and BPF trampolines), or forced, to "
                    "extract the tools' other variant")
    args = ap.parse_args()
    if args.kfunc != "bcc":
        os.environ["BPFD_CORPUS_KFUNC"] = args.kfunc

    try:
        table = read_args_table(args.args_table)
    except (OSError, ValueError) as e:
        print("extract-corpus: %s" % e, file=sys.stderr)
        return 1
    targets = []
    for spec in args.facts:
        arch, _, folder = spec.partition("=")
        if not folder or not os.path.exists(os.path.join(folder, "facts.json")):
            print("extract-corpus: --facts %s: no facts.json there" % spec, file=sys.stderr)
            return 1
        targets.append((arch, folder))

    paths = sorted(glob.glob(os.path.join(args.tools_dir, "*" + SUFFIX)))
    if not paths:
        print("extract-corpus: no *%s tools in %s (install bpfcc-tools)" % (SUFFIX, args.tools_dir),
              file=sys.stderr)
        return 1
    tools = []
    for path in paths:
        name = os.path.basename(path)[:-len(SUFFIX)]
        if args.only and name not in args.only:
            continue
        kind, script, fixed = classify(path)
        tools.append((name, kind, script, fixed + table.get(name, [])))
    unknown = set(table) - {os.path.basename(p)[:-len(SUFFIX)] for p in paths}
    if unknown:
        print("extract-corpus: warning: tool-args.txt names tools not shipped: %s"
              % " ".join(sorted(unknown)), file=sys.stderr)

    status = 0
    for arch, facts_dir in targets:
        out_dir = os.path.join(args.out, arch)
        os.makedirs(out_dir, exist_ok=True)
        for stale in glob.glob(os.path.join(out_dir, "*.c")) + \
                glob.glob(os.path.join(out_dir, "*.json")):
            os.remove(stale)
        start = time.time()
        results = {}
        with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
            futures = {}
            for name, kind, script, targs in tools:
                if kind == "no-bpf":
                    results[name] = {"tool": name, "script": script, "status": "no-bpf"}
                    continue
                futures[pool.submit(run_one, name, script, targs, facts_dir, out_dir,
                                    args.timeout)] = name
            for done, fut in enumerate(concurrent.futures.as_completed(futures), 1):
                meta = fut.result()
                results[futures[fut]] = meta
                print("extract-corpus: [%s %d/%d] %-16s %s%s" % (
                    arch, done, len(futures), meta["tool"], meta["status"],
                    (" (%s)" % meta["error"]) if meta.get("error") else ""), flush=True)
        shipped = len(paths) if not args.only else len(tools)
        bpf_tools = [r for r in results.values() if r["status"] != "no-bpf"]
        extracted = [r for r in bpf_tools if r["status"] in ("extracted", "ended")]
        usdt = [r for r in extracted if r.get("usdt")]
        index = {
            "arch": arch,
            "shipped": shipped,
            "bpf_programs": len(bpf_tools),
            "extracted": len(extracted),
            "extracted_usdt": len(usdt),
            "no_bpf": sorted(n for n, r in results.items() if r["status"] == "no-bpf"),
            "failed": {n: failure_reason(r) for n, r in sorted(results.items())
                       if r["status"] not in ("no-bpf", "extracted", "ended")},
            "tools": {n: {"status": r["status"], "usdt": bool(r.get("usdt")),
                          "uprobe": bool(r.get("needs_uprobe_target"))}
                      for n, r in sorted(results.items())},
        }
        with open(os.path.join(out_dir, "index.json"), "w") as f:
            json.dump(index, f, indent=1, sort_keys=True)
            f.write("\n")
        print("extract-corpus: %s: %d programs shipped, %d build BPF programs, %d extracted "
              "(%d of them need USDT), %d failed, in %.1f s" % (
                  arch, shipped, len(bpf_tools), len(extracted), len(usdt),
                  len(index["failed"]), time.time() - start), flush=True)
        for name, why in index["failed"].items():
            print("extract-corpus: %s: not extracted: %s: %s" % (arch, name, why))
    return status


if __name__ == "__main__":
    sys.exit(main())
