#!/usr/bin/env python3
"""Events/s through bpfd's perf buffer, sustained, end to end from a system
call workload in a QEMU guest to this host; beside BCC's own Python perf
buffer in the same guest (--bcc, x86_64).

    bench/bpfd-events.py [--build BUILD] [--arch ARCH] [--seconds S]
                         [--rates LIST] [--pages P] [--bcc] [--smp N]
                         [--forms lines,batch]

The program (bench/bpfd-events/events.c, BCC's C): one perf event per
system call entry, raw_syscalls:sys_enter, holding bpf_ktime_get_ns(), and
a `generated` counter of every event it emitted. bpf-xcc compiles it on the
host for bpfd; BCC compiles the same text in the guest.

The workload, one per --rates entry: 0 = /bin/workload -n 0 -i 0 getpid
(getpid as fast as it goes), N = N getpid calls a round, a round every 1 ms
(`workload -i 1`; the sleep is one more system call a round, and under TCG
a round takes longer than 1 ms: the offered rate is measured, `generated`).
Without --bcc, N is at most 59 (the guest init's argument limit).

bpfd side, one measurement a rate: with the workload running, upload the
object (attach=0), BPF_OPEN_PERF_BUFFER events PAGES (default 256), then
BPF_ATTACH_TRACEPOINT, then PERF_READER_POLL 50 with two in flight (bpfd
always has the next one); after a reply of fewer than 4096 records the next
poll goes out no sooner than --gap-ms (10) after the one before, so that
bpfd does not spin on replies of a few records; until the samples'
timestamps span S seconds (default 10); then BPF_DETACH, drain, read
`generated`. Events/s = samples forwarded / their timestamps' span (guest
time). "0 lost" = every event generated was forwarded (the kernel's own
lost records are printed too; one comes with the next event written once
the ring has room, which can fall in the next measurement). The guest's
CPU busy fraction and bpfd's CPU time over the window come from FILE_READ
of /proc/stat and /proc/self/stat; this host's CPU (QEMU, bpfd-remote and
relay, this driver's parsing) from /proc.

  default  bpfd-remote --workload ... qemu:ARCH, one guest boot a rate
  --bcc    x86_64 only: one guest of bench/bcc-parity (Debian 12 with
           bpfcc-tools: parity.py's Guest) for both sides, one after the
           other: bpfd reached by bpfd-remote process:relay.py, the
           workload started and stopped on the guest's control port; then
           bench/bpfd-events/bcc-events.py in the guest: BPF(text=...)
           compiled once, open_perf_buffer (same PAGES), perf_buffer_poll(50),
           a callback that counts and keeps the timestamps, a lost callback,
           the same rates. Needs root (the root file system:
           scripts/bcc-rootfs.sh; ~130 MB of downloads the first time).

bpfd's two reply forms (docs/protocol.md, Perf buffers), --forms (default
both): `lines`, PERF_READER_POLL 50 READER (one "+ sample" line a sample),
and `batch`, PERF_READER_POLL 50 batch READER ("+ samples" lines, a run of
samples each). Both are measured one after the other at each rate, in the
same guest and bpfd session, with the same workload (lines first); with
both, the summary adds batch/lines of the highest events/s with 0 lost and
of bpfd's CPU time an event in the guest, at each rate.

Prints one line a rate, side and form, then the highest events/s with 0
lost on each side and bpfd/BCC. Progress on stderr.
"""
import argparse
import glob
import os
import select
import struct
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path[:0] = [HERE, os.path.join(ROOT, "python")]
from build_paths import cache_dir  # noqa: E402
from progress import reporter  # noqa: E402
import bpfd_client  # noqa: E402

say, die = reporter("bpfd-events")


