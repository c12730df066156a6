#!/usr/bin/env python3
"""Runs BCC tools twice on one x86_64 guest and the same workload: Debian's
BCC in the guest, and build/bin/bpfd-bcc on this host against bpfd in that
guest; writes both outputs and the times to their first line.

    parity.py --build BUILD --out DIR [--tools a,b,...] [--suite SUITE]
              [--kernel current|SUITE|DIR] [--icount N] [--smp N]

The guest boots CACHE/bench/bcc-rootfs-REL.cpio (scripts/bcc-rootfs.sh:
Debian 12 with bpfcc-tools and the kernel's headers; --suite sid: Debian
unstable with its bpfcc-tools, CACHE/bench/sid/, and bpfd-bcc runs the same
release with --bcc sid) with /init =
guest-init.sh, a 64 MiB blank disk (/dev/vda) and two virtio-serial ports:
"parity-ctl" (this script's commands) and "bpfd" (bpfd's line protocol,
reached by bpfd-bcc through relay.py as a process: remote). Per tool:

  native  the guest starts /usr/sbin/TOOL-bpfcc; once it is tracing (its
          first line; profile -f: its sampling clock armed) and tools.GRACE
          s more, the guest runs the workload (tools.WORKLOAD); then
          tools.SETTLE s, SIGINT
  bpfd    bpfd-bcc --remote process:relay.py TOOL ARGS on this host; once it
          is tracing, GRACE, the same workload in the guest, SETTLE, SIGINT

Writes DIR/TOOL.{native,bpfd}.{out,err} and DIR/run.json (ready times,
exit statuses, guest facts). Progress on stderr.
"""
import argparse
import ctypes
import fcntl
import glob
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
import tools  # noqa: E402
sys.path.insert(0, os.path.dirname(HERE))
from build_paths import cache_dir  # noqa: E402
from progress import T0, reporter  # noqa: E402

MODULES = ["virtio_ring", "virtio", "virtio_pci_modern_dev", "virtio_pci_legacy_dev",
           "virtio_pci", "virtio_console", "virtio_blk"]
# Each module's config option, for the kernels whose package has no
# modules.builtin (Debian's 7.x): =y is built in.
MODULE_CONFIG = {"virtio_ring": "VIRTIO", "virtio": "VIRTIO",
                 "virtio_pci_modern_dev": "VIRTIO_PCI_LIB",
                 "virtio_pci_legacy_dev": "VIRTIO_PCI_LIB_LEGACY", "virtio_pci": "VIRTIO_PCI",
                 "virtio_console": "VIRTIO_CONSOLE", "virtio_blk": "VIRTIO_BLK"}


def built_in(kernel, rel):
    """The modules built into the kernel, as modules.builtin's paths'
    names, or (no modules.builtin) MODULES whose option is =y in its config."""
    moddir = os.path.join(kernel, "lib", "modules", rel)
    try:
        return {os.path.basename(b)[:-3] for b in open(os.path.join(moddir, "modules.builtin")).read().split()}
    except FileNotFoundError:
        options = set()
        with open(os.path.join(kernel, "boot", "config-" + rel)) as f:
            for line in f:
                if line.endswith("=y\n"):
                    options.add(line[len("CONFIG_"):-3])
        return {m for m, o in MODULE_CONFIG.items() if o in options}
say, die = reporter("parity")


def die_with_parent():
    """In the child: SIGKILL when this script ends (PR_SET_PDEATHSIG)."""
    ctypes.CDLL(None).prctl(1, signal.SIGKILL)


