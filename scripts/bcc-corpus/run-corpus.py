#!/usr/bin/env python3
"""Compile every corpus program with bpf-xcc and load it through bpfd in the
matching QEMU guest; print a table (program, arch, compiled, verified, reason)
and the counts, with USDT-needing tools counted separately.

  run-corpus.py --build build --arch arm64 [--arch x86_64] [--min-verified N]
  run-corpus.py ... --corpus DIR --bcc-version 0.37.0 --compile-only   (a release's
      corpus, extracted with extract-corpus.py --tools-dir; no guest)

Per arch: bpf-xcc --arch A --kernel HEADERS --profile FACTS/profile [-D/-I from
the tool's cflags] [--attach fn=SECTION for each recorded attach call]
[--usdt STANDIN::PROBE=FN for each probe a USDT tool enables, STANDIN being
the stand-in binary of the tool's language runtime, BUILD/corpus/usdt-standin/
A/sdt-RUNTIME] TOOL.c -o TOOL.o (in parallel), then one `bpfd-remote qemu:A` session uploads
each object (OBJECT_BEGIN/OBJECT_CHUNK) and loads it with `LOAD_OBJECT - attach=0`
(the verifier runs; nothing is attached), closing its handles afterwards.
Exit status 1 if fewer than --min-verified non-USDT programs (or
--min-usdt-verified USDT programs) of an arch were compiled and verified.
"""
import argparse
import concurrent.futures
import glob
import json
import os
import re
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "python"))
import bcc_attach  # noqa: E402  (the one translation of BCC's attach records)
import bpfd_client  # noqa: E402

FLAVOUR = {"arm64": "arm64", "x86_64": "amd64", "arm": "armmp", "s390x": "s390x",
           "ppc64le": "powerpc64le", "riscv64": "riscv64"}
# A USDT tool's language (its -l LANG, dbstat's database) -> the runtime whose
# provider and probes the stand-in target carries (cmake/BccCorpus.cmake).
USDT_RUNTIMES = {"java": "hotspot", "mysql": "mysql", "node": "node", "perl": "perl",
                 "php": "php", "python": "python", "ruby": "ruby", "tcl": "tcl"}


def progress(msg):
    print("run-corpus: " + msg, file=sys.stderr, flush=True)


def usdt_runtime(tool, meta):
    """The runtime a USDT tool traces: its -l LANG, else a language among its
    arguments (dbstat mysql), else its name's (mysqld_qslower); None for one
    without (cobjnew -l c probes malloc)."""
    args = meta.get("args") or []
    if "-l" in args[:-1]:
        return USDT_RUNTIMES.get(args[args.index("-l") + 1])
    for a in args:
        if a in USDT_RUNTIMES:
            return USDT_RUNTIMES[a]
    for lang, runtime in USDT_RUNTIMES.items():
        if tool.startswith(lang):
            return runtime
    return None


def usdt_options(tool, meta, binaries):
    """(--usdt BINARY::PROBE=FN for each probe the tool enables, or None and
    why not). BCC's tools enable probes by name alone, as these do."""
    probes = [(p["probe"], p["fn_name"]) for c in meta.get("usdt_contexts", [])
              for p in c.get("probes", [])]
    if not probes:
        return [], ""
    runtime = usdt_runtime(tool, meta)
    if runtime is None:
        return None, "USDT: no stand-in runtime known for %s %s" % (
            tool, " ".join(meta.get("args") or []))
    binary = binaries.get(runtime)
    if not binary or not os.path.isfile(binary):
        return None, "USDT: no stand-in target %s (build bcc-corpus-usdt-standin)" % (
            binary or runtime)
    return ["--usdt=%s::%s=%s" % (binary, probe, fn) for probe, fn in probes], ""


