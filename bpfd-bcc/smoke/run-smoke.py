#!/usr/bin/env python3
"""BCC's tool smoke suite (tools-smoke.txt) through bpfd-bcc, one guest boot per tool.

    run-smoke.py [--arch arm64|x86_64] [--bcc RELEASE] [--only TOOL[,TOOL...]] [--floor N]
                 [--logs DIR]

Each invocation of tools-smoke.txt runs as one command,

    bpfd-bcc --remote qemu:ARCH --workload WORKLOAD TOOL ARGS

(with --bcc RELEASE, `bpfd-bcc --bcc RELEASE`: that release's tools and Python, and that
release's lines of the list, its since=/until= tags) with BCC's semantics: `duration` waits for the tool to exit by itself (TIMEOUT s, counted from
the moment the device is ready, since BCC's clock starts with a running kernel); `int` lets it
run TIMEOUT s, sends SIGINT to bpfd-bcc (which forwards it to the tool) and waits KILL s more.
The guest runs WORKLOAD (files, exec, reads, writes, unlinks, sleeps, a loopback TCP
connection, O_DIRECT block I/O on a virtio disk) for the tools to see.

Before the tools, one bpfd session on the same guest (bpfd-remote, same workload, disk and
memory) reads what the guest's kernel offers: available_filter_functions, available_events,
kallsyms, the PMUs, the workload's pid (for {PID}), and whether the uprobe targets of the
user-space tools exist there. A tool that fails is SKIP-TARGET only when what it failed on is
missing from those facts; otherwise it is FAIL.

Outcomes: PASS (exit 0, or the end BCC accepts after SIGINT, and it printed its header),
PASS+ROWS (it also printed data rows), FAIL (with the first error line), SKIP-TARGET (with what
the guest lacks). USDT tools are counted apart. The table is Markdown; the last line is

    N of M tools whose probes exist exit cleanly and print their header (P%); K print rows
"""
import argparse
import json
import os
import pty
import re
import select
import shlex
import signal
import subprocess
import sys
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
SRC = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(SRC, "python"))
import bpfd_client  # noqa: E402
WORKLOAD = ("/bin/workload -i 100 open:/etc/modules write:/tmp/smoke read:/tmp/smoke "
            "unlink:/tmp/smoke exec:/bin/workload,true connect:9090 dio:/dev/vda "
            "sleep:20 getpid")
DISK_MIB = 64

# Tools that trace a file system or driver built as a module: the guest loads it (and what it
# depends on) from the same Debian kernel package (scripts/bcc-corpus/guest_modules.py), as a
# device that uses it has it loaded. Not a fact of BCC's suite: ours, so they are exercised.
MODULES = {
    "ext4dist": ["ext4"], "ext4slower": ["ext4"],
    "btrfsdist": ["btrfs"], "btrfsslower": ["btrfs"],
    "xfsdist": ["xfs"], "xfsslower": ["xfs"],
    "nfsdist": ["nfs"], "nfsslower": ["nfs", "nfsv4"],
    "mdflush": ["md_mod"],
}
MODULES["f2fsslower"] = ["f2fs"]
ALL_MODULES = ["ext4", "btrfs", "xfs", "nfs", "nfsv4", "md_mod", "f2fs"]


def release_tuple(text):
    """'0.31.0' or '0.31' -> (0, 31, 0)."""
    parts = [int(p) for p in re.findall(r"\d+", text)[:3]]
    return tuple(parts + [0] * (3 - len(parts)))


def bcc_release(args):
    """(the release's root folder, its version) for --bcc; the host's own without it."""
    if not args.bcc:
        root = "/"
    elif "/" in args.bcc:
        root = os.path.abspath(args.bcc)
    else:
        cache = os.environ.get("BPFD_CACHE_DIR", os.path.join(args.build, "cache"))
        bccdir = os.path.join(cache, "bcc")
        names = [n for n in (os.listdir(bccdir) if os.path.isdir(bccdir) else [])
                 if n == args.bcc or n.startswith(args.bcc + ".")]
        if not names:
            subprocess.run([os.path.join(SRC, "scripts", "fetch-bcc.sh"), args.bcc, cache],
                           check=True, stdout=subprocess.DEVNULL)
            names = [n for n in os.listdir(bccdir) if n == args.bcc or n.startswith(args.bcc + ".")]
        root = os.path.realpath(os.path.join(bccdir, sorted(names)[-1]))
    version = open(os.path.join(root, "usr/lib/python3/dist-packages/bcc/version.py")).read()
    return root, re.search(r"['\"]([^'\"]+)['\"]", version).group(1)


