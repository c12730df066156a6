"""Reads the device's symbol tables (and a file that is none) TIMES times
whole, each in several reads, and once at an offset; prints whether every read
matches the fake device's file (ROOT/...)."""
import os
import sys

root, times = sys.argv[1], int(sys.argv[2])
device = os.environ["BPFD_BCC_DEVICE_ROOT"]
for path in ("/proc/kallsyms", "/sys/kernel/tracing/available_filter_functions", "/proc/version"):
    with open(root + path, "rb") as f:
        want = f.read()
    same = True
    for _ in range(times):
        with open(device + path, "rb", buffering=0) as f:
            got = b""
            while True:
                chunk = f.read(65536)
                if not chunk:
                    break
                got += chunk
        same = same and got == want
    with open(device + path, "rb", buffering=0) as f:
        f.seek(len(want) // 2)
        same = same and f.read(100) == want[len(want) // 2:len(want) // 2 + 100]
    print("%s: %d bytes, %d reads the same: %s" % (path, len(want), times, same))