def compile_one(bpf_xcc, arch, headers, profile, corpus_dir, work, tool, meta, timeout,
                usdt_binaries, bcc_version=None, core=False):
    src = os.path.join(corpus_dir, tool + ".c")
    obj = os.path.join(work, tool + ".o")
    cmd = [bpf_xcc, "--arch", arch, "--kernel", headers] + (["--core"] if core else [])
    if bcc_version:
        cmd += ["--bcc-version", bcc_version]
    if profile:
        cmd += ["--profile", profile]
    for flag in meta.get("cflags", []):
        if flag.startswith("-D") or flag.startswith("-I"):
            cmd.append(flag)
    cmd += bcc_attach.attach_options(meta.get("attach", []))
    usdt, why = usdt_options(tool, meta, usdt_binaries)
    if usdt is None:
        return {"compiled": False, "reason": why, "object": None, "compile_seconds": 0.0}
    cmd += usdt
    cmd += [src, "-o", obj]
    start = time.time()
    try:
        proc = subprocess.run(cmd, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                              stderr=subprocess.STDOUT, timeout=timeout)
        out = proc.stdout.decode("utf-8", "replace")
        ok = proc.returncode == 0 and os.path.exists(obj)
    except subprocess.TimeoutExpired:
        out, ok = "bpf-xcc: timed out after %d s" % timeout, False
    except OSError as e:
        out, ok = "bpf-xcc: cannot run %s: %s" % (bpf_xcc, e.strerror), False
    reason = ""
    if not ok:
        errors = [l for l in out.splitlines() if "error" in l]
        reason = (errors or out.strip().splitlines() or ["bpf-xcc failed, no output"])[0]
    with open(os.path.join(work, tool + ".compile.log"), "w") as f:
        f.write(" ".join(cmd) + "\n" + out)
    return {"compiled": ok, "reason": reason.strip(), "object": obj if ok else None,
            "compile_seconds": round(time.time() - start, 2)}


def bpfd_session(bpfd_remote, spec, timeout):
    """One bpfd session through bpfd-remote (python/bpfd_client)."""
    # 2 GiB: deadlock's stack map (2^20 entries, as BCC rounds it) takes
    # about 1 GiB; a device running these tools has that memory.
    env = dict(os.environ)
    env.setdefault("BPFD_QEMU_MEM_MIB", "2048")
    return bpfd_client.Coprocess([bpfd_remote, "--timeout", str(timeout), spec], timeout,
                                 capture_stderr=True, env=env)


def load_one(bpfd, obj):
    with open(obj, "rb") as f:
        data = f.read()
    r = bpfd.upload_object(data)
    if not r.ok:
        return False, r.line
    r = bpfd.command("LOAD_OBJECT - attach=0")
    handles = [m.group(1) for p in r.payload for m in [re.search(r"handle=(\d+)", p)] if m]
    for h in reversed(handles):
        bpfd.command("BPF_CLOSE " + h)
    if r.ok:
        return True, ""
    # The verifier states its objection at the end of its log, before the
    # instruction counts.
    log = [p.strip() for p in r.payload if p.strip() and not p.startswith("warning")
           and not p.startswith(("processed ", "verification time", "stack depth"))]
    reason = bpfd_client.escape(r.msg) if "msg" in r.status.fields else r.line
    if log:
        reason += ": " + log[-1]
    return False, reason


