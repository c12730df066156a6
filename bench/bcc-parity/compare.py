#!/usr/bin/env python3
"""Compares a BCC tool's output from BCC itself (in the guest) with
bpfd-bcc's (on the host), both traced over the same workload
(bench/bcc-parity/parity.py writes DIR/TOOL.native.out, DIR/TOOL.bpfd.out):

    compare.py DIR [TOOL...]            every tool found in DIR (or those named)
    compare.py --files TOOL NATIVE BPFD  two output files

Prints "TOOL: SAME" or "TOOL: DIFF" and a unified diff of the normalised
outputs; exits 1 if any tool differs or an output is missing.

What is compared, per tool: its header lines and column headers exactly, and
the rows that belong to the workload (its own files, processes, addresses;
tools.py), as a set. What must differ between two runs is normalised away:
times, PIDs/TIDs, counts and sizes, latency buckets. Rows of other processes
(the tracer itself: BCC's python in the guest, bpfd for bpfd-bcc; the guest's
init) are left out. A row the workload makes that is missing on one side, a
header or column that differs, a row shape that differs: DIFF.
"""
import difflib
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import tools  # noqa: E402

WORKLOAD_COMM = "workload"
TIME = re.compile(r"\b\d\d:\d\d:\d\d\b")


class Normalised:
    """A tool's output reduced to what both sides must share: ordered header
    lines, a set of rows, and notes (shown, not compared)."""

    def __init__(self):
        self.header = []
        self.rows = set()

    def text(self):
        return ["header: " + h for h in self.header] + ["row: " + r for r in sorted(self.rows)]


def columns(line, n):
    """Splits a line into n whitespace-separated fields, the last taking the rest."""
    parts = line.split(None, n - 1)
    return parts if len(parts) == n else None


def header_once(out, line):
    if line not in out.header:
        out.header.append(line)


def opensnoop(text):
    # PID    COMM               FD ERR PATH
    out = Normalised()
    for line in text.splitlines():
        if line.startswith("PID "):
            header_once(out, line)
            continue
        m = re.match(r"^(\d+)\s+(.{1,16}?)\s+(-?\d+)\s+(\d+)\s(.*)$", line)
        if m and m.group(2) == WORKLOAD_COMM:
            out.rows.add("PID %s FD=%s ERR=%s %s" % (m.group(2), m.group(3), m.group(4), m.group(5)))
    return out


def execsnoop(text):
    # PCOMM            PID     PPID    RET ARGS   (BCC 0.37: COMM)
    out = Normalised()
    for line in text.splitlines():
        if re.match(r"^P?COMM +PID ", line):
            header_once(out, line)
            continue
        f = columns(line, 5)
        if f and f[0] == WORKLOAD_COMM and f[1].isdigit() and f[2].isdigit():
            out.rows.add("%s PID PPID RET=%s %s" % (f[0], f[3], f[4]))
    return out


def filetop(text):
    # Tracing... / HH:MM:SS loadavg: ... / TID COMM READS WRITES R_Kb W_Kb T FILE
    out = Normalised()
    for line in text.splitlines():
        if not line.strip():
            continue
        if line.startswith("Tracing") or line.startswith("TID ") or line.startswith("Detaching"):
            header_once(out, line)
        elif " loadavg: " in line:
            header_once(out, re.sub(r"loadavg: .*", "loadavg: L L L R/T P",
                                    TIME.sub("HH:MM:SS", line)))
        else:
            f = columns(line, 8)
            if f and f[1] == WORKLOAD_COMM:
                out.rows.add("TID %s READS WRITES R_Kb W_Kb %s %s" % (f[1], f[6], f[7]))
    return out


