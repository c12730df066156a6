#!/usr/bin/env python3
"""BCC's Python perf buffer, the peer of bench/bpfd-events.py, in the parity
guest (Debian 12's bpfcc-tools):

    python3 bcc-events.py --text events.c --seconds S --pages P \\
        --run LABEL=ARGV,... [--run ...]

Compiles the text once (BPF(text=...)), opens the perf buffer once
(open_perf_buffer with a callback that counts the events and keeps the first
and last timestamp, and a lost callback), then for each --run: starts the
workload ARGV (comma-separated), attaches on_sys_enter to
raw_syscalls:sys_enter, polls (perf_buffer_poll, 50 ms) until the events'
timestamps span S seconds, detaches, drains, stops the workload and reads
the `generated` counter (then zeroes it). Prints one line a run, all at the
end (the host waits for the first line):

    bcc LABEL samples=N span_ns=NS lost=L generated=G busy=F self_cpu_s=C wall_s=W

busy: the guest's CPU busy fraction (/proc/stat) over the window; self_cpu_s:
this process's CPU seconds in it. Progress lines ("EVENTS ...") go to
/dev/console, which the host follows.
"""
import argparse
import ctypes
import os
import subprocess
import sys
import time

from bcc import BPF


def cpu_stat():
    f = open("/proc/stat").readline().split()[1:]
    v = [int(x) for x in f]
    idle = v[3] + v[4]
    return sum(v) - idle, sum(v)


def progress(msg):
    try:
        with open("/dev/console", "w") as f:
            f.write("EVENTS %s\n" % msg)
    except OSError:
        pass


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--text", required=True)
    ap.add_argument("--seconds", type=float, default=10)
    ap.add_argument("--pages", type=int, default=64)
    ap.add_argument("--poll-ms", type=int, default=50)
    ap.add_argument("--run", action="append", default=[])
    args = ap.parse_args()
    t = time.monotonic()
    progress("compiling")
    b = BPF(text=open(args.text).read())
    progress("compiled in %.1f s" % (time.monotonic() - t))
    s = {"n": 0, "first": 0, "last": 0, "lost": 0, "end": False, "wl": None}
    span = int(args.seconds * 1e9)
    u64p = ctypes.POINTER(ctypes.c_ulonglong)

    def on_event(cpu, data, size):
        ts = ctypes.cast(data, u64p)[0]
        if not s["n"]:
            s["first"] = ts
        s["last"] = ts
        s["n"] += 1
        # Once the span is there the workload stops, from here: when Python
        # falls behind, perf_buffer_poll does not come back while the ring
        # keeps filling up.
        if ts - s["first"] >= span and not s["end"]:
            s["end"] = True
            s["wl"].kill()

    def on_lost(count):
        s["lost"] += count

    b["events"].open_perf_buffer(on_event, page_cnt=args.pages, lost_cb=on_lost)
    gen = b["generated"]
    zero = ctypes.c_int(0)
    out = []
    for run in args.run:
        label, _, argv = run.partition("=")
        s.update(n=0, first=0, last=0, lost=0, end=False)
        gen[zero] = ctypes.c_ulonglong(0)
        wl = s["wl"] = subprocess.Popen(argv.split(","), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        busy0, all0 = cpu_stat()
        cpu0, wall0 = sum(os.times()[:2]), time.monotonic()
        b.attach_tracepoint(tp="raw_syscalls:sys_enter", fn_name="on_sys_enter")
        progress("%s: attached, polling" % label)
        deadline = time.monotonic() + args.seconds * 30 + 60
        while not s["end"] and time.monotonic() < deadline:
            b.perf_buffer_poll(timeout=args.poll_ms)
        b.detach_tracepoint(tp="raw_syscalls:sys_enter")
        while True:   # drain: until a poll brings nothing
            n = s["n"]
            b.perf_buffer_poll(timeout=10)
            if s["n"] == n:
                break
        busy1, all1 = cpu_stat()
        cpu1, wall1 = sum(os.times()[:2]), time.monotonic()
        wl.kill()
        wl.wait()
        progress("%s: %d events in %.2f s" % (label, s["n"], (s["last"] - s["first"]) / 1e9))
        out.append("bcc %s samples=%d span_ns=%d lost=%d generated=%d busy=%.3f self_cpu_s=%.2f wall_s=%.2f"
                   % (label, s["n"], s["last"] - s["first"], s["lost"], gen[zero].value,
                      (busy1 - busy0) / max(1, all1 - all0), cpu1 - cpu0, wall1 - wall0))
    print("\n".join(out), flush=True)


if __name__ == "__main__":
    main()