def run_arch(args, arch):
    corpus_dir = os.path.join(args.corpus, arch)
    facts_dir = os.path.join(args.facts or os.path.join(args.build, "corpus", "facts"), arch)
    with open(os.path.join(corpus_dir, "index.json")) as f:
        index = json.load(f)
    # The kernel the guests boot (BPFD_KERNEL_SUITE, as the qemu remote reads
    # it): its headers compile the programs.
    # --core-reference SUITE: that suite's headers instead, with bpf-xcc --core.
    suite = args.core_reference or os.environ.get("BPFD_KERNEL_SUITE") or "current"
    root = os.path.join(args.cache, "kernels", arch, "current" if suite == "bookworm" else suite)
    headers = sorted(glob.glob(os.path.join(root, "usr", "src",
                                            "linux-headers-*-" + FLAVOUR[arch])))
    if not headers:
        raise RuntimeError("%s: no linux-headers-*-%s (build fetch-kernels)" % (root, FLAVOUR[arch]))
    # --tree-only: no profile at all; tracepoint records, version code and
    # release come from the kernel tree (bpf-xcc's TracepointStructs).
    profile = None if args.tree_only else os.path.join(facts_dir, "profile")
    work = os.path.join(args.work, arch)
    os.makedirs(work, exist_ok=True)
    standin = os.path.join(args.build, "corpus", "usdt-standin", arch)
    usdt_binaries = {r: os.path.join(standin, "sdt-" + r) for r in USDT_RUNTIMES.values()}
    for spec in args.usdt_binary or []:
        a, _, rest = spec.partition(":")
        runtime, _, path = rest.partition("=")
        if a == arch and runtime and path:
            usdt_binaries[runtime] = path

    rows = {}
    todo = []
    for tool, info in sorted(index["tools"].items()):
        if info["status"] == "no-bpf" or (args.only and tool not in args.only):
            continue
        if args.usdt_only and not info["usdt"]:
            continue
        row = {"program": tool, "arch": arch, "usdt": info["usdt"], "compiled": False,
               "verified": False, "reason": ""}
        rows[tool] = row
        if info["status"] not in ("extracted", "ended"):
            row["reason"] = "not extracted: " + index["failed"].get(tool, info["status"])
            continue
        with open(os.path.join(corpus_dir, tool + ".json")) as f:
            todo.append((tool, json.load(f)))

    start = time.time()
    progress("%s: compiling %d programs with %s" % (arch, len(todo), args.bpf_xcc))
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        futs = {pool.submit(compile_one, args.bpf_xcc, arch, headers[0], profile, corpus_dir,
                            work, tool, meta, args.compile_timeout, usdt_binaries,
                            args.bcc_version, bool(args.core_reference)): tool
                for tool, meta in todo}
        for n, fut in enumerate(concurrent.futures.as_completed(futs), 1):
            rows[futs[fut]].update(fut.result())
            if n % 20 == 0 or n == len(futs):
                progress("%s: compiled %d/%d" % (arch, n, len(futs)))
    compile_time = time.time() - start

    objects = [r for r in rows.values() if r["compiled"]]
    start = time.time()
    if objects and not args.compile_only:
        progress("%s: loading %d objects through bpfd-remote qemu:%s" % (arch, len(objects), arch))
        bpfd = bpfd_session(args.bpfd_remote, "qemu:" + arch, args.timeout)
        try:
            for n, row in enumerate(sorted(objects, key=lambda r: r["program"]), 1):
                try:
                    row["verified"], why = load_one(bpfd, row["object"])
                except RuntimeError as e:
                    row["reason"] = "bpfd: %s" % e
                    progress("%s: session broke at %s: %s" % (arch, row["program"], e))
                    break
                if not row["verified"]:
                    row["reason"] = why
                if n % 20 == 0 or n == len(objects):
                    progress("%s: loaded %d/%d" % (arch, n, len(objects)))
        finally:
            bpfd.close()
    load_time = time.time() - start
    return list(rows.values()), compile_time, load_time


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--build", required=True, help="the build folder (holds corpus/ and bin/)")
    ap.add_argument("--arch", action="append", choices=sorted(FLAVOUR), required=True)
    ap.add_argument("--cache", default=os.environ.get("BPFD_CACHE_DIR"),
                    help="BPFD_CACHE_DIR (kernels)")
    ap.add_argument("--bpf-xcc", help="default BUILD/bin/bpf-xcc")
    ap.add_argument("--bpfd-remote", help="default BUILD/bin/bpfd-remote")
    ap.add_argument("--corpus", help="the extracted programs, ARCH/index.json and ARCH/TOOL.c "
                    "(default BUILD/corpus)")
    ap.add_argument("--work", help="objects and logs (default BUILD/corpus/run)")
    ap.add_argument("--only", action="append", help="only these programs")
    ap.add_argument("--tree-only", action="store_true",
                    help="compile with the kernel tree alone (no --profile)")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--timeout", type=int, default=120, help="seconds per bpfd reply")
    ap.add_argument("--compile-timeout", type=int, default=120)
    ap.add_argument("--min-verified", type=int, default=0,
                    help="fail if fewer non-USDT programs of an arch compile and verify")
    ap.add_argument("--min-usdt-verified", type=int, default=0,
                    help="fail if fewer USDT programs of an arch compile and verify")
    ap.add_argument("--usdt-only", action="store_true", help="only the USDT programs")
    ap.add_argument("--usdt-binary", action="append", metavar="ARCH:RUNTIME=PATH",
                    help="compile RUNTIME's USDT tools against PATH instead of the stand-in "
                         "(e.g. x86_64:python=/usr/bin/python3.11)")
    ap.add_argument("--json", help="write the rows here")
    ap.add_argument("--bcc-version", help="bpf-xcc --bcc-version: the BCC release the corpus "
                    "was extracted from (default bpf-xcc's, 0.26.0)")
    ap.add_argument("--facts", help="the facts folders, ARCH/profile (default BUILD/corpus/facts)")
    ap.add_argument("--core-reference", metavar="SUITE",
                    help="compile with bpf-xcc --core against SUITE's headers (bookworm, trixie, "
                    "sid: a reference tree), loaded in $BPFD_KERNEL_SUITE's guest (docs/core.md)")
    ap.add_argument("--compile-only", action="store_true",
                    help="compile only: no guest, nothing verified")
    args = ap.parse_args()
    args.cache = args.cache or os.path.join(args.build, "cache")
    args.bpf_xcc = args.bpf_xcc or os.path.join(args.build, "bin", "bpf-xcc")
    args.bpfd_remote = args.bpfd_remote or os.path.join(args.build, "bin", "bpfd-remote")
    args.work = args.work or os.path.join(args.build, "corpus", "run")
    args.corpus = args.corpus or os.path.join(args.build, "corpus")

    status = 0
    all_rows = []
    for arch in args.arch:
        try:
            rows, ct, lt = run_arch(args, arch)
        except (OSError, RuntimeError, ValueError) as e:
            print("run-corpus: %s: %s" % (arch, e), file=sys.stderr)
            return 1
        all_rows += rows
        print("%-16s %-7s %-8s %-8s %s" % ("program", "arch", "compiled", "verified", "reason"))
        for r in sorted(rows, key=lambda r: r["program"]):
            print("%-16s %-7s %-8s %-8s %s" % (
                r["program"] + (" [usdt]" if r["usdt"] else ""), arch,
                "yes" if r["compiled"] else "no", "yes" if r["verified"] else "no",
                r["reason"][:160]))
        plain = [r for r in rows if not r["usdt"]]
        usdt = [r for r in rows if r["usdt"]]
        ok = sum(1 for r in plain if r["compiled"] and r["verified"])
        usdt_ok = sum(1 for r in usdt if r["compiled"] and r["verified"])
        pct = 100.0 * ok / len(plain) if plain else 0.0
        print("summary %s: non-USDT programs=%d compiled=%d verified=%d (%.1f%%); "
              "USDT programs=%d compiled=%d verified=%d; compile %.0f s, load %.0f s" % (
                  arch, len(plain), sum(r["compiled"] for r in plain), ok, pct, len(usdt),
                  sum(r["compiled"] for r in usdt), usdt_ok, ct, lt), flush=True)
        if ok < args.min_verified:
            print("run-corpus: %s: %d non-USDT programs compiled and verified, below the floor "
                  "of %d" % (arch, ok, args.min_verified), file=sys.stderr)
            status = 1
        if usdt_ok < args.min_usdt_verified:
            print("run-corpus: %s: %d USDT programs compiled and verified, below the floor "
                  "of %d" % (arch, usdt_ok, args.min_usdt_verified), file=sys.stderr)
            status = 1
    if args.json:
        with open(args.json, "w") as f:
            json.dump(all_rows, f, indent=1, sort_keys=True)
    return status


if __name__ == "__main__":
    sys.exit(main())