class Guest:
    """The QEMU guest and its control port."""

    def __init__(self, args, kernel, base):
        self.run = tempfile.mkdtemp(prefix="bcc-parity-", dir="/tmp")  # short socket paths
        self.console = os.path.join(args.out, "console.log")
        rel = os.path.basename(glob.glob(os.path.join(kernel, "lib/modules/*"))[0])
        self.initrd = os.path.join(self.run, "initrd.cpio")  # removed once QEMU has read it
        self._initrd(args, kernel, rel, base)
        disk = os.path.join(self.run, "disk.img")
        with open(disk, "wb") as f:
            f.truncate(64 << 20)
        icount = ["-icount", "shift=%d,sleep=on" % args.icount] if args.icount is not None else []
        argv = ["qemu-system-x86_64", "-accel", "tcg", "-cpu", "max", "-smp", str(args.smp),
                "-m", args.mem] + icount + [
                "-nodefaults", "-no-user-config", "-net", "none", "-display", "none",
                "-monitor", "none", "-no-reboot",
                "-kernel", os.path.join(kernel, "boot", "vmlinux-" + rel), "-initrd", self.initrd,
                "-append", "console=ttyS0 panic=-1 quiet no_timer_check rdinit=/init",
                "-serial", "file:" + self.console,
                "-device", "virtio-serial-pci",
                "-chardev", "socket,id=c0,path=%s/ctl.sock,server=on,wait=off" % self.run,
                "-device", "virtserialport,chardev=c0,name=parity-ctl",
                "-chardev", "socket,id=c1,path=%s/data.sock,server=on,wait=off" % self.run,
                "-device", "virtserialport,chardev=c1,name=bpfd",
                "-drive", "file=%s,format=raw,if=none,id=d0" % disk,
                "-device", "virtio-blk-pci,drive=d0"]
        say("booting the guest (-smp %s -m %s%s, initramfs %d MiB; unpacking it takes ~1 min under TCG)"
            % (args.smp, args.mem, " " + " ".join(icount) if icount else "",
               os.path.getsize(self.initrd) >> 20))
        self.qemu = subprocess.Popen(argv, stdout=subprocess.DEVNULL,
                                     stderr=open(os.path.join(self.run, "qemu.log"), "w"),
                                     start_new_session=True, preexec_fn=die_with_parent)
        self.data_sock = os.path.join(self.run, "data.sock")
        self.sock = None
        self.buf = b""
        self.workload_ms = []  # each workload command's time in the guest
        deadline = time.monotonic() + 60
        while self.sock is None:
            try:
                s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
                s.connect(os.path.join(self.run, "ctl.sock"))
                self.sock = s
            except OSError:
                if self.qemu.poll() is not None or time.monotonic() > deadline:
                    die("QEMU did not start: " + open(os.path.join(self.run, "qemu.log")).read())
                time.sleep(0.1)
        # The init reads end-of-file until we are connected: say hello until it answers.
        deadline = time.monotonic() + args.boot_timeout
        self.sock.settimeout(2)
        while True:
            self.sock.sendall(b"hello\n")
            try:
                line = self.readline(timeout=2)
            except TimeoutError:
                line = None
            if line and line.startswith("hello"):
                self.facts = dict(w.split("=", 1) for w in line.split()[1:])
                break
            if self.qemu.poll() is not None or time.monotonic() > deadline:
                die("the guest did not come up; console: %s\n%s" % (self.console, self.tail()))
        self.sock.settimeout(None)
        os.unlink(self.initrd)
        if getattr(args, "release", None) and self.facts.get("bcc") != args.release.split()[0]:
            die("the guest's BCC is %s, not the root file system's %s" % (
                self.facts.get("bcc"), args.release))
        say("guest up: %s" % line)

    def _initrd(self, args, kernel, rel, base):
        stage = os.path.join(self.run, "stage")
        os.makedirs(os.path.join(stage, "parity", "modules"))
        os.makedirs(os.path.join(stage, "usr", "bin"))
        shutil.copy(os.path.join(HERE, "guest-init.sh"), os.path.join(stage, "init"))
        shutil.copy(os.path.join(ROOT, "bench", "bcc-vs-bpfd", "guest-setup.sh"),
                    os.path.join(stage, "parity", "guest-setup.sh"))
        shutil.copy(os.path.join(args.build, "bin", "bpfd-x86_64"), os.path.join(stage, "parity", "bpfd"))
        shutil.copy(os.path.join(args.build, "share", "bpfd", "guest", "x86_64", "workload"),
                    os.path.join(stage, "usr", "bin", "workload"))
        moddir = os.path.join(kernel, "lib", "modules", rel)
        builtin = built_in(kernel, rel)
        order = []
        for m in MODULES:
            found = glob.glob(os.path.join(moddir, "kernel", "**", m + ".ko"), recursive=True)
            if found:
                shutil.copy(found[0], os.path.join(stage, "parity", "modules", m + ".ko"))
                order.append(m)
            elif m not in builtin:
                die("module %s is neither in %s nor built in" % (m, moddir))
        with open(os.path.join(stage, "parity", "modules", "order"), "w") as f:
            f.write("\n".join(order) + "\n")
        # Other files for /parity (args.guest_files: [(HOST, NAME)], e.g.
        # bench/bpfd-events.py's BCC peer).
        extra = ["parity/" + name for _, name in getattr(args, "guest_files", [])]
        for src, name in getattr(args, "guest_files", []):
            shutil.copy(src, os.path.join(stage, "parity", name))
        for f in ("init", "parity/bpfd", "usr/bin/workload"):
            os.chmod(os.path.join(stage, f), 0o755)
        # Only entries that exist as directories in the root file system or
        # are new: a "bin" entry would replace its usr/bin symlink.
        names = ["init", "parity", "parity/guest-setup.sh", "parity/bpfd", "parity/modules",
                 "usr/bin/workload"] + extra + ["parity/modules/" + n for n in os.listdir(
                     os.path.join(stage, "parity", "modules"))]
        out = subprocess.run(["cpio", "-o", "-H", "newc", "-R", "0:0", "--quiet"], cwd=stage,
                             input=("\n".join(names) + "\n").encode(), stdout=subprocess.PIPE,
                             check=True).stdout
        with open(self.initrd, "wb") as dst, open(base, "rb") as src:
            shutil.copyfileobj(src, dst, 1 << 20)
            dst.write(out)
        shutil.rmtree(stage)

    def tail(self, n=20):
        try:
            return "\n".join(open(self.console, errors="replace").read().splitlines()[-n:])
        except OSError:
            return ""

    def readline(self, timeout=None):
        deadline = None if timeout is None else time.monotonic() + timeout
        while b"\n" not in self.buf:
            if deadline is not None:
                left = deadline - time.monotonic()
                if left <= 0:
                    raise TimeoutError()
                self.sock.settimeout(left)
            else:
                self.sock.settimeout(5)
            try:
                data = self.sock.recv(65536)
            except socket.timeout:
                if deadline is None:
                    if self.qemu.poll() is not None:
                        die("the guest went away; console: %s\n%s" % (self.console, self.tail()))
                    continue
                raise TimeoutError()
            if not data:
                die("the guest closed its control port; console: %s\n%s" % (self.console, self.tail()))
            self.buf += data
        line, self.buf = self.buf.split(b"\n", 1)
        return line.decode(errors="replace")

    def command(self, line):
        self.sock.sendall((line + "\n").encode())
        return self.readline()

    def clock(self):
        """The guest's clock, µs."""
        return int(self.command("clock").split("us=")[1])

    def workload(self):
        """Runs tools.WORKLOAD in the guest; returns each command's ms."""
        time.sleep(tools.GRACE)
        self.workload_ms = []
        for argv in tools.WORKLOAD:
            reply = self.command("workload " + " ".join(argv))
            if not reply.startswith("done status=0"):
                die("the workload failed: %s (%s)" % (reply, " ".join(argv)))
            self.workload_ms.append(int(reply.split("ms=")[1]))
        time.sleep(tools.SETTLE)
        return self.workload_ms

    def close(self):
        try:
            self.sock.sendall(b"poweroff\n")
            self.qemu.wait(timeout=60)
        except (OSError, subprocess.TimeoutExpired):
            pass
        if self.qemu.poll() is None:
            os.killpg(self.qemu.pid, signal.SIGKILL)
            self.qemu.wait()
        shutil.rmtree(self.run, ignore_errors=True)


