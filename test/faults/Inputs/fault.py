#!/usr/bin/env python3
"""Runs one host command of the fault suite and reports what the host and
the guest saw, for FileCheck.

    fault.py --dir DIR [--input FILE] [--env NAME=VALUE]... [--mid-line TEXT] -- CMD...

DIR (emptied first) keeps the host's stderr. CMD runs with TMPDIR a fresh
folder under /tmp and the input on its stdin, which
stays open until CMD ends (the host is mid-session when the fault strikes), so every QEMU run folder of the
run (bpfd-qemu-*) is found there, including those of a host that was
SIGKILLed or of a nested bpfd-remote. --mid-line TEXT: {mid} in an --env value
becomes the byte offset of the middle of the first input line starting with
TEXT (a fault that cuts the link there leaves that line half sent).

After CMD ends, each guest is given up to 30 s to power off by itself; a QEMU
still running then is killed (by its pid) and reported. Printed:

    host exit: N | host exit: signal N
    host stderr lines: N
    host stderr: LINE                 (each line)
    host stderr error lines: N        (lines saying "error")
    host stderr last: LINE
    guest EXIT status=N               (each guest, from its console log)
    guest LEFT progs=...
    guest CLEAN ms=N since=WHAT
    guest clean within 2 s: yes|no    (CLEAN's ms in 0..2000)
    qemu killed after 30 s: N
"""
import argparse
import glob
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time


def qemu_pids(run_dir):
    """Pids of processes whose command line names run_dir (its QEMU)."""
    pids = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open("/proc/%s/cmdline" % entry, "rb") as f:
                cmd = f.read().decode(errors="replace")
        except OSError:
            continue
        if "qemu-system" in cmd and run_dir + "/" in cmd:
            pids.append(int(entry))
    return pids


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--dir", required=True)
    ap.add_argument("--input")
    ap.add_argument("--env", action="append", default=[])
    ap.add_argument("--mid-line")
    ap.add_argument("cmd", nargs=argparse.REMAINDER)
    a = ap.parse_args()
    cmd = a.cmd[1:] if a.cmd and a.cmd[0] == "--" else a.cmd
    shutil.rmtree(a.dir, ignore_errors=True)
    os.makedirs(a.dir)
    data = b""
    if a.input:
        with open(a.input, "rb") as f:
            data = f.read()
    mid = None
    if a.mid_line:
        at = 0
        for line in data.split(b"\n"):
            if line.startswith(a.mid_line.encode()):
                mid = at + len(line) // 2
                break
            at += len(line) + 1
        if mid is None:
            sys.exit("fault.py: no input line starts with %r" % a.mid_line)
    # QEMU's unix sockets need a short run folder path: TMPDIR is a fresh
    # folder under /tmp (removed at the end), not DIR.
    tmp = tempfile.mkdtemp(prefix="bpfd-fault-", dir="/tmp")
    env = dict(os.environ, TMPDIR=tmp)
    for kv in a.env:
        k, _, v = kv.partition("=")
        env[k] = v.replace("{mid}", str(mid)) if mid is not None else v
    # The input is written but stdin stays open until CMD ends: the host is
    # mid-session, with more to say, when the fault strikes.
    err_path = os.path.join(a.dir, "host.err")
    with open(err_path, "wb") as err_file:
        p = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=err_file,
                             env=env)
        try:
            p.stdin.write(data)
            p.stdin.flush()
        except BrokenPipeError:
            pass
        try:
            p.wait(timeout=300)
        except subprocess.TimeoutExpired:
            p.kill()
            p.wait()
        try:
            p.stdin.close()
        except BrokenPipeError:
            pass
    with open(err_path, "rb") as f:
        p.stderr = f.read()
    if p.returncode < 0:
        print("host exit: signal %d" % -p.returncode)
    else:
        print("host exit: %d" % p.returncode)
    err = p.stderr.decode(errors="replace").splitlines()
    print("host stderr lines: %d" % len(err))
    for line in err:
        print("host stderr: " + line)
    print("host stderr error lines: %d" % sum(1 for line in err if "error" in line.lower()))
    print("host stderr last: " + (err[-1] if err else ""))

    killed = 0
    for run_dir in sorted(glob.glob(os.path.join(tmp, "bpfd-qemu-*"))):
        deadline = time.monotonic() + 30
        while qemu_pids(run_dir) and time.monotonic() < deadline:
            time.sleep(0.1)
        for pid in qemu_pids(run_dir):
            os.kill(pid, signal.SIGKILL)
            killed += 1
        try:
            with open(os.path.join(run_dir, "console.log"), errors="replace") as f:
                console = f.read().splitlines()
        except OSError:
            console = []
        for line in console:
            at = line.find("BPFD-GUEST: ")
            if at < 0:
                continue
            what = line[at + 12:].rstrip("\r")
            if what.split(" ")[0] in ("EXIT", "LEFT", "CLEAN", "NOMOUNT") or what.startswith("kprobe_event") \
                    or what.startswith("uprobe_event"):
                print("guest " + what)
            if what.startswith("CLEAN ms="):
                ms = int(what.split()[1][3:])
                print("guest clean within 2 s: %s" % ("yes" if 0 <= ms <= 2000 else "no"))
        if any(line.find("BPFD-GUEST: CLEAN ") >= 0 for line in console):
            shutil.rmtree(run_dir, ignore_errors=True)
        else:  # kept in DIR, to see why
            shutil.move(run_dir, os.path.join(a.dir, os.path.basename(run_dir)))
            print("guest console kept in " + os.path.join(a.dir, os.path.basename(run_dir)))
    shutil.rmtree(tmp, ignore_errors=True)
    print("qemu killed after 30 s: %d" % killed)


if __name__ == "__main__":
    main()
