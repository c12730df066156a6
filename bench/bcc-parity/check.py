#!/usr/bin/env python3
"""One tool's parity check, for the lit tests (test/bpfd-bcc/parity-*.test):

    check.py [--build BUILD] [--suite SUITE] [--kernel current|SUITE|DIR] TOOL

--suite sid: the guest's root file system is Debian unstable's with its BCC,
and bpfd-bcc runs the same release (--bcc sid); --kernel: the guest's kernel
(parity.py's options).

Prints the verdict of compare.py for TOOL ("TOOL: SAME" or "TOOL: DIFF" and
the diff), the workload's rows BCC printed, and then proves that the
comparison can fail: it removes one of the workload's rows from bpfd-bcc's
output, and changes one header line, and each must give DIFF. Exits 1 if
anything is not as it must be.

The outputs come from parity.py runs over tools.CI_TOOLS (one guest boot for
all of them), shared by the checks of one lit run:
  - BCC's own outputs (the reference) are kept in
    CACHE/parity/native-KEY/, KEY a hash of everything they depend on (the
    suite's root file system, kernel, guest init, workload, tool arguments): made
    once, by the first check that needs them;
  - bpfd-bcc's outputs are made once per lit run (the lit process that runs
    the checks names it; outside lit, once per check) in
    CACHE/parity/run-ID/ (another suite: run-SUITE-ID/, and another kernel
    than Debian 12's: run-SUITE-KERNEL-ID/).
A lock (CACHE/parity/lock) keeps to one guest at a time.
"""
import argparse
import fcntl
import glob
import hashlib
import json
import os
import shutil
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
import compare  # noqa: E402
import parity  # noqa: E402
import tools  # noqa: E402


def file_hash(h, path):
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)


def native_key(build, base, kernel):
    """What BCC's own outputs depend on: the guest's init, the workload and
    its timing, the CI tools' arguments, the root file system and kernel
    (BASE: the archive scripts/bcc-rootfs.sh made of both)."""
    h = hashlib.sha256()
    file_hash(h, os.path.join(HERE, "guest-init.sh"))
    file_hash(h, os.path.join(ROOT, "bench", "bcc-vs-bpfd", "guest-setup.sh"))
    file_hash(h, os.path.join(build, "share", "bpfd", "guest", "x86_64", "workload"))
    h.update(json.dumps([{t: tools.TOOLS[t] for t in tools.CI_TOOLS}, tools.WORKLOAD,
                         tools.GRACE, tools.SETTLE], sort_keys=True).encode())
    st = os.stat(base)
    h.update(("%s %d %d %s" % (base, st.st_size, st.st_mtime, kernel)).encode())
    return h.hexdigest()[:16]


def lit_run_id():
    """The lit process above this one (pid and start time), else our own."""
    pid, found = os.getpid(), None
    while pid > 1:
        try:
            cmd = open("/proc/%d/cmdline" % pid, "rb").read().split(b"\0")
            stat = open("/proc/%d/stat" % pid).read()
        except OSError:
            break
        fields = stat[stat.rindex(")") + 2:].split()
        if any(os.path.basename(w.decode(errors="replace")) in ("lit.py", "lit", "llvm-lit")
               for w in cmd):
            found = "lit%d-%s" % (pid, fields[19])
        pid = int(fields[1])
    if found:
        return found
    fields = open("/proc/self/stat").read().rsplit(")", 1)[1].split()
    return "pid%d-%s" % (os.getpid(), fields[19])


