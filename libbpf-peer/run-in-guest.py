#!/usr/bin/env python3
"""Runs libbpf-peer in a QEMU guest on the given objects and prints its report.

    run-in-guest.py [--peer PATH] [--remote PATH] [--seconds N] [--timeout S]
                    [-v] qemu:ARCH OBJECT...

The guest has no shell and bpfd runs no programs, so libbpf-peer is the
guest's workload (bpfd-remote --workload), its objects and itself added with
--guest-file, its report written to /dev/console and read back with
--console. The bpfd session is kept open (and bpfd idle) until the report's
last line, "libbpf-peer: exit status=N", has come, then ended in order.
Prints the guest console's lines from libbpf-peer's start on (the report,
libbpf's warnings, kernel messages), without the "[ARCH guest] " prefix;
exits with libbpf-peer's status, or 3 if the run itself failed (no report
within --timeout seconds, or the guest failed).
"""
import argparse
import os
import re
import subprocess
import sys
import threading

LAST_LINE = re.compile(r"libbpf-peer: exit status=(\d+)$")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--peer", help="the guest's libbpf-peer (default: "
                    "../share/libbpf-peer/ARCH/libbpf-peer beside bpfd-remote)")
    ap.add_argument("--remote", default="bpfd-remote", help="bpfd-remote to run")
    ap.add_argument("--seconds", type=int, default=0,
                    help="how long libbpf-peer reads each object's buffers")
    ap.add_argument("--timeout", type=int, default=300,
                    help="seconds to wait for the report's last line")
    ap.add_argument("-v", action="store_true", help="libbpf's debug messages too")
    ap.add_argument("remote_name", metavar="qemu:ARCH")
    ap.add_argument("objects", nargs="+", metavar="OBJECT")
    args = ap.parse_args()

    arch = args.remote_name.split(":", 1)[-1]
    peer = args.peer
    if not peer:
        remote = args.remote if os.sep in args.remote else \
            next((os.path.join(d, args.remote) for d in os.environ.get("PATH", "").split(os.pathsep)
                  if os.access(os.path.join(d, args.remote), os.X_OK)), args.remote)
        peer = os.path.join(os.path.dirname(os.path.realpath(remote)), "..", "share",
                            "libbpf-peer", arch, "libbpf-peer")
    if not os.path.isfile(peer):
        print("run-in-guest: no libbpf-peer for %s at %s" % (arch, peer), file=sys.stderr)
        return 3

    cmd = [args.remote, "--console", "--guest-file", "%s=/bin/libbpf-peer" % peer]
    guest_objects = []
    for i, obj in enumerate(args.objects):
        if not os.path.isfile(obj):
            print("run-in-guest: no object %s" % obj, file=sys.stderr)
            return 3
        guest = "/obj/%d-%s" % (i, os.path.basename(obj))
        cmd += ["--guest-file", "%s=%s" % (os.path.abspath(obj), guest)]
        guest_objects.append(guest)
    workload = ["/bin/libbpf-peer"] + (["-v"] if args.v else []) + ["-o", "/dev/console"]
    workload += guest_objects + [str(args.seconds)]
    cmd += ["--workload", " ".join(workload), args.remote_name]

    proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE, text=True)
    prefix = "[%s guest] " % arch
    status = None
    started = False
    done = threading.Event()
    others = []

    def end_input():
        try:
            proc.stdin.close()
        except OSError:
            pass

    timer = threading.Timer(args.timeout, lambda: (done.set(), end_input()))
    timer.start()
    for line in proc.stderr:
        line = line.rstrip("\n")
        if not line.startswith(prefix):
            others.append(line)
            continue
        text = line[len(prefix):]
        if "BPFD-GUEST: WORKLOAD" in text:
            started = True
        if not started or status is not None or "BPFD-GUEST: " in text:
            continue
        print(text, flush=True)
        m = LAST_LINE.search(text)
        if m and status is None:
            status = int(m.group(1))
            end_input()
    timer.cancel()
    rc = proc.wait()
    if status is None:
        why = "no report within %d s" % args.timeout if done.is_set() else \
            "the guest ended before the report's last line"
        print("run-in-guest: %s: %s; bpfd-remote (status %d) said:" % (args.remote_name, why, rc),
              file=sys.stderr)
        for line in others[-20:]:
            print("  " + line, file=sys.stderr)
        return 3
    if rc != 0:
        print("run-in-guest: %s: bpfd-remote ended with status %d:" % (args.remote_name, rc),
              file=sys.stderr)
        for line in others[-20:]:
            print("  " + line, file=sys.stderr)
        return 3
    return status


if __name__ == "__main__":
    sys.exit(main())