def host_cpu():
    """CPU seconds (user + system) of this driver's descendants, from /proc:
    (QEMU's, the others': bpfd-remote, relay.py)."""
    kids, stat = {}, {}
    for d in glob.glob("/proc/[0-9]*/stat"):
        try:
            s = open(d).read()
        except OSError:
            continue
        f = s[s.rindex(")") + 2:].split()
        p = int(d.split("/")[2])
        kids.setdefault(int(f[1]), []).append(p)
        stat[p] = (s[s.index("(") + 1:s.rindex(")")],
                   (int(f[11]) + int(f[12])) / os.sysconf("SC_CLK_TCK"))
    qemu = other = 0.0
    todo = list(kids.get(os.getpid(), []))
    while todo:
        p = todo.pop()
        name, t = stat.get(p, ("", 0.0))
        if name.startswith("qemu"):
            qemu += t
        else:
            other += t
        todo += kids.get(p, [])
    return qemu, other


def workload_argv(path, rate):
    if rate == 0:
        return [path, "-n", "0", "-i", "0", "getpid"]
    return [path, "-n", "0", "-i", "1"] + ["getpid"] * rate


def short(argv):
    """A workload's argv for progress lines: getpid x N."""
    n = argv.count("getpid")
    return " ".join([a for a in argv if a != "getpid"] + ["getpid" if n == 1 else "getpid x%d" % n])


def label(rate):
    return "unthrottled" if rate == 0 else "%d/ms" % rate


class Bpfd(bpfd_client.Coprocess):
    """bpfd-remote as a coprocess (python/bpfd_client), with the event
    measures; a failure ends the bench (die)."""

    def __init__(self, argv):
        self.on_hang = None
        try:
            super().__init__(argv)
        except bpfd_client.Failed as e:
            die(str(e))

    def _fill(self):
        try:
            super()._fill()
        except bpfd_client.Failed as e:
            die(str(e))

    def check(self, line):
        try:
            return super().check(line)
        except bpfd_client.Failed as e:
            die(str(e))

    def read_text(self, path):
        """The device's file PATH, one FILE_READ of it."""
        data = self.read_file(path, 65536, reads=1)
        if data is None:
            die("FILE_OPEN %s failed" % path)
        return data.decode()

    def cpu(self):
        """(guest busy jiffies, guest all jiffies, bpfd's CPU jiffies, bpfd's
        run time in ns from /proc/self/schedstat or None). The jiffies are
        the scheduler tick's samples: bpfd wakes on the host's polls, which
        can fall in step with the tick; schedstat is the scheduler's own
        count of the time bpfd ran."""
        v = [int(x) for x in self.read_text("/proc/stat").split("\n")[0].split()[1:]]
        s = self.read_text("/proc/self/stat")
        f = s[s.rindex(")") + 2:].split()
        try:
            run = int(self.read_text("/proc/self/schedstat").split()[0])
        except (IndexError, ValueError):
            run = None
        return sum(v) - v[3] - v[4], sum(v), int(f[11]) + int(f[12]), run

    def measure(self, reader, seconds, poll_ms=50, depth=2, gap_ms=0, batch=False):
        """Polls until the samples span `seconds` of guest time, `depth`
        polls in flight; after a reply of fewer than 4096 records the next
        poll waits until `gap_ms` after the one before (so that bpfd does
        not spin on replies of a few records); returns (samples, first_ts,
        last_ts, lost, polls)."""
        n = lost = polls = inflight = 0
        first = last = None
        last_sample = None
        span = int(seconds * 1e9)
        stopping = False
        deadline = time.monotonic() + seconds * 30 + 60
        poll = ("PERF_READER_POLL %d %s%d\n" % (poll_ms, "batch " if batch else "", reader)).encode()
        buf = self.buf
        self.buf = b""
        self.max_gap = 0.0
        self.full_polls = 0
        t_reply = t_sent = time.monotonic()
        full = True
        gap = gap_ms / 1000.0
        while True:
            if stopping and inflight == 0:
                break
            wait = 60
            while not stopping and inflight < depth:
                now = time.monotonic()
                if not full and now - t_sent < gap:
                    wait = gap - (now - t_sent)
                    break
                self.p.stdin.write(poll)
                t_sent = now
                inflight += 1
                polls += 1
            cut = buf.rfind(b"\n")
            if cut >= 0:
                lines = buf[:cut].split(b"\n")
                buf = buf[cut + 1:]
                for l in lines:
                    if l.startswith(b"+ sample "):
                        n += 1
                        last_sample = l
                        if first is None:
                            first = struct.unpack_from("<Q", bpfd_client.unb64(l.split()[4]))[0]
                    elif l.startswith(b"+ samples "):
                        # a run: COUNT records of u32 length + bytes; the
                        # first timestamp once, the last one at the reply's end
                        n += int(l.split(b" ", 5)[4])
                        last_sample = l
                        if first is None:
                            first = struct.unpack_from("<Q", bpfd_client.unb64(l.split()[5]), 4)[0]
                    elif l.startswith(b"perf_reader_poll: ret="):
                        if l.startswith(b"perf_reader_poll: ret=-"):
                            die("PERF_READER_POLL: %s" % l.decode())
                        inflight -= 1
                        now = time.monotonic()
                        self.max_gap = max(self.max_gap, now - t_reply)
                        t_reply = now
                        full = l == b"perf_reader_poll: ret=4096"
                        if full:
                            self.full_polls += 1
                        if last_sample is not None:
                            last = last_ts(last_sample)
                    elif l.startswith(b"+ lost "):
                        lost += int(l.split()[4])
                    else:
                        die("unexpected line in a poll's reply: %r" % l[:200])
                if first is not None and last is not None and last - first >= span:
                    stopping = True
                if time.monotonic() > deadline:
                    say("no %g s of events within %d s: stopping" % (seconds, seconds * 30 + 60))
                    stopping = True
                continue   # the next polls go out before waiting again
            if not select.select([self.fd], [], [], wait)[0]:
                if wait < 60 or inflight == 0:
                    continue
                if self.on_hang:
                    self.on_hang()
                die("no output from bpfd-remote in 60 s (%d polls in flight)" % inflight)
            data = os.read(self.fd, 1 << 20)
            if not data:
                die("bpfd-remote ended (status %s)" % self.p.wait())
            buf += data
        self.buf = buf
        return n, first, last, lost, polls

    def drain(self, reader, batch=False):
        """Polls until one comes back empty: (samples, last_ts, lost)."""
        n = lost = 0
        last = None
        while True:
            self.send("PERF_READER_POLL 100 %s%d" % ("batch " if batch else "", reader))
            r = self.reply()
            for p in r.payload:
                w = p.split()
                if w[0] == "sample":
                    n += 1
                    last = struct.unpack_from("<Q", bpfd_client.unb64(w[3]))[0]
                elif w[0] == "samples":
                    n += int(w[3])
                    last = last_ts(("+ " + p).encode())
                elif w[0] == "lost":
                    lost += int(w[3])
            if r.ret == 0:
                return n, last, lost

    def close(self):
        super().close(wait=60)