def run_native(guest, name, spec, out, timeout):
    argv = ["/usr/sbin/%s-bpfcc" % tools.base(name)] + spec["args"]
    say("%s: BCC in the guest: %s" % (name, " ".join(argv)))
    start = time.monotonic()
    reply = guest.command("native %s %s %d %s" % (name, spec["ready"], timeout, " ".join(argv)))
    host_s = time.monotonic() - start
    result = {"argv": argv}
    if reply.startswith("ready "):
        result["ready_ms"] = int(reply.split("ms=")[1])
        result["ready_host_s"] = round(host_s, 3)
        say("%s: BCC tracing after %.1f s (guest clock), %.1f s (host)" % (
            name, result["ready_ms"] / 1000, host_s))
        result["workload_ms"] = guest.workload()
    else:
        result["failed"] = reply
        say("%s: BCC did not start: %s" % (name, reply))
    guest.sock.sendall(("stop %s\n" % name).encode())
    stdout, stderr = [], []
    while True:
        line = guest.readline()
        if line.startswith("o|"):
            stdout.append(line[2:])
        elif line.startswith("e|"):
            stderr.append(line[2:])
        elif line.startswith("stopped "):
            result["status"] = line.split("status=")[1]
            break
    with open(os.path.join(out, name + ".native.out"), "w") as f:
        f.write("".join(l + "\n" for l in stdout))
    with open(os.path.join(out, name + ".native.err"), "w") as f:
        f.write("".join(l + "\n" for l in stderr))
    return result