def current_kernel(args):
    """The unpacked kernel the guests boot: BPFD_CACHE_DIR's (as bpfd-remote
    reads it), else the build's cache; $BPFD_KERNEL_SUITE's when set."""
    return os.path.realpath(os.path.join(
        os.environ.get("BPFD_CACHE_DIR", os.path.join(args.build, "cache")),
        "kernels", args.arch, os.environ.get("BPFD_KERNEL_SUITE") or "current"))


def module_args(args, tool):
    """--guest-file arguments loading every module of ALL_MODULES when the tool wants one."""
    if args.no_modules or tool not in MODULES:
        return []
    sys.path.insert(0, os.path.join(SRC, "scripts", "bcc-corpus"))
    import guest_modules
    # sunrpc (nfs) lives in net/, md_mod in drivers/md/
    guest_modules.TREES = tuple(dict.fromkeys(guest_modules.TREES + ("net", "drivers/md")))
    kernel = current_kernel(args)
    mods = guest_modules.ensure(kernel, args.arch, ALL_MODULES,
                                cache=os.path.join(args.logs, "cache"))
    return guest_modules.guest_file_args(mods)


# ----------------------------------------------------------------------------- the list

class Invocation:
    def __init__(self, tool, how, timeout, kernel, tags, args, line):
        self.tool, self.how, self.kernel, self.args, self.line = tool, how, kernel, args, line
        parts = timeout.split("/")
        self.timeout = float(parts[0])
        self.kill_timeout = float(parts[1]) if len(parts) > 1 else 5.0
        self.tags = {}
        for t in ([] if tags == "-" else tags.split(",")):
            k, _, v = t.partition("=")
            self.tags[k] = v or True
        self.usdt = "usdt" in self.tags
        self.test = self.tags.get("test", tool)

    @property
    def key(self):
        """A name unique in the list: the tool, or the test's name where two run one tool."""
        return self.tool if self.test == self.tool else "%s@%s" % (self.tool, self.test)


def read_list(path, release=None):
    """The invocations of the list; with release (a tuple), only those of that release."""
    out = []
    for n, line in enumerate(open(path), 1):
        if not line.strip() or line.startswith("#"):
            continue
        head, sep, args = line.partition(" -- ")
        if not sep:
            head, args = line.rstrip().rstrip("-").rstrip(), ""
            if not line.rstrip().endswith("--"):
                raise SystemExit("%s:%d: no ' -- ' before the arguments" % (path, n))
        f = head.split()
        if len(f) != 5 or f[1] not in ("duration", "int"):
            raise SystemExit("%s:%d: want TOOL HOW TIMEOUT KERNEL TAGS -- ARGS" % (path, n))
        inv = Invocation(f[0], f[1], f[2], f[3], f[4], shlex.split(args), n)
        if release and ("since" in inv.tags and release < release_tuple(inv.tags["since"]) or
                        "until" in inv.tags and release_tuple(inv.tags["until"])[:2] < release[:2]):
            continue
        out.append(inv)
    return out


# ----------------------------------------------------------------------------- the guest

def guest_session(argv, env):
    """A bpfd session through bpfd-remote's stdin/stdout (python/bpfd_client)."""
    try:
        return bpfd_client.Coprocess(argv, timeout=None, capture_stderr=True, env=env)
    except bpfd_client.Failed as e:
        raise SystemExit("bpfd-remote: no greeting (%s)" % e)


def read_text(s, path):
    """The guest's file PATH as text, or None."""
    data = s.read_file(path)
    return None if data is None else data.decode("utf-8", "replace")


FACTS_VERSION = 2  # what guest_facts() reads: a cache of another version is read again

# Uprobe targets of the user-space tools in the list: (binary, symbol) as the tools ask BCC.
UPROBE_TARGETS = {
    "bashreadline": ("/bin/bash", "readline"),
    "gethostlatency": ("c", "getaddrinfo"),
    "sslsniff": ("ssl", "SSL_write"),
    "deadlock": ("pthread", "pthread_mutex_lock"),
    "cobjnew": ("c", "malloc"),
}

# /sys/bus/event_source/devices entries that are not a hardware PMU
SOFTWARE_PMUS = {"breakpoint", "kprobe", "uprobe", "software", "tracepoint", "msr"}

# Tools with no header of their own: an empty listing that exits 0 passes.
NO_HEADER = {"tplist"}


def usdt_probes(binary):
    """provider:name of the USDT probes in an ELF file (its .note.stapsdt, by readelf)."""
    try:
        out = subprocess.run(["readelf", "-n", binary], capture_output=True, text=True).stdout
    except OSError:
        return None
    provider, probes = None, []
    for line in out.splitlines():
        line = line.strip()
        if line.startswith("Provider:"):
            provider = line.split(":", 1)[1].strip()
        elif line.startswith("Name:") and provider:
            probes.append("%s:%s" % (provider, line.split(":", 1)[1].strip()))
    return probes