def last_ts(line):
    """The timestamp of the last sample of a "+ sample" or "+ samples" line."""
    w = line.split()
    if w[1] == b"sample":
        return struct.unpack_from("<Q", bpfd_client.unb64(w[4]))[0]
    records, _ = bpfd_client.unpack_records(bpfd_client.unb64(w[5]))
    return struct.unpack_from("<Q", records[-1])[0]


def load(bpfd, obj, pages):
    """Uploads obj (attach=0), opens its perf buffer; (reader, prog, generated map)."""
    cmds = subprocess.run([os.path.join(BIN, "bpfd-object"), "upload", obj, "attach=0"],
                          stdout=subprocess.PIPE, text=True, check=True).stdout.split("\n")
    maps, prog = {}, None
    for c in (c for c in cmds if c.strip()):
        for p in bpfd.check(c).payload:
            w = p.split()
            if w[0] in ("map", "prog"):
                h = int(w[2].split("=")[1])
                if w[0] == "map":
                    maps[w[1]] = h
                elif w[1] == "on_sys_enter":
                    prog = h
    if prog is None or "events" not in maps or "generated" not in maps:
        die("the object's load did not name on_sys_enter, events and generated")
    reader = bpfd.check("BPF_OPEN_PERF_BUFFER %d %d" % (maps["events"], pages)).ret
    return reader, prog, maps["generated"]


