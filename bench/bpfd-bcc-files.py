#!/usr/bin/env python3
"""Latency of the device's files in bpfd-bcc's sandbox, against peers
measured in the same run.

    build/bin/bpfd-bcc --exec -- python3 bench/bpfd-bcc-files.py [ROUNDS]

Per round, medians over ROUNDS (default 200):
  fuse      open + read + close of /proc/loadavg (the device's, through FUSE,
            the launcher and bpfd: FILE_OPEN, FILE_READ, BPF_CLOSE)
  socket    the same three commands sent by this script on $BPFD_BCC_SOCKET
            (the bpfd round trips alone, no FUSE)
  one       one bpfd command on the socket (LIST_HANDLES): a round trip
  host      open + read + close of this host's /proc/self/stat (local FUSE-less
            baseline)
and the ratios fuse/socket (the cost of FUSE and the launcher's file
system over the raw commands) and fuse/one.
"""
import os
import statistics
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "python"))
import bpfd_client  # noqa: E402

rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 200
bpfd = bpfd_client.Broker()


def fuse():
    with open("/proc/loadavg") as g:
        g.read()


def raw():
    bpfd.read_file("/proc/loadavg", 4096, reads=1)


def one():
    bpfd.command("LIST_HANDLES")


def host():
    with open("/proc/self/stat") as g:
        g.read()


def median_ms(fn):
    times = []
    for _ in range(rounds):
        t = time.perf_counter()
        fn()
        times.append((time.perf_counter() - t) * 1000)
    return statistics.median(times)


fn_ms = {name: median_ms(fn) for name, fn in
         [("fuse", fuse), ("socket", raw), ("one", one), ("host", host)]}
for name, ms in fn_ms.items():
    print("%-7s %8.3f ms" % (name, ms))
print("fuse/socket %.2fx, fuse/one %.2fx" % (fn_ms["fuse"] / fn_ms["socket"],
                                              fn_ms["fuse"] / fn_ms["one"]))
