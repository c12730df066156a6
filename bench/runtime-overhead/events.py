#!/usr/bin/python3
# bench/runtime-overhead.sh: BCC's Python (through bpfd-bcc: our libbcc)
# running events.c for SECONDS seconds, printing one line per event as a BCC
# tool does, then the count.
#   events.py SECONDS
import os
import sys
import time

from bcc import BPF

seconds = float(sys.argv[1])
b = BPF(src_file=os.path.join(os.path.dirname(os.path.abspath(__file__)), "events.c"))
count = 0


def on_event(cpu, data, size):
    global count
    e = b["events"].event(data)
    count += 1
    print("%-18.9f %-7d %s" % (e.ts / 1e9, e.pid, e.comm.decode("utf-8", "replace")))


b["events"].open_perf_buffer(on_event, page_cnt=64)
print("TIME PID COMM", flush=True)
deadline = time.monotonic() + seconds
while time.monotonic() < deadline:
    b.perf_buffer_poll(timeout=100)
print("events: %d" % count, file=sys.stderr)