def bpfd_run(bpfd, reader, prog, gen_map, args, tag, start_workload=None, stop_workload=None, form="lines"):
    """One measurement in one reply form; returns a result dict."""
    batch = form == "batch"
    zero = bpfd_client.b64(b"\0" * 4)
    bpfd.check("BPF_UPDATE_ELEM %d %s %s" % (gen_map, zero, bpfd_client.b64(b"\0" * 8)))
    if start_workload:
        start_workload()
    host0 = host_cpu() + (sum(os.times()[:2]),)
    g0 = bpfd.cpu()
    wall0 = time.monotonic()
    link = bpfd.check("BPF_ATTACH_TRACEPOINT %d raw_syscalls sys_enter" % prog).ret
    say("%s: attached, polling (%s)" % (tag, form))
    n, first, last, lost, polls = bpfd.measure(reader, args.seconds, depth=args.depth, gap_ms=args.gap_ms,
                                               batch=batch)
    bpfd.check("BPF_DETACH %d" % link)
    dn, dlast, dlost = bpfd.drain(reader, batch)
    wall = time.monotonic() - wall0
    g1 = bpfd.cpu()
    host1 = host_cpu() + (sum(os.times()[:2]),)
    if stop_workload:
        stop_workload()
    payload = bpfd.check("BPF_LOOKUP_ELEM %d %s" % (gen_map, zero)).payload
    generated = struct.unpack("<Q", bpfd_client.unb64(payload[0]))[0]
    tck = os.sysconf("SC_CLK_TCK")
    return {"side": tag, "form": form, "samples": n + dn, "span_ns": (dlast or last or 0) - (first or 0),
            "lost": lost + dlost, "generated": generated, "polls": polls,
            "busy": (g1[0] - g0[0]) / max(1, g1[1] - g0[1]), "bpfd_cpu_s": (g1[2] - g0[2]) / tck,
            "bpfd_run_s": (g1[3] - g0[3]) / 1e9 if g0[3] is not None and g1[3] is not None else None,
            "qemu_cpu_s": host1[0] - host0[0], "remote_cpu_s": host1[1] - host0[1],
            "driver_cpu_s": host1[2] - host0[2], "wall_s": wall, "max_gap_s": bpfd.max_gap,
            "full_polls": bpfd.full_polls}


def show(r):
    span = r["span_ns"] / 1e9
    rate = r["samples"] / span if span > 0 else 0
    r["rate"] = rate
    extra = ""
    if "bpfd_cpu_s" in r:
        run = r.get("bpfd_run_s")
        r["us_per_event"] = 1e6 * (run if run is not None else r["bpfd_cpu_s"]) / max(1, r["samples"])
        extra = ("; bpfd %.2f CPU-s in the guest, %s (%.2f us an event); this host: QEMU %.2f, bpfd-remote(+relay) %.2f, "
                 "parser %.2f CPU-s; %d polls (%d of 4096 records), longest wait for a reply %.0f ms" % (
                     r["bpfd_cpu_s"], "%.2f s run time (schedstat)" % run if run is not None else "no schedstat",
                     r["us_per_event"], r["qemu_cpu_s"], r["remote_cpu_s"], r["driver_cpu_s"],
                     r["polls"], r["full_polls"], 1000 * r["max_gap_s"]))
    elif "self_cpu_s" in r:
        extra = "; python %.2f CPU-s in the guest" % r["self_cpu_s"]
    r["missing"] = r["generated"] - r["samples"]
    print("%s %s: forwarded %d events in %.2f s guest time = %.0f events/s; lost records %d; "
          "generated %d (%.0f/s), not forwarded %d; forwarded/generated = %.3f; guest CPU busy %.0f%%; "
          "wall %.1f s%s"
          % (r["side"] + (" " + r["form"] if "form" in r else ""), r["label"], r["samples"], span, rate, r["lost"], r["generated"],
             r["generated"] / span if span > 0 else 0, r["missing"], r["samples"] / max(1, r["generated"]),
             100 * r["busy"], r["wall_s"], extra), flush=True)


