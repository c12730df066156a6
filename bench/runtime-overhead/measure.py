#!/usr/bin/env python3
"""Runs one runtime's command and measures what it costs this host.

  measure.py LABEL MATCH -- COMMAND [ARGS...]

Every 0.1 s the process tree under COMMAND is read from /proc (utime+stime of
each process, its last value kept after it exits); QEMU (the guest: the same
for both runtimes) is counted apart from the runtime (everything else: the
launcher, BCC's Python and our libbcc, or bpf-run, bpfd-remote's pieces).
runtime_cpu_s is the whole run by the kernel's accounting of reaped children
(getrusage), less QEMU's last sample.
Output lines that contain MATCH are the events. Prints one line:

  LABEL events=N runtime_cpu_s=X steady_cpu_s=Y steady_events=M us_per_event=Z qemu_cpu_s=Q wall_s=W

steady_*: from the first event line to the last, i.e. the cost of delivering
and printing events once everything is loaded (start-up and teardown left
out); us_per_event = steady CPU / steady events.
"""
import os
import resource
import subprocess
import sys
import threading
import time

TICK = os.sysconf("SC_CLK_TCK")


def children_map():
    kids = {}
    for d in os.listdir("/proc"):
        if not d.isdigit():
            continue
        try:
            with open("/proc/%s/stat" % d) as f:
                s = f.read()
        except OSError:
            continue
        comm = s[s.index("(") + 1:s.rindex(")")]
        rest = s[s.rindex(")") + 2:].split()
        ppid, ut, st = int(rest[1]), int(rest[11]), int(rest[12])
        kids.setdefault(ppid, []).append((int(d), comm, (ut + st) / TICK))
    return kids


class Sampler:
    def __init__(self, root):
        self.root = root
        self.cpu = {}      # pid -> (comm, cpu seconds)
        self.lock = threading.Lock()

    def sample(self):
        kids = children_map()
        todo = [self.root]
        seen = []
        while todo:
            p = todo.pop()
            for pid, comm, cpu in kids.get(p, []):
                seen.append((pid, comm, cpu))
                todo.append(pid)
        with self.lock:
            for pid, comm, cpu in seen:
                self.cpu[pid] = (comm, cpu)

    def totals(self):
        with self.lock:
            qemu = sum(c for comm, c in self.cpu.values() if comm.startswith("qemu-system"))
            rest = sum(c for comm, c in self.cpu.values() if not comm.startswith("qemu-system"))
        return rest, qemu


def main():
    if len(sys.argv) < 5 or sys.argv[3] != "--":
        sys.exit("usage: measure.py LABEL MATCH -- COMMAND [ARGS...]")
    label, match, cmd = sys.argv[1], sys.argv[2], sys.argv[4:]
    start = time.monotonic()
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, errors="replace")
    sampler = Sampler(proc.pid)
    # The launched process itself: its own /proc entry.
    done = threading.Event()

    def loop():
        while not done.is_set():
            sampler.sample()
            try:
                with open("/proc/%d/stat" % proc.pid) as f:
                    s = f.read()
                rest = s[s.rindex(")") + 2:].split()
                with sampler.lock:
                    sampler.cpu[proc.pid] = ("runtime", (int(rest[11]) + int(rest[12])) / TICK)
            except (OSError, ValueError):
                pass
            time.sleep(0.1)

    t = threading.Thread(target=loop, daemon=True)
    t.start()
    err = []
    te = threading.Thread(target=lambda: err.extend(proc.stderr), daemon=True)
    te.start()
    events = 0
    first = last = None
    last_events = 0
    last_time = 0.0
    for line in proc.stdout:
        if match not in line:
            continue
        events += 1
        now = time.monotonic()
        # Read the tree at the first event, then at most every 0.2 s (a scan
        # of /proc per event would cost more than the events).
        if first is None or now - last_time >= 0.2:
            sampler.sample()
            cpu = sampler.totals()[0]
            if first is None:
                first = (cpu, events)
            else:
                last, last_events = cpu, events
            last_time = now
    proc.wait()
    done.set()
    t.join()
    te.join()
    _, qemu = sampler.totals()
    # The whole run from the kernel's accounting of every reaped descendant
    # (short-lived ones too, which 0.1 s samples miss), less QEMU's last
    # sample (it may lag QEMU's end by one tick of the sampler).
    ru = resource.getrusage(resource.RUSAGE_CHILDREN)
    runtime = ru.ru_utime + ru.ru_stime - qemu
    if proc.returncode != 0 or first is None or last is None:
        sys.stderr.write("".join(err[-20:]))
        sys.exit("%s: exit status %d, %d event lines: no measurement"
                 % (label, proc.returncode, events))
    steady = last - first[0]
    steady_events = last_events - first[1]
    print("%s events=%d runtime_cpu_s=%.2f steady_cpu_s=%.2f steady_events=%d "
          "us_per_event=%.1f qemu_cpu_s=%.2f wall_s=%.1f"
          % (label, events, runtime, steady, steady_events,
             1e6 * steady / steady_events if steady_events else 0.0,
             qemu, time.monotonic() - start))


if __name__ == "__main__":
    main()