def histogram(text, label_re=None):
    """print_log2_hist output: the lines around the buckets are kept (the
    column header, labels such as 'disk = vda'); each histogram's buckets
    reduce to one row saying it has any."""
    out = Normalised()
    label = ""
    for line in text.splitlines():
        s = line.strip()
        if not s:
            continue
        if re.match(r"^\d+ -> \d+\s*:\s*\d+\s*\|", s):
            count = int(s.split(":")[1].split("|")[0])
            if count:
                out.rows.add("histogram%s has counts" % (" of " + label if label else ""))
            continue
        if re.match(r"^(usecs|msecs|nsecs)\s*:\s*count\s+distribution$", s):
            header_once(out, line)
            continue
        if label_re and re.match(label_re, s):
            label = s
            out.rows.add("label " + s)
            continue
        header_once(out, TIME.sub("HH:MM:SS", line))
    return out


def biolatency(text):
    # disk = vda / usecs : count distribution / buckets; only the workload's disk
    return histogram(text, r"^disk = \S+$")


def runqlat(text):
    return histogram(text)


def vfsstat(text):
    # TIME         READ/s  WRITE/s  FSYNC/s   OPEN/s CREATE/s / HH:MM:SS: counts
    out = Normalised()
    for line in text.splitlines():
        if line.startswith("TIME "):
            header_once(out, line)
        elif TIME.match(line):
            f = line.split()
            out.rows.add("HH:MM:SS: " + " ".join("N" for _ in f[1:]))
        elif line.strip():
            header_once(out, line)
    return out


# The workload's system calls (tools.WORKLOAD under a static binary).
WORKLOAD_SYSCALLS = {"getpid"}


def syscount(text):
    # Tracing syscalls, ... / [HH:MM:SS] / SYSCALL COUNT / rows
    out = Normalised()
    for line in text.splitlines():
        s = line.strip()
        if not s:
            continue
        f = s.split()
        if len(f) == 2 and f[1].isdigit():
            # The workload's getpid loop is every run's top system call.
            if f[0] in WORKLOAD_SYSCALLS and int(f[1]) >= tools.SPIN_ROUNDS:
                out.rows.add("%s >= %d" % (f[0], tools.SPIN_ROUNDS))
            continue
        header_once(out, TIME.sub("HH:MM:SS", line))
    return out


def tcpconnect(text):
    # Tracing connect ... / PID     COMM         IP SADDR            DADDR            DPORT
    out = Normalised()
    for line in text.splitlines():
        f = line.split()
        if len(f) == 6 and f[0].isdigit():
            if f[1] == WORKLOAD_COMM:
                out.rows.add("PID " + " ".join(f[1:]))
        elif line.strip():
            header_once(out, line)
    return out


def profile(text):
    """Folded stacks, 'COMM;FRAME;...;FRAME COUNT'. Samples are random, so a
    workload sample is cut to what its kind shares: up to do_syscall_64 in a
    system call, else its user part ([unknown]: the workload is a stripped
    static binary) and its first kernel frame; the rows are the cuts that
    hold at least a tenth of the workload's samples (its getpid loop: ~70%
    in user space, ~30% in a system call, of ~100 samples at 49 Hz)."""
    out = Normalised()
    cuts, total = {}, 0
    for line in text.splitlines():
        m = re.match(r"^(.*) (\d+)$", line)
        if not m:
            if line.strip():
                out.rows.add("malformed line")
            continue
        frames = m.group(1).split(";")
        if frames[0] != WORKLOAD_COMM:
            continue
        if "do_syscall_64" in frames:
            cut = frames[:frames.index("do_syscall_64") + 1]
        else:
            user = 1
            while user < len(frames) and frames[user] == "[unknown]":
                user += 1
            cut = frames[:user + 1]
        cuts[";".join(cut)] = cuts.get(";".join(cut), 0) + int(m.group(2))
        total += int(m.group(2))
    for cut, n in cuts.items():
        if n * 10 >= total:
            out.rows.add(cut)
    return out


