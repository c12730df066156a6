#!/usr/bin/env python3
"""bpfd-exporter's scrape cost (issue 25, item 3): the time of a /metrics
scrape and the exporter's CPU per scrape with 1, 3 and 8 devices, as ratios
against one device, measured in the same run.

    bench/exporter-scrape.py [--build BUILD] [--devices 1,3,8] [--scrapes N]
                             [--entries E]

The devices are stand-ins (process: remotes running
test/exporter/Inputs/fake-bpfd.py, as the issue allows): each answers the
four map reads of test/exporter's configuration, its openat_calls_total map
with 2 + E entries (default E=100). The stand-in's own answer time is in the
scrape time (the devices are read in parallel); the exporter's CPU (utime +
stime of its process, /proc/PID/stat) is its own: decoding, labels, the text.
Each count of devices is a fresh exporter; one scrape is left out as warm-up,
then N scrapes (default 200: the CPU is counted in clock ticks) one after
another. Table on stdout, progress on stderr."""
import argparse
import os
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
INPUTS = os.path.join(HERE, "..", "test", "exporter", "Inputs")
sys.path.insert(0, INPUTS)
from exporter_run import Exporter, parse, value  # noqa: E402


def cpu_seconds(pid):
    with open("/proc/%d/stat" % pid) as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def config_for(folder, devices, entries, obj):
    path = os.path.join(folder, "fleet-%d.yaml" % devices)
    with open(path, "w") as f:
        f.write("devices:\n")
        for i in range(devices):
            f.write('  - remote: "process:python3 %s/fake-bpfd.py %s/dev%d.log 1 %d"\n'
                    "    name: dev-%d\n" % (INPUTS, folder, i, entries, i))
        f.write("programs:\n  - name: syscalls\n    object: %s\n    config: %s/syscalls.yaml\n"
                % (obj, INPUTS))
    return path


def measure(build, folder, devices, scrapes, entries, obj):
    exporter = Exporter(config_for(folder, devices, entries, obj),
                        os.path.join(folder, "exporter-%d.log" % devices),
                        binary=os.path.join(build, "bin", "bpfd-exporter"))
    try:
        exporter.wait_for(lambda s: all(value(s, "bpfd_device_up", device="dev-%d" % i) == 1
                                        for i in range(devices)), 60, "every device up")
        exporter.metrics()  # warm-up
        cpu0, t0 = cpu_seconds(exporter.proc.pid), time.monotonic()
        size = 0
        for _ in range(scrapes):
            text, _ = exporter.metrics()
            size = len(text)
        wall, cpu = time.monotonic() - t0, cpu_seconds(exporter.proc.pid) - cpu0
        samples = len(parse(text))
    finally:
        exporter.stop()
    return wall / scrapes, cpu / scrapes, samples, size


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--build", default=os.path.join(HERE, "..", "build"))
    ap.add_argument("--devices", default="1,3,8")
    ap.add_argument("--scrapes", type=int, default=200)
    ap.add_argument("--entries", type=int, default=100)
    args = ap.parse_args()
    counts = [int(n) for n in args.devices.split(",")]
    folder = tempfile.mkdtemp(prefix="bench-exporter-")
    obj = os.path.join(folder, "syscalls.o")
    if os.system("clang -target bpf -O2 -g -c %s/syscalls.c -o %s" % (INPUTS, obj)) != 0:
        sys.exit("exporter-scrape: cannot compile syscalls.c")
    rows = []
    for n in counts:
        print("exporter-scrape: %d devices, %d scrapes" % (n, args.scrapes), file=sys.stderr)
        rows.append((n,) + measure(args.build, folder, n, args.scrapes, args.entries, obj))
    print("bpfd-exporter scrape cost: %s UTC, load average %s, %d scrapes, %d entries a map" %
          (time.strftime("%Y-%m-%d %H:%M:%S", time.gmtime()),
           " ".join("%.2f" % l for l in os.getloadavg()), args.scrapes, args.entries + 2))
    print("%-8s %8s %10s %12s %14s %10s %10s" % ("devices", "samples", "bytes", "scrape ms",
                                                  "CPU ms/scrape", "scrape x1", "CPU x1"))
    base_wall, base_cpu = rows[0][1], rows[0][2]
    for n, wall, cpu, samples, size in rows:
        print("%-8d %8d %10d %12.2f %14.2f %10.2f %10.2f" % (
            n, samples, size, wall * 1000, cpu * 1000, wall / base_wall,
            cpu / base_cpu if base_cpu else float("nan")))


main()