def guest_facts(args, env, modules=False):
    """What the guest's kernel offers, read through one bpfd session (cached per arch); with
    modules, in a guest that loaded the modules of ALL_MODULES."""
    cache = os.path.join(args.logs, args.arch,
                         "guest-facts%s.json" % ("-modules" if modules else ""))
    if os.path.exists(cache) and not args.refresh_facts:
        f = json.load(open(cache))
        # Facts of another kernel (another ABI, another cache) are read again.
        if f.get("version") == FACTS_VERSION and f.get("kernel") == current_kernel(args):
            return f
    argv = [os.path.join(args.build, "bin", "bpfd-remote"), "qemu:" + args.arch,
            "--workload", WORKLOAD] + (module_args(args, next(iter(MODULES))) if modules else [])
    s = guest_session(argv, env)
    try:
        return guest_facts_read(args, s, cache)
    except bpfd_client.Failed as e:
        raise SystemExit("bpfd-remote: %s" % e)


def guest_facts_read(args, s, cache):
    """guest_facts() through the session S; writes them to CACHE."""
    f = {"version": FACTS_VERSION, "kernel": current_kernel(args), "greeting": s.greeting}
    f["release"] = bpfd_client.parse_greeting(s.greeting)["release"]
    f["functions"] = sorted({l.split()[0] for l in (read_text(
        s, "/sys/kernel/tracing/available_filter_functions") or "").splitlines() if l.strip()})
    f["events"] = sorted(l.strip() for l in (read_text(
        s, "/sys/kernel/tracing/available_events") or "").splitlines() if l.strip())
    f["kallsyms"] = sorted({l.split()[2] for l in (read_text(s, "/proc/kallsyms") or "")
                            .splitlines() if len(l.split()) >= 3})
    f["modules"] = sorted(l.split()[0] for l in (read_text(s, "/proc/modules") or "")
                          .splitlines() if l.strip())
    pmus = s.command("FILE_LIST /sys/bus/event_source/devices").payload
    f["pmus"] = sorted(p.split(" ", 1)[1] for p in pmus)
    f["filesystems"] = sorted(l.split()[-1] for l in (read_text(s, "/proc/filesystems") or "")
                              .splitlines() if l.strip())
    # the workload: the lowest pid running /bin/workload (its exec: children come later)
    entries = s.command("FILE_LIST /proc").payload
    pids = sorted(int(e.split()[1]) for e in entries if e.split()[1].isdigit())
    f["workload_pid"] = None
    f["programs"] = []
    for pid in pids:
        r = s.command("FILE_READLINK /proc/%d/exe" % pid)
        target = r.payload
        if r.ok and target:
            f["programs"].append(target[0])
            if target[0].endswith("/bin/workload") and f["workload_pid"] is None:
                f["workload_pid"] = pid
    f["programs"] = sorted(set(f["programs"]))
    # the workload's USDT probes: the guest runs this very file (build/share/bpfd/guest)
    f["workload_usdt"] = usdt_probes(os.path.join(args.build, "share", "bpfd", "guest",
                                                  args.arch, "workload"))
    f["uprobe_targets"] = {}
    for tool, (binary, sym) in UPROBE_TARGETS.items():
        r = s.command("RESOLVE_UPROBE %s %s" % (binary, sym))
        f["uprobe_targets"][tool] = {"binary": binary, "symbol": sym, "ok": r.ok,
                                     "reply": r.payload[0] if r.payload else r.line}
    s.close(wait=120)
    os.makedirs(os.path.dirname(cache), exist_ok=True)
    json.dump(f, open(cache, "w"), indent=1)
    return f


# ----------------------------------------------------------------------------- one tool