def compile_obj(args, arch, cache):
    kernel = os.path.realpath(os.path.join(cache, "kernels", arch, "current"))
    rel = os.path.basename(glob.glob(os.path.join(kernel, "lib", "modules", "*"))[0])
    obj = os.path.join(cache, "bench", "events-%s.o" % arch)
    os.makedirs(os.path.dirname(obj), exist_ok=True)
    subprocess.run([os.path.join(BIN, "bpf-xcc"), "--arch", arch, "--kernel",
                    os.path.join(kernel, "usr", "src", "linux-headers-" + rel),
                    "--attach", "on_sys_enter=tracepoint/raw_syscalls/sys_enter",
                    os.path.join(HERE, "bpfd-events", "events.c"), "-o", obj],
                   check=True, stderr=subprocess.DEVNULL)
    return obj, kernel


def standalone(args, cache):
    obj, kernel = compile_obj(args, args.arch, cache)
    results = []
    for rate in args.rates:
        wl = " ".join(workload_argv("/bin/workload", rate))
        say("%s: bpfd-remote --workload '%s' qemu:%s" % (label(rate), short(wl.split()), args.arch))
        bpfd = Bpfd([os.path.join(BIN, "bpfd-remote"), "--workload", wl, "qemu:" + args.arch])
        reader, prog, gen = load(bpfd, obj, args.pages)
        for form in args.forms:
            r = bpfd_run(bpfd, reader, prog, gen, args, "bpfd-" + args.arch, form=form)
            r["label"], r["rate_arg"] = label(rate), rate
            show(r)
            results.append(r)
        bpfd.close()
    return results