def save_native(out, name, dest):
    """TOOL.native.{err,out} into dest, .out last: its presence means done."""
    os.makedirs(dest, exist_ok=True)
    for ext in ("err", "out"):
        f = "%s.native.%s" % (name, ext)
        shutil.copy(os.path.join(out, f), os.path.join(dest, f + ".tmp"))
        os.rename(os.path.join(dest, f + ".tmp"), os.path.join(dest, f))


_guest_lock = []


def lock_guest(say):
    """One parity guest (and root file system build) at a time on this
    machine, whatever the cache folder: waits for the others' (saying so);
    the lock is held until this process ends."""
    lock = open("/tmp/bcc-parity-guest.lock", "w")
    try:
        fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        say("waiting for another parity guest to end (%s)" % lock.name)
        fcntl.flock(lock, fcntl.LOCK_EX)
    _guest_lock.append(lock)


def guest_kernel(cache, which="current"):
    """The x86_64 kernel the cache holds already (the one the tests and the
    other guests use, whatever its ABI: another ABI is a cache of its own),
    fetched only when there is none. Fetching would follow Debian's
    metapackage and move the cache's `current` to the newest ABI under a
    running suite. WHICH: current (Debian 12's), a suite whose kernel
    scripts/fetch-kernel.sh fetched (CACHE/kernels/x86_64/SUITE), or a
    folder."""
    if which not in ("", "current"):
        tree = which if os.sep in which else os.path.join(cache, "kernels", "x86_64", which)
        if not os.path.isdir(os.path.join(tree, "boot")):
            die("no kernel in %s (scripts/fetch-kernel.sh x86_64 fetches Debian's)" % tree)
        return os.path.realpath(tree)
    current = os.path.join(cache, "kernels", "x86_64", "current")
    if os.path.isdir(os.path.join(current, "boot")):
        return os.path.realpath(current)
    return subprocess.run([os.path.join(ROOT, "scripts", "fetch-kernel.sh"), "x86_64", cache],
                          stdout=subprocess.PIPE, text=True, check=True).stdout.strip()


def rootfs(cache, suite, kernel):
    """The guest's initramfs base (scripts/bcc-rootfs.sh, built once) and its
    BCC release, "VERSION DEBIAN-VERSION"."""
    base = subprocess.run([os.path.join(ROOT, "scripts", "bcc-rootfs.sh"), "--suite", suite,
                           cache, kernel], stdout=subprocess.PIPE, text=True).stdout.strip()
    if not base:
        die("no root file system (scripts/bcc-rootfs.sh failed)")
    return base, open(os.path.join(os.path.dirname(base), "bcc-release")).read().strip()


def host_bcc(cache, suite, guest_release):
    """The --bcc of bpfd-bcc for SUITE (none for bookworm: the host's own
    BCC, the same Debian 12 release), checked to be the guest's release."""
    if suite == "bookworm":
        host = subprocess.run(["dpkg-query", "-W", "-f", "${Version}", "python3-bpfcc"],
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True).stdout
        if host != guest_release.split()[-1]:
            say("note: this host's python3-bpfcc is %s, the guest's %s"
                % (host or "not installed", guest_release))
        return []
    tree = os.path.join(cache, "bcc", suite)
    if not os.path.isfile(os.path.join(tree, ".release")):
        subprocess.run([os.path.join(ROOT, "scripts", "fetch-bcc.sh"), suite, cache],
                       stdout=subprocess.DEVNULL, check=True)
    version, debver = open(os.path.join(tree, ".release")).read().split()[:2]
    if "%s %s" % (version, debver) != guest_release:
        die("the guest's root file system has BCC %s, bpfd-bcc --bcc %s %s %s (%s): %s served "
            "a new release since one of them was fetched; build the root file system again "
            "(rm -r %s) or fetch the release again (scripts/fetch-bcc.sh %s)"
            % (guest_release, suite, version, debver, os.path.realpath(tree), suite,
               os.path.join(cache, "bench", suite), suite))
    return ["--bcc", suite]