def tool_argv(inv, args, facts):
    """bpfd-bcc's command line for an invocation. Debian's wrappers of the lib/ tools
    (cobjnew-bpfcc: `$lib/uobjnew -l c "$@"`) are bash scripts; bpfd-bcc runs a tool with
    python3, so the wrapper's own command is run instead (what the wrapper would exec)."""
    tool, pre = inv.tool, []
    sbin = os.path.join(args.bcc_root, "usr/sbin")
    path = os.path.join(sbin, "%s-bpfcc" % tool)
    if os.path.exists(path):
        first = open(path, "rb").readline()
        if b"bash" in first or first.startswith(b"#!/bin/sh"):
            m = re.search(r'^\$lib/(\S+)\s+(.*?)\s*"\$@"', open(path).read(), re.M)
            if m:
                tool, pre = m.group(1), shlex.split(m.group(2))
    head = [os.path.join(args.build, "bin", "bpfd-bcc"), "--remote", "qemu:" + args.arch,
            "--workload", WORKLOAD] + (["--bcc", args.bcc_root] if args.bcc else []) + \
        module_args(args, inv.tool)
    if any("{PID}" in w for w in inv.args):
        # The workload's pid differs from boot to boot (kernel threads start before it): the
        # tool's own sandbox finds it in the device's /proc, the oldest process named workload
        # (its exec: children are younger), and runs the tool as bpfd-bcc would.
        path = os.path.join(sbin, "%s-bpfcc" % tool)
        if not os.path.exists(path):
            path = os.path.join(sbin, tool)
        words = [shlex.quote(w).replace("{PID}", "'\"$PID\"'") for w in inv.args]
        script = ('PID=$(pgrep -o -x workload) || { echo "no workload process" >&2; exit 1; }; '
                  "exec /usr/bin/python3 %s %s" % (path, " ".join(
                      [shlex.quote(a) for a in pre] + words)))
        inv.shown = " ".join([tool] + [shlex.quote(a) for a in pre] +
                             [a.replace("{PID}", "$(pgrep -o -x workload)") for a in inv.args])
        return head + ["--exec", "--", "sh", "-c", script]
    words = list(inv.args)
    inv.shown = " ".join(shlex.quote(a) for a in [tool] + pre + words)
    return head + [tool] + pre + words


class Reader(threading.Thread):
    """Collects a stream's lines with their arrival times."""

    def __init__(self, fd, on_line=None):
        super().__init__(daemon=True)
        self.fd, self.lines, self.on_line, self.buf = fd, [], on_line, b""

    def run(self):
        while True:
            try:
                chunk = os.read(self.fd, 65536)
            except OSError:
                chunk = b""
            if not chunk:
                break
            self.buf += chunk
            while b"\n" in self.buf:
                line, self.buf = self.buf.split(b"\n", 1)
                self.add(line)
        if self.buf:
            self.add(self.buf)

    def add(self, raw):
        line = raw.decode("utf-8", "replace").rstrip("\r")
        self.lines.append((time.monotonic(), line))
        if self.on_line:
            self.on_line(line)


def run_one(inv, args, facts, env):
    argv = tool_argv(inv, args, facts)
    env = dict(env)
    if "mem" in inv.tags:
        env["BPFD_QEMU_MEM_MIB"] = inv.tags["mem"]
    ready = threading.Event()

    def on_err(line):
        if "bpfd ready on" in line:
            ready.set()

    if "tty" in inv.tags:
        master, slave = pty.openpty()
        # a terminal of a fixed size for curses tools
        import fcntl, struct, termios
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 160, 0, 0))
        errr, errw = os.pipe()
        p = subprocess.Popen(argv, stdin=slave, stdout=slave, stderr=errw, env=env,
                             start_new_session=True)
        os.close(slave)
        os.close(errw)
        out_fd, err_fd = master, errr
    else:
        outr, outw = os.pipe()
        errr, errw = os.pipe()
        p = subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=outw, stderr=errw, env=env)
        os.close(outw)
        os.close(errw)
        out_fd, err_fd = outr, errr
    out = Reader(out_fd)
    err = Reader(err_fd, on_err)
    out.start()
    err.start()
    start = time.monotonic()
    events = []

    def wait(seconds):
        try:
            p.wait(timeout=max(0.0, seconds))
            return True
        except subprocess.TimeoutExpired:
            return False

    # the clock starts when the device is ready (BCC's starts with a running kernel)
    while not ready.is_set() and p.poll() is None and time.monotonic() - start < args.boot_timeout:
        ready.wait(0.2)
    t0 = time.monotonic() if ready.is_set() else start
    sigint_at = None
    if inv.how == "duration":
        limit = inv.timeout * args.slack
        if not wait(t0 + limit - time.monotonic()):
            events.append("no exit within %gs: SIGINT" % limit)
            p.send_signal(signal.SIGINT)
            if not wait(15):
                p.kill()
                p.wait()
                events.append("killed")
    else:
        # run TIMEOUT s; but never interrupt a tool that has not started printing yet
        # (compiling on 2 shared cores can take longer than BCC's host clang): wait for its
        # first line up to TIMEOUT*slack more, then give it one more second to attach
        deadline = t0 + inv.timeout
        if not wait(deadline - time.monotonic()):
            waited = False
            while not out.lines and p.poll() is None and \
                    time.monotonic() < t0 + inv.timeout * (1 + args.slack):
                waited = True
                time.sleep(0.2)
            if waited and out.lines:
                wait(1.0)
        if p.poll() is None:
            sigint_at = time.monotonic()
            p.send_signal(signal.SIGINT)
            grace = inv.kill_timeout * args.slack
            if not wait(grace):
                events.append("no exit %gs after SIGINT" % grace)
                p.send_signal(signal.SIGTERM)
                if not wait(15):
                    p.kill()
                    p.wait()
                    events.append("killed")
                else:
                    events.append("exited after SIGTERM")
        else:
            events.append("exited before SIGINT")
    out.join(5)
    err.join(5)
    for fd in (out_fd, err_fd):
        try:
            os.close(fd)
        except OSError:
            pass
    return {
        "key": inv.key, "argv": argv, "shown": inv.shown, "modules": bool(module_args(args, inv.tool)),
        "rc": p.returncode, "events": events,
        "ready_after": round(t0 - start, 2) if ready.is_set() else None,
        "sigint_after": round(sigint_at - t0, 2) if sigint_at else None,
        "elapsed": round(time.monotonic() - start, 2),
        "stdout": [l for _, l in out.lines], "stderr": [l for _, l in err.lines],
        # arrival times (s after the device was ready) of each line
        "stdout_t": [round(t - t0, 3) for t, _ in out.lines],
        "stderr_t": [round(t - t0, 3) for t, _ in err.lines],
    }


