"""Run inside `bpfd-bcc --exec`: prints what the sandbox shows of the device,
each fact compared with the device's own answer (the greeting, bpfd's trace
event commands) or with this host's (uname(2) is not a file: it stays the
host's)."""
import os
import re
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "python"))
from bpfd_client import Broker  # noqa: E402


def read(path):
    with open(path) as f:
        return f.read()


release = os.environ["BPFD_BCC_RELEASE"]
print("greeting release:", re.match(r"[0-9]+\.[0-9]+\.[0-9]+", release) is not None)
print("greeting names the release:", ("release=%s " % release) in os.environ["BPFD_BCC_GREETING"] + " ")
print("osrelease is the device's:", read("/proc/sys/kernel/osrelease").strip() == release)
print("version is the device's:", read("/proc/version").startswith("Linux version %s " % release))
print("host's uname differs:", os.uname().release != release)
# /proc is the device's (its processes), but /proc/self leads to this
# process's own folder in this host's /proc.
print("/proc/self is this process:", os.readlink("/proc/self").endswith("/%d" % os.getpid()) and
      "\nPid:\t%d\n" % os.getpid() in read("/proc/self/status"))
print("/proc/thread-self is this thread:", os.path.isdir("/proc/thread-self/fd"))

# Read twice: the guest's workload execs a process every 50 ms, so its
# last pid (the fifth field) moves unless something caches the file.
first = read("/proc/loadavg")
time.sleep(1)
second = read("/proc/loadavg")
pattern = r"[0-9]+\.[0-9]{2} [0-9]+\.[0-9]{2} [0-9]+\.[0-9]{2} [0-9]+/[0-9]+ [0-9]+\n"
print("loadavg:", bool(re.fullmatch(pattern, first)), bool(re.fullmatch(pattern, second)))
print("loadavg moved:", first.split()[4] != second.split()[4])

print("cpus online:", read("/sys/devices/system/cpu/online").strip())

bpfd = Broker()
r = bpfd.command("GET_TRACE_EVENTS sched")
print("bpfd:", r.line)
listed = sorted(e for e in os.listdir("/sys/kernel/tracing/events/sched")
                if os.path.isdir("/sys/kernel/tracing/events/sched/" + e))
print("tracefs sched events are the device's:", len(listed) > 5 and listed == sorted(r.payload))
fmt = bpfd.command("GET_TRACE_EVENT_FORMAT sched sched_switch").payload
norm = lambda lines: [" ".join(l.split()) for l in lines if l.strip()]
print("sched_switch format is the device's:",
      norm(read("/sys/kernel/tracing/events/sched/sched_switch/format").splitlines()) == norm(fmt))
print("debugfs has the device's tracing:",
      sorted(os.listdir("/sys/kernel/debug/tracing/events/sched")) ==
      sorted(os.listdir("/sys/kernel/tracing/events/sched")))
print("kprobes blacklist:", os.path.isfile("/sys/kernel/debug/kprobes/blacklist"))
print("kprobe PMU type:", read("/sys/bus/event_source/devices/kprobe/type").strip().isdigit())
# The processes in /proc are the device's: the same PIDs bpfd lists there,
# and PID 1 is the guest's init, with the name bpfd reads for it.
# The workload's exec'd children live a few ms each: bpfd lists /proc before
# and after the sandbox does. A process in both of bpfd's listings must be in
# the sandbox's; one only the sandbox saw must be a child born between them (a
# PID just above the first listing's, not a host's).
def device_pids():
    listing = bpfd.command("FILE_LIST /proc").payload
    return set(int(l.split()[1]) for l in listing if l.split()[1].isdigit())
before = device_pids()
sandbox_pids = set(int(p) for p in os.listdir("/proc") if p.isdigit())
after = device_pids()
born_between = sandbox_pids - before - after
print("/proc lists the device's processes:", len(before) > 5 and
      before & after <= sandbox_pids and len(born_between) <= 2 and
      all(max(before) < p <= max(before | after) + 8 for p in born_between))
print("/proc/1/comm is the device's:",
      read("/proc/1/comm") == bpfd.read_file("/proc/1/comm", 4096, reads=1).decode())

# The clock: BPF.monotonic_time() (CLOCK_MONOTONIC) is the device's, which
# booted seconds ago; this host's booted minutes ago at least (the build).
mono = time.monotonic()
uptime = float(read("/proc/uptime").split()[0])
print("monotonic clock is the device's:", abs(mono - uptime) < 1.0)
host_uptime = float(read(os.readlink("/proc/self").rsplit("/", 1)[0] + "/uptime").split()[0])
print("host's clock differs:", host_uptime - mono > 30)
bpfd.close()
