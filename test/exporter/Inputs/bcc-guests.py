#!/usr/bin/env python3
"""bcc-guests.py CONFIG LOG: bpfd-exporter with bcc-guests.yaml's BCC C
program on both guests; two scrapes 2 s apart: each device's workload reads
counted (growing), all of them in the histogram's bucket le=8192 (4096 <
2^13) and none below. Prints a line a check, exits 1 if any failed."""
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from exporter_run import Exporter, parse, value  # noqa: E402

failures = []


def check(ok, text):
    print("%s: %s" % (text, "ok" if ok else "FAILED"))
    if not ok:
        failures.append(text)


exporter = Exporter(sys.argv[1], sys.argv[2])
devices = ("qemu:arm64", "qemu:x86_64")
try:
    first = parse(exporter.wait_for(lambda s: all(value(s, "bpfd_device_up", device=d) == 1
                                                  for d in devices), 300, "both guests up"))
    time.sleep(2)
    second = parse(exporter.metrics()[0])
    for d in devices:
        a = value(first, "vfs_reads_total", device=d, comm="workload") or 0
        b = value(second, "vfs_reads_total", device=d, comm="workload") or 0
        check(b > a, "%s workload vfs_read calls grow (%d, then %d)" % (d, a, b))
        below = value(second, "vfs_read_bytes_bucket", device=d, comm="workload", le="4096")
        at = value(second, "vfs_read_bytes_bucket", device=d, comm="workload", le="8192")
        count = value(second, "vfs_read_bytes_count", device=d, comm="workload")
        check(below == 0 and at and at == count,
              "%s workload reads: %s below 4096, %s up to 8192, %s in all" % (d, below, at, count))
finally:
    print("exporter exit status %d" % exporter.stop())
sys.exit(1 if failures else 0)