# ----------------------------------------------------------------------------- verdicts

ROW_SKIP = re.compile(r"^\s*(Tracing|Hit Ctrl-C|Detaching|Attaching|Ctrl-C|Press Ctrl-C|"
                      r"\d\d:\d\d:\d\d loadavg:|\[?\d\d:\d\d:\d\d\]?:?\s*$|Running|Sampling|"
                      r"Collecting|Counting|Summarize|Searching)", re.I)
HIST_ROW = re.compile(r"^\s*\d+\s*->\s*\d+\s*:\s*(\d+)")


def has_rows(stdout):
    """Data rows: histogram buckets with a count, or lines with a number that are not a
    banner, a timestamp line or a column header."""
    for line in stdout:
        m = HIST_ROW.match(line)
        if m:
            if int(m.group(1)) > 0:
                return True
            continue
        if not line.strip() or ROW_SKIP.match(line):
            continue
        if re.search(r"\d", line) and not re.fullmatch(r"[\sA-Z_%/()\-:.#0-9]*[A-Z][\sA-Z_%/()\-:.#0-9]*",
                                                      line) and "->" not in line:
            return True
    return False


ERROR_RE = re.compile(r"(Error|error|ERROR|Exception|exception|Traceback|cannot|Cannot|failed|"
                      r"Failed|FAILED|not found|No such|unsupported|Unsupported|denied|"
                      r"ABI|bpfd-bcc:.*(status|session))")


def first_error(r):
    """The line that says why: the exception's message line of a traceback, else the first
    error-like line of stderr, else of stdout."""
    err = [l for l in r["stderr"] if not l.startswith("bpfd-bcc: bpfd ready")]
    for i, l in enumerate(err):
        if l.startswith("Traceback"):
            # the exception line: first unindented line after the traceback
            for m in err[i + 1:]:
                if m and not m.startswith(" "):
                    return m.strip()
    for lines in (err, r["stdout"]):
        for l in lines:
            if ERROR_RE.search(l):
                return l.strip()
    for l in err + r["stdout"]:
        if l.strip():
            return l.strip()
    return "(no output)"


def last_exception(r):
    """The exception line of the last traceback on stderr, or None."""
    err = r["stderr"]
    last = None
    for i, l in enumerate(err):
        if l.startswith("Traceback"):
            for m in err[i + 1:]:
                if m and not m.startswith(" "):
                    last = m.strip()
                    break
    return last