def side_by_side(args, cache):
    if args.arch != "x86_64":
        die("--bcc: the BCC root file system is x86_64 only")
    sys.path.insert(0, os.path.join(HERE, "bcc-parity"))
    import parity
    obj, kernel = compile_obj(args, "x86_64", cache)
    parity.lock_guest(say)
    base = subprocess.run([os.path.join(ROOT, "scripts", "bcc-rootfs.sh"), cache, kernel],
                          stdout=subprocess.PIPE, text=True).stdout.strip()
    if not base:
        die("no root file system (scripts/bcc-rootfs.sh failed)")
    out = os.path.join(cache, "bench", "events")
    os.makedirs(out, exist_ok=True)
    gargs = argparse.Namespace(out=out, build=args.build, icount=args.icount, smp=args.smp or 1, mem="3G",
                               boot_timeout=900,
                               guest_files=[(os.path.join(HERE, "bpfd-events", "bcc-events.py"), "bcc-events.py"),
                                            (os.path.join(HERE, "bpfd-events", "events.c"), "events.c"),
                                            (os.path.join(HERE, "bpfd-events", "guest-state.sh"), "guest-state.sh")])
    parity.say = say
    guest = parity.Guest(gargs, kernel, base)
    results = []
    try:
        relay = "process:%s %s %s" % (sys.executable, os.path.join(HERE, "bcc-parity", "relay.py"),
                                      guest.data_sock)
        say("bpfd: bpfd-remote %s" % relay)
        bpfd = Bpfd([os.path.join(BIN, "bpfd-remote"), relay])
        reader, prog, gen = load(bpfd, obj, args.pages)

        def guest_state():
            say("bpfd does not answer; the guest's state (bench/bpfd-events/guest-state.sh):")
            reply = guest.command("native dbg line 60 /bin/bash /parity/guest-state.sh")
            guest.sock.sendall(b"stop dbg\n")
            while True:
                l = guest.readline(timeout=120)
                if l.startswith("stopped dbg"):
                    break
                print("  " + l[2:], file=sys.stderr)
            say("(%s)" % reply)

        bpfd.on_hang = guest_state
        for rate in (args.rates if "bpfd" in args.sides else []):
            argv = workload_argv("/usr/bin/workload", rate)

            def start():
                guest.sock.sendall(("start wl %s\n" % " ".join(argv)).encode())
                try:
                    reply = guest.readline(timeout=120)
                except TimeoutError:
                    die("no answer to 'start wl' on the control port in 120 s; console: " + guest.console)
                if not reply.startswith("started wl"):
                    die("the workload did not start: " + reply)

            def stop():
                guest.sock.sendall(b"stop wl\n")
                try:
                    while not guest.readline(timeout=120).startswith("stopped wl"):
                        pass
                except TimeoutError:
                    die("no answer to 'stop wl' on the control port in 120 s; console: " + guest.console)

            for form in args.forms:
                say("bpfd (%s), %s: %s" % (form, label(rate), short(argv)))
                r = bpfd_run(bpfd, reader, prog, gen, args, "bpfd-x86_64", start, stop, form)
                r["label"], r["rate_arg"] = label(rate), rate
                show(r)
                results.append(r)
        bpfd.close()
        if "bcc" not in args.sides:
            return results
        runs = []
        for rate in args.rates:
            runs.append("--run %s=%s" % (label(rate), ",".join(workload_argv("/usr/bin/workload", rate))))
        cmd = "python3 /parity/bcc-events.py --text /parity/events.c --seconds %g --pages %d %s" % (
            args.seconds, args.pages, " ".join(runs))
        say("BCC in the guest (compiles the text first: 30-120 s under TCG): python3 "
            "/parity/bcc-events.py --text /parity/events.c --seconds %g --pages %d, rates %s"
            % (args.seconds, args.pages, ",".join(label(r) for r in args.rates)))
        # The guest's progress lines (EVENTS ...) from its console while it runs.
        import threading
        done = threading.Event()

        def follow():
            pos = os.path.getsize(guest.console)
            while not done.wait(5):
                with open(guest.console, errors="replace") as f:
                    f.seek(pos)
                    text = f.read()
                cut = text.rfind("\n") + 1
                pos += len(text[:cut].encode(errors="replace"))
                for l in text[:cut].splitlines():
                    if l.startswith("EVENTS "):
                        say("BCC: " + l[7:])

        threading.Thread(target=follow, daemon=True).start()
        reply = guest.command("native bcc line %d %s" % (args.bcc_timeout, cmd))
        done.set()
        guest.sock.sendall(b"stop bcc\n")
        lines = []
        while True:
            l = guest.readline()
            if l.startswith("stopped bcc"):
                break
            lines.append(l)
        if not reply.startswith("ready"):
            die("BCC's run failed: %s\n%s" % (reply, "\n".join(lines[-30:])))
        for l in lines:
            if l.startswith("o|bcc "):
                w = l[2:].split()
                r = dict(x.split("=", 1) for x in w[2:])
                r = {k: float(v) if "." in v else int(v) for k, v in r.items()}
                r.update(side="bcc-python-x86_64", label=w[1],
                         rate_arg=args.rates[[label(x) for x in args.rates].index(w[1])])
                show(r)
                results.append(r)
            elif l.startswith("e|"):
                say("BCC stderr: " + l[2:])
    finally:
        guest.close()
    return results