def run_bpfd(guest, name, spec, out, args, kernel, timeout):
    relay = "process:%s %s %s" % (sys.executable, os.path.join(HERE, "relay.py"), guest.data_sock)
    argv = [os.path.join(args.build, "bin", "bpfd-bcc")] + args.host_bcc + [
        "--remote", relay, "--kernel", kernel, tools.base(name)] + spec["args"]
    say("%s: bpfd-bcc on this host: bpfd-bcc %s--remote process:relay.py %s %s" % (
        name, "".join(a + " " for a in args.host_bcc), name, " ".join(spec["args"])))
    cpu0 = sum(os.times()[2:4])
    g0 = guest.clock()
    env = dict(os.environ, PYTHONUNBUFFERED="1", BPFD_CACHE_DIR=args.cache)
    errf = open(os.path.join(out, name + ".bpfd.err"), "w")
    start = time.monotonic()
    p = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=errf, env=env, bufsize=0)
    result = {"argv": ["bpfd-bcc"] + argv[1:]}
    # All of stdout, in a thread; first_line is set at the first newline.
    chunks, first_line = [], threading.Event()

    def read_stdout():
        while True:
            data = os.read(p.stdout.fileno(), 65536)
            if not data:
                break
            chunks.append(data)
            if b"\n" in data:
                first_line.set()
        first_line.set()

    reader = threading.Thread(target=read_stdout, daemon=True)
    reader.start()
    if spec["ready"] == "line":
        first_line.wait(timeout)
        if chunks and b"\n" in b"".join(chunks):
            result["ready_ms"] = int((time.monotonic() - start) * 1000)
    else:
        reply = guest.command("wait-timer %d" % timeout)
        if reply.startswith("ready"):
            result["ready_ms"] = int((time.monotonic() - start) * 1000)
    if "ready_ms" in result:
        result["ready_guest_ms"] = int((guest.clock() - g0) / 1000)
        say("%s: bpfd-bcc tracing after %.2f s (%.2f s by the guest's clock)" % (
            name, result["ready_ms"] / 1000, result["ready_guest_ms"] / 1000))
        result["workload_ms"] = guest.workload()
    else:
        result["failed"] = "not ready"
        say("%s: bpfd-bcc did not start" % name)
    # SIGINT; a second one (the launcher sends the tool SIGTERM) after 30 s.
    for sig in (signal.SIGINT, signal.SIGINT, signal.SIGKILL):
        if p.poll() is None:
            p.send_signal(sig)
        try:
            p.wait(timeout=30)
            break
        except subprocess.TimeoutExpired:
            say("%s: bpfd-bcc did not end after signal %d" % (name, sig))
    reader.join(30)
    result["status"] = p.returncode
    result["cpu_s"] = round(sum(os.times()[2:4]) - cpu0, 2)
    errf.close()
    lines = chunks
    with open(os.path.join(out, name + ".bpfd.out"), "wb") as f:
        f.write(b"".join(lines))
    return result


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--build", default=os.path.join(ROOT, "build"))
    ap.add_argument("--out", required=True)
    ap.add_argument("--tools", default=",".join(tools.ORDER))
    ap.add_argument("--args", action="append", default=[], metavar="TOOL=ARGS",
                    help="other arguments for TOOL (a tool may be named TOOL@LABEL "
                    "in --tools to run it more than once: opensnoop@ts)")
    ap.add_argument("--sides", default="native,bpfd", help="native, bpfd or both (default)")
    ap.add_argument("--suite", default="bookworm",
                    help="the Debian suite of the guest's root file system and its BCC "
                    "(bookworm, the default: Debian 12's BCC, the host's own; sid: "
                    "unstable's, and bpfd-bcc --bcc sid)")
    ap.add_argument("--kernel", default="current",
                    help="the guest's kernel: current (Debian 12's, the default), a suite "
                    "fetched by scripts/fetch-kernel.sh, or a folder")
    ap.add_argument("--icount", type=int, help="-icount shift=N: guest time counts instructions")
    ap.add_argument("--smp", type=int, default=1)
    ap.add_argument("--mem", default="3G")
    ap.add_argument("--timeout", type=int, default=900, help="seconds for a tool to start")
    ap.add_argument("--boot-timeout", type=int, default=600)
    ap.add_argument("--save-native", metavar="DIR",
                    help="copy each tool's BCC output there as soon as it is done; "
                    "a tool whose output is there already is not run by BCC again")
    args = ap.parse_args()
    args.build = os.path.abspath(args.build)
    args.cache = os.path.abspath(cache_dir(args.build))
    names = [t for t in args.tools.split(",") if t]
    specs = {t: dict(tools.TOOLS.get(tools.base(t), {})) for t in names}
    for a in args.args:
        t, _, words = a.partition("=")
        if t not in specs:
            die("--args %s: %s is not among --tools" % (a, t))
        specs[t]["args"] = words.split()
    for t in names:
        if tools.base(t) not in tools.TOOLS:
            die("unknown tool %s (%s)" % (t, ", ".join(tools.ORDER)))
    sides = args.sides.split(",")
    for f in ("bin/bpfd-x86_64", "bin/bpfd-bcc", "share/bpfd/guest/x86_64/workload",
              "lib/bpfd-bcc/libbcc.so.0"):
        if not os.path.exists(os.path.join(args.build, f)):
            die("%s/%s is not built (cmake --build %s --target bpfd-bcc bcc_remote bpfd-guest)"
                % (args.build, f, args.build))
    os.makedirs(args.out, exist_ok=True)

    lock_guest(say)
    kernel = guest_kernel(args.cache, args.kernel)
    base, release = rootfs(args.cache, args.suite, kernel)
    args.release = release
    args.host_bcc = host_bcc(args.cache, args.suite, release)
    say("Debian %s's BCC %s: natively in the guest%s" % (
        args.suite, release, ", and on this host through bpfd-bcc --bcc %s" % args.suite
        if args.host_bcc else ", and the host's own through bpfd-bcc"))
    # SIGTERM/SIGINT end the run through the finally below (the guest goes too).
    for sig in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
        signal.signal(sig, lambda n, _: sys.exit(128 + n))
    load_before = os.getloadavg()
    guest = Guest(args, kernel, base)
    results = {"guest": guest.facts, "suite": args.suite, "bcc": release,
               "host_bcc": args.host_bcc, "kernel": kernel, "icount": args.icount, "smp": args.smp,
               "load_before": load_before, "tools": {}}
    try:
        for name in names:
            spec = specs[name]
            r = results["tools"][name] = {}
            if "native" in sides and args.save_native and os.path.exists(
                    os.path.join(args.save_native, name + ".native.out")):
                say("%s: BCC's output is in %s already" % (name, args.save_native))
            elif "native" in sides:
                r["native"] = run_native(guest, name, spec, args.out, args.timeout)
                # Saved if it ran, or failed by itself (BCC's own failure is
                # what bpfd-bcc must match too), not if it timed out.
                if args.save_native and ("ready_ms" in r["native"] or
                                         "why=exited" in r["native"].get("failed", "")):
                    save_native(args.out, name, args.save_native)
            if "bpfd" in sides:
                r["bpfd"] = run_bpfd(guest, name, spec, args.out, args, kernel, args.timeout)
            with open(os.path.join(args.out, "run.json"), "w") as f:
                json.dump(results, f, indent=1)
    finally:
        guest.close()
    results["load_after"] = os.getloadavg()
    results["seconds"] = round(time.monotonic() - T0, 1)
    with open(os.path.join(args.out, "run.json"), "w") as f:
        json.dump(results, f, indent=1)
    say("done in %.0f s" % (time.monotonic() - T0))


if __name__ == "__main__":
    main()