def stackcount(text):
    """stackcount -P -K: blocks of frames, '    COMM [PID]', '    COUNT'."""
    out = Normalised()
    frames = []
    for line in text.splitlines():
        if not line.strip():
            frames = []
            continue
        if not line.startswith(" "):
            header_once(out, line)
            continue
        s = line.strip()
        # BCC 0.26 prints the name as Python's bytes repr, b'workload' [PID],
        # on both sides.
        m = re.match(r"^(?:b'(.*)'|(.*)) \[(\d+)\]$", s)
        if line.startswith("    ") and m:
            if WORKLOAD_COMM in (m.group(1), m.group(2)):
                out.rows.add("%s: %s" % (s.split(" [")[0], ";".join(frames)))
        elif line.startswith("    ") and s.isdigit():
            frames = []
        else:
            frames.append(s)
    return out


NORMALISERS = {
    "opensnoop": opensnoop, "execsnoop": execsnoop, "filetop": filetop,
    "biolatency": biolatency, "vfsstat": vfsstat, "syscount": syscount,
    "tcpconnect": tcpconnect, "runqlat": runqlat, "profile": profile,
    "stackcount": stackcount,
}


def failure(err):
    """The exception a tool died of: the last line of a Python traceback."""
    lines = [l for l in err.splitlines() if l.strip()]
    if any(l.startswith("Traceback") for l in lines) and lines and re.match(r"^\w+: ", lines[-1]):
        if not lines[-1].startswith("KeyboardInterrupt"):
            return lines[-1]
    return None


def compare(tool, native_text, bpfd_text, native_err="", bpfd_err=""):
    """Returns (verdict, lines): "SAME", "SAME (both fail: ...)" or "DIFF",
    and the unified diff of the normalised outputs."""
    n, b = NORMALISERS[tools.base(tool)](native_text), NORMALISERS[tools.base(tool)](bpfd_text)
    left, right = n.text(), b.text()
    # A tool that dies the same way on both sides, before any output.
    nf, bf = failure(native_err), failure(bpfd_err)
    if nf or bf:
        left.append("failed: %s" % nf)
        right.append("failed: %s" % bf)
        if nf == bf and not native_text.strip() and not bpfd_text.strip():
            return "SAME (both fail: %s)" % nf, []
    diff = list(difflib.unified_diff(left, right, "BCC in the guest", "bpfd-bcc", lineterm="", n=100))
    if not n.rows:
        diff.insert(0, "(BCC's own output has no rows of the workload: nothing to compare)")
    return ("SAME" if left == right and n.rows else "DIFF"), diff


def main(argv):
    if argv[:1] == ["--files"]:
        if len(argv) != 4:
            print(__doc__, file=sys.stderr)
            return 2
        pairs = [(argv[1], argv[2], argv[3])]
    else:
        if not argv:
            print(__doc__, file=sys.stderr)
            return 2
        d = argv[0]
        found = {f.split(".")[0] for f in os.listdir(d) if f.endswith(".out")}
        names = argv[1:] or sorted(found, key=lambda t: (
            tools.ORDER.index(tools.base(t)) if tools.base(t) in tools.ORDER else 99, t))
        pairs = [(t, os.path.join(d, t + ".native.out"), os.path.join(d, t + ".bpfd.out"))
                 for t in names]
    bad = 0
    for tool, nf, bf in pairs:
        if tools.base(tool) not in NORMALISERS:
            print("%s: unknown tool" % tool)
            bad += 1
            continue
        try:
            native, bpfd = open(nf, errors="replace").read(), open(bf, errors="replace").read()
        except OSError as e:
            print("%s: DIFF (%s)" % (tool, e))
            bad += 1
            continue
        errs = []
        for f in (nf, bf):  # the tool's stderr beside its output, if any
            e = re.sub(r"\.out$", ".err", f)
            errs.append(open(e, errors="replace").read() if e != f and os.path.exists(e) else "")
        verdict, diff = compare(tool, native, bpfd, *errs)
        print("%s: %s" % (tool, verdict))
        if verdict == "DIFF":
            bad += 1
            for line in diff:
                print("  " + line)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