def missing_probe(r, inv, facts):
    """What the guest lacks, from the tool's own words checked against the guest's facts;
    None when what it failed on exists there (or nothing names it)."""
    text = "\n".join(r["stderr"] + r["stdout"])
    funcs, events, syms = set(facts["functions"]), set(facts["events"]), set(facts["kallsyms"])
    tp_names = {e.split(":", 1)[1] for e in events}
    for m in re.finditer(r"(?:to |attach )k(?:ret)?probe[ :]+['\"]?b?'?([A-Za-z0-9_.]+)", text):
        name = m.group(1)
        if name not in funcs:
            return "kernel function %s is not traceable in the guest" % name
    for m in re.finditer(r"tracepoint[ :]+['\"]?b?'?([a-z0-9_]+)[:/]([a-z0-9_]+)", text):
        ev = "%s:%s" % (m.group(1), m.group(2))
        if ev not in events:
            return "tracepoint %s is not in the guest" % ev
    # funccount, stackcount...: "No functions matched by pattern b'^__kmalloc_noprof$'" (a
    # plain name, no wildcard: BCC's newer suites name functions of newer kernels)
    for m in re.finditer(r"No functions matched by pattern b?'\^?([A-Za-z0-9_.]+)\$?'", text):
        if m.group(1) not in funcs:
            return "kernel function %s is not traceable in the guest" % m.group(1)
    # funclatency NAME when NAME matches nothing: "... to kprobe , it's not traceable" (no name
    # in BCC's message): the function the invocation names is the one missing
    if re.search(r"to k(?:ret)?probe ,? ?it's not traceable", text):
        named = [w for w in inv.args if re.fullmatch(r"[A-Za-z_][A-Za-z0-9_.]*", w)]
        for w in named:
            if w not in funcs:
                return "kernel function %s is not traceable in the guest" % w
    # KFUNC_PROBE/KRETFUNC_PROBE without a kprobe fallback (tcptop since BCC 0.36) on a kernel
    # without BPF trampolines for kernel functions (arm64 before 6.4): libbcc's line says so
    if re.search(r"ENOTSUPP \(the kernel has no BPF trampoline", text):
        return "the guest's kernel has no BPF trampolines for kernel functions (fentry/fexit)"
    # biosnoop, biotop since BCC 0.36: "ERROR: No found any block io start probe/tp." after
    # looking for the tracepoint and both kernel functions itself
    m = re.search(r"No found any block io (start|done) probe/tp", text)
    if m:
        tp, fns = "block:block_io_" + m.group(1), ["__blk_account_io_" + m.group(1),
                                                  "blk_account_io_" + m.group(1)]
        if tp not in events and not any(f in funcs for f in fns):
            return "neither tracepoint %s nor %s is in the guest" % (tp, " nor ".join(fns))
    # libbcc: "raw_tracepoint NAME: BPF_RAW_TRACEPOINT_OPEN(NAME) failed: ..."
    for m in re.finditer(r"raw_tracepoint ([a-z0-9_]+):", text):
        if m.group(1) not in tp_names:
            return "tracepoint %s is not in the guest" % m.group(1)
    # the tools' own check of kallsyms: "ERROR: no vm_stat or vm_zone_stat in /proc/kallsyms"
    for m in re.finditer(r"no ([A-Za-z0-9_ ]+?) in /proc/kallsyms", text):
        names = [n for n in m.group(1).split() if n != "or"]
        if names and not any(n in syms for n in names):
            fs = names[0].split("_")[0] if names[0].endswith("_file_operations") else None
            if fs and fs not in facts["modules"] and fs not in facts["filesystems"]:
                why = "the %s module is not loaded" % fs
            else:
                why = ("the kernel has no CONFIG_KALLSYMS_ALL: no data symbols in kallsyms%s" %
                       (", of modules neither (%s is loaded)" % fs if fs else ""))
            return "%s not in the guest's /proc/kallsyms (%s)" % (" or ".join(names), why)
    # perf_event_open of a hardware event the guest's PMU does not count (ENOENT)
    m = re.search(r"perf event type 0 config (\d+) on cpu \d+: No such file or directory", text)
    if m:
        hw = [p for p in facts["pmus"] if p not in SOFTWARE_PMUS]
        return ("hardware event %s: %s" % (m.group(1), "the guest's PMU (%s) does not count it"
                                            % ", ".join(hw) if hw else "the guest has no PMU"))
    # a process the tool looks for (dbslower: pidof mysqld)
    m = re.search(r"Command '\['pidof', '([^']+)'\]' returned non-zero", text)
    if m and not any(os.path.basename(p) == m.group(1) for p in facts["programs"]):
        return "no %s process in the guest" % m.group(1)
    # a USDT probe the traced process (the workload) does not have
    m = re.search(r"Failed to enable USDT probe '([^']+)'", text)
    if m and facts.get("workload_usdt") is not None and \
            not any(p.endswith(":" + m.group(1)) for p in facts["workload_usdt"]):
        return ("the traced process (the workload) has no USDT probe %s (its probes: %s)" %
                (m.group(1), ", ".join(facts["workload_usdt"]) or "none"))
    # user-space targets
    t = facts["uprobe_targets"].get(inv.tool)
    if t and not t["ok"] and re.search(r"uprobe|could not determine|binary|not find|library|"
                                       r"No such file|resolve", text, re.I):
        return "no %s (%s) in the guest" % (t["binary"], t["symbol"])
    return None