def ensure_outputs(build, cache, tool, suite="bookworm", which="current"):
    """Returns (native dir, bpfd dir) holding TOOL's outputs, and the lines
    that say what ran: the BCC release of each side, the guest's kernel."""
    top = os.path.join(cache, "parity")
    os.makedirs(top, exist_ok=True)
    with open(os.path.join(top, "lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        # Runs of earlier lit invocations: a day is plenty.
        for old in glob.glob(os.path.join(top, "run-*")):
            if time.time() - os.path.getmtime(old) > 86400:
                shutil.rmtree(old, ignore_errors=True)
        # The kernel and root file system first: the key names them.
        kernel = parity.guest_kernel(cache, which)
        base, release = parity.rootfs(cache, suite, kernel)
        host = parity.host_bcc(cache, suite, release)  # dies unless the same release
        if host:
            with open(os.path.join(cache, "bcc", suite, ".release")) as f:
                host = "bpfd-bcc %s: %s" % (" ".join(host), " ".join(f.read().split()[:2]))
        else:
            host = "bpfd-bcc: this host's own BCC"
        facts = ["release: BCC %s in the guest (Debian %s); %s" % (release, suite, host),
                 "kernel: %s (%s)" % (os.path.basename(glob.glob(os.path.join(
                     kernel, "lib", "modules", "*"))[0]), kernel)]
        names = tools.CI_TOOLS if tool in tools.CI_TOOLS else [tool]
        native = os.path.join(top, "native-" + native_key(build, base, kernel))
        tag = "".join(w + "-" for w in (suite, which) if w not in ("bookworm", "current"))
        run = os.path.join(top, "run-" + tag.replace(os.sep, "_") + lit_run_id())
        need_native = [t for t in names if not os.path.exists(os.path.join(native, t + ".native.out"))]
        need_bpfd = [t for t in names if not os.path.exists(os.path.join(run, t + ".bpfd.out"))]
        if need_native or need_bpfd:
            todo = [t for t in names if t in need_native or t in need_bpfd]
            sides = ",".join(s for s, need in (("native", need_native), ("bpfd", need_bpfd)) if need)
            work = run + ".tmp"
            shutil.rmtree(work, ignore_errors=True)
            # BCC's outputs go to the cache as each is done (a run cut short
            # keeps them); bpfd-bcc's are this lit run's.
            argv = [sys.executable, os.path.join(HERE, "parity.py"), "--build", build,
                    "--out", work, "--tools", ",".join(todo), "--sides", sides,
                    "--save-native", native, "--suite", suite, "--kernel", which]
            print("check: running %s" % " ".join(argv[1:]), file=sys.stderr, flush=True)
            if subprocess.run(argv).returncode != 0:
                sys.exit("check: parity.py failed")
            os.makedirs(run, exist_ok=True)
            for f in os.listdir(work):
                if ".bpfd." in f and f.split(".")[0] in need_bpfd or f in ("run.json", "console.log"):
                    shutil.copy(os.path.join(work, f), run)
            shutil.rmtree(work, ignore_errors=True)
        return native, run, facts


def read(path):
    try:
        return open(path, errors="replace").read()
    except OSError:
        return ""


def mutations(tool, bpfd):
    """bpfd-bcc's output with one of the workload's rows removed, and with a
    header line changed: (name, text) pairs. Found by trying, so that they
    are lines the comparison reads, whatever the tool."""
    norm = compare.NORMALISERS[tool]
    full = norm(bpfd)
    lines = bpfd.splitlines(True)
    out = []
    # A row printed on lines of its own (opensnoop's /tmp/parity-file, five
    # times): every line that prints it goes.
    for row in sorted(full.rows):
        makers = {i for i, l in enumerate(lines) if row in norm(l).rows}
        if makers:
            keep = [l for i, l in enumerate(lines) if i not in makers]
            out.append(("drop row %r" % row, "".join(keep)))
            break
    else:
        # Rows made of several lines (stackcount's blocks, a histogram's
        # buckets): lines go one by one, headers excepted, until a row is lost.
        keep = list(lines)
        for l in lines:
            if norm(l).header:
                continue
            keep.remove(l)
            lost = full.rows - norm("".join(keep)).rows
            if lost:
                out.append(("drop row %r" % sorted(lost)[0], "".join(keep)))
                break
    for i, line in enumerate(lines):
        changed = line.replace(" ", "  ", 1) if " " in line.strip() else line.rstrip("\n") + "X\n"
        text = "".join(lines[:i] + [changed] + lines[i + 1:])
        if norm(text).header != full.header:
            out.append(("change header %r" % line.strip(), text))
            break
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--build", default=os.path.join(ROOT, "build"))
    ap.add_argument("--suite", default="bookworm")
    ap.add_argument("--kernel", default="current")
    ap.add_argument("tool", choices=tools.ORDER)
    args = ap.parse_args()
    build = os.path.abspath(args.build)
    cache = os.path.abspath(parity.cache_dir(build))
    native_dir, bpfd_dir, facts = ensure_outputs(build, cache, args.tool, args.suite, args.kernel)
    for line in facts:
        print(line)
    t = args.tool
    native, bpfd = read(os.path.join(native_dir, t + ".native.out")), read(os.path.join(bpfd_dir, t + ".bpfd.out"))
    nerr, berr = read(os.path.join(native_dir, t + ".native.err")), read(os.path.join(bpfd_dir, t + ".bpfd.err"))
    ok = True
    verdict, diff = compare.compare(t, native, bpfd, nerr, berr)
    print("%s: %s" % (t, verdict))
    for line in diff:
        print("  " + line)
    if verdict == "DIFF":
        ok = False
        print("bpfd-bcc's stderr:")
        for line in berr.splitlines()[-20:]:
            print("  " + line)
    n = compare.NORMALISERS[t](native)
    for h in n.header:
        print("BCC header: " + h)
    for r in sorted(n.rows):
        print("BCC row: " + r)
    # The comparison must see a row missing and a header changed.
    found = mutations(t, bpfd)
    kinds = {name.split()[0] for name, _ in found}
    for name, text in found:
        v, _ = compare.compare(t, native, text, nerr, berr)
        print("mutation: %s: %s" % (name, "DIFF" if v == "DIFF" else "SAME (the comparison cannot see it)"))
        ok &= v == "DIFF"
    for kind, what in (("drop", "a row"), ("change", "a header line")):
        if kind in kinds:
            continue
        if kind == "change" and not n.header:
            print("mutation: no header lines to change (%s prints none)" % t)
            continue
        print("mutation: found no %s to take from bpfd-bcc's output" % what)
        ok = False
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
