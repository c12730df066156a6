#!/usr/bin/env python3
"""prometheus-fleet.py CONFIG FOLDER [--fault]: bpfd-exporter over the
guests of CONFIG (guests.yaml, guests3.yaml: x86_64's workload at 40
openat/s at most, the others' at 20), Debian's Prometheus scraping it every
second, and PromQL through Prometheus's HTTP API: each device up, its workload's openat and read rates,
the read histogram's quantile and mean. With --fault the arm64 guest's QEMU
is killed mid-run: its up series must drop within two scrape intervals (plus
a second of slack for a loaded machine), its series go, x86_64 keeps its
rate, and the guest (booted again by the exporter's retry) comes back.
Prints a line a check ("... ok" or "... FAILED"), exits 1 if any failed.
The exporter's log is FOLDER/exporter.log, Prometheus's FOLDER/prometheus.log."""
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from exporter_run import Exporter, parse, value  # noqa: E402
from prometheus_run import Prometheus  # noqa: E402

ARM, X86 = "qemu:arm64", "qemu:x86_64"
INTERVAL = 1


def expected_rate(device):
    """openat/s of a device's workload: 2 a round, a round every 50 ms on
    x86_64, 100 ms on the others, plus its own time (slower under load,
    never faster)."""
    return (10, 40.5) if "x86_64" in device else (5, 20.5)

config, folder = sys.argv[1], sys.argv[2]
fault = "--fault" in sys.argv[3:]
# The rates' window: 10 s, or 5 s for the fault test (its rates are checked
# before and after the kill; the histogram's numbers are guests-prometheus's).
WINDOW = 5 if fault else 10
os.makedirs(folder, exist_ok=True)
failures = []


def check(ok, text):
    print("%s: %s" % (text, "ok" if ok else "FAILED"))
    sys.stdout.flush()
    if not ok:
        failures.append(text)


def wait(predicate, timeout, step=0.25):
    deadline = time.time() + timeout
    while time.time() < deadline:
        if predicate():
            return True
        time.sleep(step)
    return predicate()


def rates(prom, window):
    return prom.query('rate(openat_calls_total{comm="workload"}[%ds])' % window)


def check_rate(device, rate, when):
    lo, hi = expected_rate(device)
    check(rate is not None and lo <= rate <= hi,
          "%s %s openat/s %s in [%g, %g]" % (device, when, "%.1f" % rate if rate else rate, lo, hi))


def qemu_pid(run_folder):
    """The QEMU process whose command line names RUN_FOLDER."""
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        try:
            with open("/proc/%s/cmdline" % pid, "rb") as f:
                argv = f.read().split(b"\0")
        except OSError:
            continue
        if argv and b"qemu-system" in argv[0] and any(run_folder.encode() in a for a in argv):
            return int(pid)
    return None


def run_folder(exporter, device):
    for line in exporter.lines:
        if line.startswith("bpfd-exporter: %s: booting" % device) and "run folder " in line:
            return line.rsplit("run folder ", 1)[1].strip()
    return None


exporter = Exporter(config, os.path.join(folder, "exporter.log"))
prom = None
try:
    start = time.time()
    devices = sorted(labels[0][1] for name, labels in parse(exporter.metrics()[0])
                     if name == "bpfd_device_up")
    exporter.wait_for(lambda s: all(value(s, "bpfd_device_up", device=d) == 1 for d in devices),
                      300, "every guest up")
    print("%d guests up after %.0f s: %s" % (len(devices), time.time() - start, " ".join(devices)))
    prom = Prometheus(os.path.join(folder, "prom"), ["127.0.0.1:%d" % exporter.port], INTERVAL,
                      os.path.join(folder, "prometheus.log"))
    # WINDOW + 2 scrapes of each device before the rates are read.
    wait(lambda: all(v >= WINDOW + 2 for v in
                     prom.query("count_over_time(bpfd_device_up[1m])").values()) and
         len(prom.query("bpfd_device_up")) == len(devices), 60)
    up = prom.query("bpfd_device_up")
    for device in devices:
        check(up.get(device) == 1, "%s up" % device)
    r = rates(prom, WINDOW)
    for device in devices:
        check_rate(device, r.get(device), "running")
    check(r.get(ARM, 0) * 1.3 < r.get(X86, 0), "x86_64's workload faster than arm64's")
    # Two reads of 4096 a round (the data, the end of file): as many as openat
    # calls, every one in the bucket le=8192 (4096 < count < 2^13), the mean 4096.
    reads = prom.query('rate(read_size_bytes_count{comm="workload"}[%ds])' % WINDOW)
    for device in devices:
        ratio = reads.get(device, 0) / r[device] if r.get(device) else 0
        check(0.8 <= ratio <= 1.25, "%s reads per openat %.2f" % (device, ratio))
    q = prom.query('histogram_quantile(0.5, sum by (device, le) '
                   '(rate(read_size_bytes_bucket{comm="workload"}[%ds])))' % WINDOW)
    mean = prom.query('rate(read_size_bytes_sum{comm="workload"}[%ds]) / '
                      'rate(read_size_bytes_count{comm="workload"}[%ds])' % (WINDOW, WINDOW))
    for device in devices:
        check(4096 < q.get(device, 0) <= 8192, "%s read size median %s in (4096, 8192]"
              % (device, q.get(device)))
        # The count's and the sum's entries are read one after the other
        # while the workload runs: a read or two may be in one, not yet in
        # the other.
        check(abs(mean.get(device, 0) - 4096) < 0.02 * 4096,
              "%s read size mean %s" % (device, mean.get(device)))
    durations = prom.query("bpfd_device_scrape_duration_seconds")
    for device in devices:
        print("%s scrape duration %.4f s" % (device, durations.get(device, -1)))

    if fault:
        folder_arm = run_folder(exporter, ARM)
        pid = qemu_pid(folder_arm) if folder_arm else None
        check(pid is not None, "%s QEMU found" % ARM)
        os.kill(pid, 9)
        killed = time.time()
        dropped = wait(lambda: prom.query("bpfd_device_up").get(ARM) == 0, 2 * INTERVAL + 5)
        took = time.time() - killed
        check(dropped and took <= 2 * INTERVAL + 1, "%s up 0 after %.1f s" % (ARM, took))
        check(wait(lambda: ARM not in prom.query('openat_calls_total{comm="workload"}'), 10),
              "%s series gone" % ARM)
        time.sleep(WINDOW)
        r = rates(prom, WINDOW)
        check_rate(X86, r.get(X86), "while arm64 is down")
        back = wait(lambda: prom.query("bpfd_device_up").get(ARM) == 1, 300, step=1)
        check(back, "%s up again after %.0f s (retried, booted again)" % (ARM, time.time() - killed))
        check(wait(lambda: ARM in prom.query('openat_calls_total{comm="workload"}'), 20),
              "%s series back" % ARM)
        sessions = prom.query("bpfd_device_sessions_total")
        check(sessions.get(ARM) == 2 and sessions.get(X86) == 1,
              "sessions: arm64 %s, x86_64 %s" % (sessions.get(ARM), sessions.get(X86)))
finally:
    if prom:
        prom.stop()
    print("exporter exit status %d" % exporter.stop())
sys.exit(1 if failures else 0)