def classify(inv, r, facts):
    """(verdict, reason, unclean): unclean when BCC accepts the end but the tool died of the
    SIGINT (an uncaught KeyboardInterrupt) instead of exiting by itself."""
    mod = inv.tags.get("if-module")
    header = any(l.strip() for l in r["stdout"])
    rows = has_rows(r["stdout"])
    exc = last_exception(r)
    unclean = False
    after = r["sigint_after"] is not None
    stuck = any(e.startswith("no exit") for e in r["events"]) or "killed" in r["events"]
    if inv.how == "duration":
        clean = r["rc"] == 0 and not r["events"]
        how = "exit 0" if clean else None
    elif "exited before SIGINT" in r["events"]:
        clean = r["rc"] == 0 and "allow-early" in inv.tags
        how = "exit 0 before SIGINT (allowed)" if clean else None
    elif "kill" in inv.tags and after:
        # BCC ends it with SIGKILL: any end after the signal is BCC's pass
        clean, how = True, "ended after the signal (BCC sends SIGKILL)"
    elif after and not stuck and r["rc"] == 0:
        clean, how = True, "exit 0 after SIGINT"
    elif after and not stuck and (exc is None or exc.startswith("KeyboardInterrupt")):
        # BCC's run_with_int takes any end within KILL s of the SIGINT (timeout(1) says 124)
        clean = True
        if exc:
            unclean = True
            how = "ended by SIGINT: KeyboardInterrupt outside the tool's handler"
        else:
            how = "exit %s after SIGINT (the tool's own status on Ctrl-C)" % r["rc"]
    else:
        clean, how = False, None
    lack = missing_probe(r, inv, facts)
    if lack:
        return "SKIP-TARGET", lack, False
    if mod and mod not in facts["modules"] and not clean:
        return ("SKIP-TARGET", "module %s not loaded in the guest (BCC runs it only then)" % mod,
                False)
    if clean and header:
        return ("PASS+ROWS" if rows else "PASS"), how, unclean
    if clean and not header and inv.tool in NO_HEADER:
        return "PASS", "%s; nothing to list (it prints no header)" % how, False
    if clean and not header:
        return "FAIL", "%s but printed nothing" % how, False
    why = first_error(r)
    if any("USDT probes is not supported by bpfd-bcc" in l for l in r["stderr"]):
        why = "libbcc has no USDT probes yet (%s)" % why
    if r["events"] and r["events"] != ["exited before SIGINT"]:
        why = "%s; %s" % ("; ".join(r["events"]), why)
    elif r["rc"] not in (0, None):
        why = "exit %s: %s" % (r["rc"], why)
    return "FAIL", why, False


# ----------------------------------------------------------------------------- main