def main():
    global BIN
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--build", default=os.path.join(ROOT, "build"))
    ap.add_argument("--arch", default="x86_64")
    ap.add_argument("--seconds", type=float, default=10, help="guest seconds of events to measure (10)")
    ap.add_argument("--rates", default="0",
                    help="comma-separated getpid calls per 1-ms round; 0: unthrottled (default 0)")
    ap.add_argument("--pages", type=int, default=256,
                    help="perf buffer pages per CPU, both sides (256, bpfd's most; 64 loses events when QEMU stalls)")
    ap.add_argument("--depth", type=int, default=2, help="bpfd: polls in flight (2)")
    ap.add_argument("--gap-ms", type=float, default=10,
                    help="bpfd: after a reply of fewer than 4096 records, the next poll no sooner than "
                    "this after the one before (10)")
    ap.add_argument("--bcc", action="store_true", help="BCC's Python peer in the same guest (x86_64)")
    ap.add_argument("--sides", default="bpfd,bcc", help="--bcc: which sides run (bpfd,bcc)")
    ap.add_argument("--bcc-timeout", type=int, default=1800, help="--bcc: seconds for BCC's whole run (1800)")
    ap.add_argument("--smp", type=int, help="guest vCPUs (default 1; without --bcc it sets BPFD_QEMU_CPUS)")
    ap.add_argument("--icount", type=int, help="--bcc: the guest on -icount shift=N")
    ap.add_argument("--forms", default="lines,batch",
                    help="bpfd's reply forms to measure at each rate, in this order: lines (one sample a "
                    "line), batch (PERF_READER_POLL ... batch) (lines,batch)")
    args = ap.parse_args()
    args.forms = [f for f in args.forms.split(",") if f]
    if not args.forms or any(f not in ("lines", "batch") for f in args.forms):
        die("--forms: lines and/or batch")
    args.build = os.path.abspath(args.build)
    args.rates = [int(x) for x in args.rates.split(",") if x]
    BIN = os.path.join(args.build, "bin")
    for f in ("bpf-xcc", "bpfd-object", "bpfd-remote", "bpfd-" + args.arch):
        if not os.access(os.path.join(BIN, f), os.X_OK):
            die("%s/%s is not built" % (BIN, f))
    cache = cache_dir(args.build)
    if args.smp:
        os.environ["BPFD_QEMU_CPUS"] = str(args.smp)
    load0 = os.getloadavg()
    say("machine load before: %.2f %.2f %.2f" % load0)
    results = side_by_side(args, cache) if args.bcc else standalone(args, cache)
    load1 = os.getloadavg()
    print("machine load before: %.2f %.2f %.2f, after: %.2f %.2f %.2f; %s UTC"
          % (load0 + load1 + (time.strftime("%Y-%m-%d %H:%M", time.gmtime()),)))
    best = {}
    for r in results:
        # Nothing lost: every event generated was forwarded. (The kernel's
        # lost record comes with the next event written after the ring had
        # room again, which can be in the next run.)
        side = r["side"] + (" " + r["form"] if "form" in r else "")
        if r["missing"] == 0 and r["samples"] and r["rate"] > best.get(side, 0):
            best[side] = r["rate"]
    sides = sorted({r["side"] + (" " + r["form"] if "form" in r else "") for r in results})
    for side in sides:
        print("%s: highest events/s with 0 lost: %s" % (side, "%.0f" % best[side] if side in best else "none"))
    b = {k: v for k, v in best.items() if k.startswith("bpfd")}
    c = [v for k, v in best.items() if k.startswith("bcc")]
    if b and c:
        for k in sorted(b):
            print("%s/BCC (highest events/s with 0 lost): %.2f" % (k, b[k] / c[0]))
    # batch against lines, the same rate and guest
    pairs = {}
    for r in results:
        if "form" in r:
            pairs.setdefault(r["label"], {})[r["form"]] = r
    for lab, p in pairs.items():
        if "lines" in p and "batch" in p:
            l, t = p["lines"], p["batch"]
            print("batch/lines at %s: events/s %.0f/%.0f = %.2f (not forwarded %d/%d); bpfd CPU an event "
                  "%.2f/%.2f us = %.2f; guest busy %.0f%%/%.0f%%" % (
                      lab, t["rate"], l["rate"], t["rate"] / max(1, l["rate"]), t["missing"], l["missing"],
                      t["us_per_event"], l["us_per_event"], t["us_per_event"] / max(1e-9, l["us_per_event"]),
                      100 * t["busy"], 100 * l["busy"]))
    bl = [v for k, v in best.items() if k.endswith(" lines")]
    bb = [v for k, v in best.items() if k.endswith(" batch")]
    if bl and bb:
        print("batch/lines (highest events/s with 0 lost): %.0f/%.0f = %.2f" % (bb[0], bl[0], bb[0] / bl[0]))


BIN = None
if __name__ == "__main__":
    main()