def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--arch", default="arm64", choices=["arm64", "x86_64"])
    ap.add_argument("--bcc", default=None, metavar="RELEASE",
                    help="run this BCC release's tools (bpfd-bcc --bcc: 0.31, sid, or a folder; "
                         "fetched when missing) and its lines of the list (default: this host's "
                         "BCC, the lines without since=)")
    ap.add_argument("--only", action="append", default=[],
                    help="run only these tools (repeatable, or comma separated; a tool's name "
                         "or TOOL@TEST)")
    ap.add_argument("--list", default=os.path.join(HERE, "tools-smoke.txt"))
    ap.add_argument("--build", default=os.environ.get("BPFD_BUILD", os.path.join(SRC, "build")))
    ap.add_argument("--logs", default=None,
                    help="folder for each run's output (default: BUILD/smoke)")
    ap.add_argument("--from-logs", action="store_true",
                    help="classify the runs saved in --logs again, without running anything")
    ap.add_argument("--refresh-facts", action="store_true",
                    help="read the guest's facts again even if cached")
    ap.add_argument("--slack", type=float, default=2.0,
                    help="factor on BCC's timeouts: the guest is emulated (TCG) and bpf-xcc "
                         "shares 2 cores (default 2)")
    ap.add_argument("--boot-timeout", type=float, default=180.0)
    ap.add_argument("--no-modules", action="store_true",
                    help="do not load the file system and md modules for the tools of MODULES")
    ap.add_argument("--floor", type=int, default=None,
                    help="exit 1 when fewer than N tools whose probes exist pass")
    ap.add_argument("--markdown", default=None, help="also write the table to this file")
    ap.add_argument("--ci", default=None, metavar="TOOL,...",
                    help="the CI's run: these tools only (each must pass), unless "
                         "BPFD_SMOKE_FULL=1 is set, then every tool (and --floor); the first "
                         "line says which")
    args = ap.parse_args()
    args.bcc_root, args.bcc_version = bcc_release(args)
    args.logs = args.logs or os.path.join(args.build, "smoke")
    if args.bcc:
        args.logs = os.path.join(args.logs, "bcc-" + args.bcc_version)
    if os.environ.get("BPFD_KERNEL_SUITE"):
        args.logs = os.path.join(args.logs, "kernel-" + os.environ["BPFD_KERNEL_SUITE"])
    print("bcc: %s (%s)" % (args.bcc_version, "this host's" if not args.bcc else args.bcc_root),
          flush=True)
    only = {w for o in args.only for w in o.split(",") if w}
    if args.ci is not None:
        subset = [w for w in args.ci.split(",") if w]
        if os.environ.get("BPFD_SMOKE_FULL") == "1":
            print("smoke: the full list (BPFD_SMOKE_FULL=1), floor %s" % args.floor, flush=True)
        else:
            only = set(subset)
            args.floor = len(subset)
            print("smoke: a subset of %d tools, each must pass (BPFD_SMOKE_FULL=1 runs the full "
                  "list)" % len(subset), flush=True)

    invs = read_list(args.list, release_tuple(args.bcc_version))
    if only:
        unknown = only - {i.tool for i in invs} - {i.key for i in invs}
        if unknown:
            raise SystemExit("--only: not in %s: %s" % (args.list, ", ".join(sorted(unknown))))
        invs = [i for i in invs if i.tool in only or i.key in only]

    env = dict(os.environ)
    env["BPFD_QEMU_DISK_MIB"] = str(DISK_MIB)
    facts = guest_facts(args, env)
    mod_facts = None
    if not args.no_modules and any(i.tool in MODULES for i in invs):
        mod_facts = guest_facts(args, env, modules=True)
    print("guest: %s (qemu:%s), workload pid %s; %d traceable functions, %d tracepoints"
          % (facts["release"], args.arch, facts["workload_pid"], len(facts["functions"]),
             len(facts["events"])), flush=True)

    results = []
    for inv in invs:
        log = os.path.join(args.logs, args.arch, inv.key + ".json")
        if args.from_logs:
            if not os.path.exists(log):
                continue
            r = json.load(open(log))
        else:
            r = run_one(inv, args, facts, env)
            json.dump(r, open(log, "w"), indent=1)
        verdict, why, unclean = classify(inv, r, mod_facts if mod_facts and inv.tool in MODULES
                                         else facts)
        results.append((inv, verdict, why, r, unclean))
        print("%-10s %-24s %s" % (verdict, inv.key, why or ""), file=sys.stderr, flush=True)

    table = ["| tool | invocation | how | result | why / how it ended |", "|---|---|---|---|---|"]
    for inv, verdict, why, r, _ in results:
        shown = r.get("shown") or " ".join(shlex.quote(a) for a in r["argv"][5:])
        notes = [t for t in ("usdt", "bcc-off", "may-fail", "args-ours") if t in inv.tags]
        if r.get("modules"):
            notes.append("modules loaded")
        table.append("| %s | `%s` | %s | %s | %s |" % (
            inv.key + (" (%s)" % ", ".join(notes) if notes else ""), shown, inv.how,
            verdict, (why or "").replace("|", "\\|")))
    counted = [(i, v, u) for i, v, _, _, u in results if not i.usdt and v != "SKIP-TARGET"]
    passed = [v for _, v, _ in counted if v.startswith("PASS")]
    rows = [v for v in passed if v == "PASS+ROWS"]
    unclean = [i.key for i, v, u in counted if u]
    usdt = [(i, v) for i, v, _, _, _ in results if i.usdt]
    skipped = [i for i, v, _, _, _ in results if not i.usdt and v == "SKIP-TARGET"]
    pct = 100.0 * len(passed) / len(counted) if counted else 0.0
    summary = ("%d of %d tools whose probes exist exit cleanly and print their header (%.1f%%); "
               "%d print rows" % (len(passed), len(counted), pct, len(rows)))
    extra = ("SKIP-TARGET: %d; USDT (apart): %d, of which %d pass; passes that died of the "
             "SIGINT (BCC accepts them): %d%s" %
             (len(skipped), len(usdt), sum(1 for _, v in usdt if v.startswith("PASS")),
              len(unclean), " (%s)" % ", ".join(unclean) if unclean else ""))
    text = "\n".join(table) + "\n\n" + extra + "\n" + summary + "\n"
    print(text, end="")
    if args.markdown:
        with open(args.markdown, "w") as f:
            f.write("guest kernel %s (qemu:%s), BCC %s\n\n" % (facts["release"], args.arch,
                                                            args.bcc_version) + text)
    if args.floor is not None and len(passed) < args.floor:
        print("FLOOR: %d tools pass, fewer than the floor %d" % (len(passed), args.floor))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
