#!/usr/bin/env python3
"""Bad-input sweep of every bpfd command, through one session.

The commands, their arities and their argument words come from bpfd's own
command table (kCommands in bpfd/daemon/session.cc): no second copy of the
grammar is kept here. Each argument word gets a good value (so that the other
arguments of a line are reached) and a set of bad values by what the word is
(a handle, a number, a blob, a name, a path); every generated line holds one
bad value, or a wrong number of arguments. Line-level inputs (quotes, escapes,
too many tokens, a line over max_line, bad tags, NUL and non-UTF-8 bytes) are
added once.

  bpfd-sweep.py --table bpfd/daemon/session.cc --list
      prints the generated lines (no session), one 'COMMAND<TAB>line' each
  bpfd-sweep.py --table bpfd/daemon/session.cc --remote qemu:arm64 [--bin DIR]
      runs them through one bpfd-remote session and checks that every bad line
      got exactly one error status line (negative errno, a message, its tag),
      that no handle was left by a bad line, and that bpfd answers at the end.
      bpfd-remote's stderr (-v: the guest's LEFT line) is copied to stderr.

The summary line is 'inputs tried N, crashes C, wrong replies W'.
"""
import argparse
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "python"))
import bpfd_client  # noqa: E402

# ---------------------------------------------------------------- the table

ENTRY = re.compile(r'\{\s*"([A-Z_]+)",\s*(\d+),\s*(\d+),\s*"([^"]*)",\s*(\w+)\s*\}')


def read_table(path):
    """[(name, min, max, [words])] from kCommands."""
    src = open(path).read()
    start = src.find("kCommands[]")
    if start < 0:
        sys.exit("bpfd-sweep: no kCommands table in %s" % path)
    end = src.find("};", start)
    table = []
    for m in ENTRY.finditer(src[start:end]):
        words = m.group(4).split()
        table.append((m.group(1), int(m.group(2)), int(m.group(3)), words))
    if not table:
        sys.exit("bpfd-sweep: the kCommands table of %s has no entry this script can read" % path)
    return table


# ---------------------------------------------------------------- values

TWO64 = str(1 << 64)
TWO32 = str(1 << 32)
TWO31 = str(1 << 31)
TEN30 = "1" + "0" * 30
DIGITS1000 = "9" * 1000
NONUTF8 = b"\xff\xfe\x80"
# r0 = 0; exit
GOOD_INSNS = bpfd_client.b64(bytes([0xb7, 0, 0, 0, 0, 0, 0, 0, 0x95, 0, 0, 0, 0, 0, 0, 0]))

# Numbers no unsigned 32-bit field takes.
BAD_U32 = [TWO64, TWO32, "-1", "-9223372036854775809", TEN30, DIGITS1000, NONUTF8,
           "0x", "12abc", "''", "0x1g"]
# Numbers no unsigned 64-bit field takes.
BAD_U64 = [TWO64, "-1", TEN30, DIGITS1000, NONUTF8, "0x", "12abc", "''"]
# Base64 that is not, or is the wrong size (4-byte keys, 8-byte values).
BAD_BLOB = ["AAAAAA", "AA=A", "!!!!", NONUTF8, "-", "''", "AAAAAAAAAAAA", "A" * 88000,
            "AAAA====", "AAAAAAAAAAA=AAAA"]
# A map's or program's name: bpfd makes the kernel's name of it ([A-Za-z0-9_.],
# 15 characters), so a blank, '/' or '"' are fine; the handle's name (the rest
# of its LIST_HANDLES line) must be printable ASCII.
BAD_OBJ_NAME = [NONUTF8, "a" * 65, "'a\tb'", "'a\x00b'", "'a\x7fb'", "'a\rb'"]
BAD_NAME = BAD_OBJ_NAME + ["'a b'", "a/b", "'a\\\"b'"]


def handle_bad(wrong_kind):
    bad = ["999", "{closed}", "0", "1", "2", "-1", TWO64, "4294967299", NONUTF8, "3abc", "''",
           DIGITS1000]
    if wrong_kind:
        bad.append(wrong_kind)
    return bad


def word_values(cmd, word):
    """(good value, [bad values]) of an argument word of cmd's usage."""
    w = word.strip("[]")
    map_cmd = "MAP" in cmd and cmd != "BPF_OPEN_PERF_BUFFER"
    if w in ("MAP",):
        if cmd == "BPF_OPEN_PERF_BUFFER":
            return "{events}", handle_bad("{map}")
        if cmd == "BPF_OPEN_RINGBUF":
            return "{ringbuf_map}", handle_bad("{map}") + ["{events}"]
        return "{map}", handle_bad("{prog}")
    if w == "PROG":
        return "{prog}", handle_bad("{map}")
    if w in ("READER", "READER..."):
        return "{reader}", handle_bad("{map}")
    if w == "batch":
        # PERF_READER_POLL's option word: any other word there is a READER
        return "batch", ["BATCH", "batc", "batch1", NONUTF8, "''", "{map}", "999"]
    if w in ("RINGBUF", "RINGBUF..."):
        return "{ringbuf}", handle_bad("{ringbuf_map}") + ["{reader}"]
    if w == "HANDLE":
        kinds = {"BPF_CLOSE": None, "BPF_DETACH": "{map}", "BPF_PIN": "{file}",
                 "FILE_READ": "{map}"}
        good = {"BPF_CLOSE": "{closed}", "BPF_DETACH": "{closed}", "BPF_PIN": "{map}",
                "FILE_READ": "{file}"}.get(cmd, "{map}")
        return good, handle_bad(kinds.get(cmd))
    if w == "LINK":
        # ITER_OPEN: no iterator link among the sweep's handles; every value
        # here is wrong (the good one only fills arity lines).
        return "{map}", handle_bad("{prog}") + ["{map}"]
    if w == "HANDLE|FUNCTION":
        return "no_such_sweep_fn", handle_bad("{map}") + ["no_such_sweep_fn", "a" * 300]
    if w == "TYPE":
        return ("hash" if map_cmd else "kprobe"), ["no_such_type", TWO64, "-1", "1001", TWO31,
                                                   NONUTF8, "''", "1000"]
    if w == "NAME":
        if cmd == "BPF_CREATE_MAP":
            return "sweep_map", BAD_OBJ_NAME
        if cmd == "BPF_PROG_LOAD":
            return "sweep_prog", BAD_OBJ_NAME
        if cmd == "BPF_PIN":
            return "sweep_pin", BAD_NAME + ["..", "."]
        if cmd == "BPF_ATTACH_RAW_TRACEPOINT":
            return "sys_enter", BAD_NAME + ["no_such_sweep_tp", "a" * 300]
        # a trace event
        return "sys_enter_getpid", BAD_NAME + ["..", "no_such_sweep_event", "a" * 300]
    if w == "CATEGORY":
        return "syscalls", BAD_NAME + ["..", ".", "no_such_sweep_cat", "a" * 300]
    if w in ("KEY_SIZE", "VALUE_SIZE"):
        return ("4" if w == "KEY_SIZE" else "8"), BAD_U32 + [TWO31, "65537", "0"]
    if w == "MAX_ENTRIES":
        return "4", BAD_U32 + ["0", TWO31]
    if w == "FLAGS":
        if cmd == "BPF_CREATE_MAP":
            return "0", BAD_U32 + [TWO31]
        return "0", BAD_U64 + ["3", TWO31, "4"]
    if w == "LICENSE":
        return "GPL", ["L" * 128, "L" * 5000]
    if w == "KERN_VERSION":
        return "0", BAD_U64 + [TWO32, "auto1"]
    if w == "INSNS":
        return GOOD_INSNS, BAD_BLOB + [bpfd_client.b64(b"\xff" * 8), bpfd_client.b64(bytes(9)), "A" * 70000]
    if w == "TARGET":
        # a BTF-attached program's section (TYPE kprobe: each is refused)
        return "fentry/vfs_read", [NONUTF8, "''", "kprobe/vfs_read", "fentry/", "fentry/no_such_sweep_fn",
                                   "no_such_kind/x", "lsm/no_such_hook", "fentry/" + "a" * 300,
                                   "'fentry/a b'", "fentry/\xff"]
    if w in ("REPEAT", "BATCH"):
        # BPF_PROG_TEST_RUN (the sweep's program is a kprobe one, which the
        # kernel cannot test-run: every line fails there at the latest)
        return ("1" if w == "REPEAT" else "0"), BAD_U32
    if w in ("DATA_IN", "CTX_IN"):
        return "-", ["!!!!", "AA=A", NONUTF8, "''", "A" * 400000]
    if w in ("DATA_OUT_SIZE", "CTX_OUT_SIZE"):
        return "0", BAD_U32 + ["262145", TWO31]
    if w == "KEY":
        return "AAAAAA==", BAD_BLOB
    if w == "VALUE":
        return "AAAAAAAAAAA=", BAD_BLOB
    if w == "MAX":
        if cmd == "FILE_READ":
            return "16", BAD_U64 + ["0", "262145", TWO31]
        return "1", BAD_U32
    if w == "FUNCTION":
        return "vfs_read", BAD_NAME + ["a" * 256, "no_such_sweep_fn", "'vfs_read x=$comm'"]
    if w == "OFFSET":
        return "0", BAD_U64 + [TWO31]
    if w == "BINARY":
        return "/init", [NONUTF8, "/no/such/binary", "a" * 300, "''", "/proc", "/proc/version",
                         "no_such_sweep_lib"]
    if w == "SYMBOL|0xADDRESS":
        return "main", [NONUTF8, "no_such_sweep_sym", "a" * 300, "0x", "0xffffffffffffffff",
                        "@", "main+" + TEN30, "@0x" + "f" * 20, "main+-1"]
    if w == "PID":
        return "-1", BAD_U64[:1] + ["-2", TWO31, TEN30, NONUTF8, "12abc", "999999"]
    if w == "REF_CTR_OFFSET":
        # a USDT semaphore's file offset; 0 is none
        return "0", BAD_U64 + [TWO32, "0x100000000"]
    if w == "EV_TYPE":
        return "1", BAD_U64 + ["65536", "4096"]
    if w == "EV_CONFIG":
        return "0", BAD_U64 + [TWO32]
    if w == "PERIOD":
        return "1000000", BAD_U64 + ["0"]
    if w in ("freq", "CPU"):
        return ("freq" if w == "freq" else "0"), ["fre", NONUTF8, "4097", "-1", TWO64, "''"]
    if w == "PAGES":
        return "1", BAD_U32 + ["0", "3", "512", TWO31]
    if w == "TIMEOUT_MS":
        return "0", BAD_U64 + ["10001", TWO31]
    if w == "SIZE":
        return "16", BAD_U64 + ["0", TWO31, str(32 * 1024 * 1024 + 1)]
    if w == "B64":
        # (an empty chunk, '-', appends nothing: not bad)
        return "AAAA", BAD_BLOB[:4] + [bpfd_client.b64(bytes(24)), "A" * 88000]
    if w == "B64|-":
        return "-", BAD_BLOB[:4] + [bpfd_client.b64(b"\x7fELF" + bytes(60)), bpfd_client.b64(bytes(64)), "''",
                                    "-", bpfd_client.b64(b"junk")]
    if w == "attach=0|1":
        return "attach=0", ["attach=2", "attach=", NONUTF8, "attach=01", "ATTACH=1"]
    if w == "time=0|1":
        return "time=0", ["time=2", "time=", NONUTF8, "time=01", "TIME=1"]
    if w.startswith("tp="):
        return "tp=none", ["tp=", "x=1", NONUTF8, "kfuncs=some"]
    if w.startswith("kfuncs="):
        return "kfuncs=none", ["kfuncs=some", "kfuncs=", NONUTF8, "tp="]
    if w == "PATH":
        return "/proc/version", ["relative", NONUTF8, "/etc/passwd", "/proc/../etc/passwd",
                                 "/proc/" + "a" * 5000, "/proc/no_such_sweep", "''",
                                 "/proc/self/root/etc/passwd", "'/proc/version\\x00'",
                                 "/proc/self/map_files/0-0", "/sys/../../etc"]
    if w == "IFNAME":
        return "lo", [NONUTF8, "a" * 16, "no_such_if0", "''", "a/b", "..", "'l o'"]
    if w == "WAIT_MS":
        return "0", BAD_U64 + ["10001"]
    return None, None


# Commands whose bad values must be sent after a setup step.
PRE = {
    "OBJECT_CHUNK": ["OBJECT_BEGIN 16"],
}

# Words whose value a command's reply cannot check: a good line of these may
# succeed. Listed by the reason.
SUCCEEDS = {
    # FILE_LIST of /proc/version is ENOTDIR; FILE_OPEN of a dir: fine either way
}


def render(value):
    return value if isinstance(value, bytes) else value.encode()


def generate(table):
    """[(command, [tokens], expect_tag)]: every bad line of the sweep."""
    out = []
    for name, lo, hi, words in table:
        goods = []
        bads = []
        for word in words:
            good, bad = word_values(name, word)
            if good is None:
                sys.exit("bpfd-sweep: no values for %s's word %s: add them to word_values()"
                         % (name, word))
            goods.append(good)
            bads.append(bad)
        # Arity: one fewer than the least, one more than the most (and far more).
        if lo > 0:
            out.append((name, goods[:lo - 1], True))
        extra = goods + [goods[-1] if goods else "1"] * (hi - len(goods))
        out.append((name, extra + ["1"], True))
        if hi + 5 < 60:
            out.append((name, extra + ["x"] * 5, True))
        # One bad value at a time, the other words good.
        for i, bad in enumerate(bads):
            for value in bad:
                args = goods[:max(lo, i + 1)]
                args[i] = value
                for pre in PRE.get(name, []):
                    out.append((pre.split()[0], pre.split()[1:], None))
                out.append((name, args, True))
    return out


LINE_LEVEL = [
    b"BPF_MAP_INFO 'unterminated",
    b'BPF_MAP_INFO "unterminated \\"',
    b"BPF_MAP_INFO 3\\",
    b"BPF_MAP_INFO " + b" ".join([b"1"] * 70),
    b"BPF_MAP_INFO " + b"A" * ((1 << 20) + 10),
    b"A" * ((1 << 20) + 1),
    b"@ LIST_HANDLES",
    b"@" + b"t" * 40 + b" LIST_HANDLES",
    b"@t\xff LIST_HANDLES",
    b"@tagonly",
    b"\xff\xfe\xfd",
    b"NO_SUCH_COMMAND 1 2",
    b"\x00\x00\x00",
    b"LIST_HANDLES\x00",
    b"BPF_MAP_INFO 3\x00",
    b"\x01\x02 3",
    b"bpf_close" + b"\xff" * 100,
]


# ---------------------------------------------------------------- the session

class Sweep:
    """The session under the sweep (python/bpfd_client): raw lines out,
    replies in, no time limit."""

    def __init__(self, argv):
        try:
            self.s = bpfd_client.Coprocess(argv, timeout=None)
        except bpfd_client.Failed as e:
            sys.exit("bpfd-sweep: no greeting from %s (%s)" % (" ".join(argv), e))
        if not self.s.greeting.startswith("bpfd: version="):
            sys.exit("bpfd-sweep: no greeting from %s (got %r)" % (" ".join(argv), self.s.greeting[:200]))
        self.p = self.s.p

    def send(self, line):
        self.s.send_raw(line + b"\n")

    def reply(self):
        """(payload lines, status line) or None when the session ended."""
        try:
            r = self.s.reply()
        except bpfd_client.Failed:
            return None
        return r.payload, r.line

    def setup(self, line):
        """The ret= and payload of a command that must succeed."""
        try:
            r = self.s.command(line)
            if r.ok:
                return r.ret, r.payload
        except bpfd_client.Failed:
            sys.exit("bpfd-sweep: the session ended at the setup command %r" % line)
        sys.exit("bpfd-sweep: the setup command %r failed: %s" % (line, r.line))


STATUS_ERR = re.compile(r'^([a-z0-9_]+): ret=-(\d+) errno=(E[A-Z0-9]+) msg="(.+)"( tag=(\S+))?$')


def reduce_word(word):
    w = "".join(c for c in word.decode("latin-1").lower() if c.isascii() and (c.isalnum() or c == "_"))
    return w[:32] or "invalid"


def run(args, table):
    argv = [os.path.join(args.bin, "bpfd-remote"), "-v", args.remote]
    if args.bpfd:
        argv[2:2] = ["--bpfd", args.bpfd]
    s = Sweep(argv)
    handles = {}
    handles["map"], _ = s.setup("BPF_CREATE_MAP hash sweep_map 4 8 4 0")
    handles["prog"], _ = s.setup("BPF_PROG_LOAD kprobe sweep_prog GPL 0 " + GOOD_INSNS)
    handles["events"], _ = s.setup("BPF_CREATE_MAP perf_event_array sweep_events 4 4 1 0")
    handles["reader"], _ = s.setup("BPF_OPEN_PERF_BUFFER %d 1" % handles["events"])
    handles["ringbuf_map"], _ = s.setup("BPF_CREATE_MAP ringbuf sweep_ringbuf 0 0 4096 0")
    handles["ringbuf"], _ = s.setup("BPF_OPEN_RINGBUF %d" % handles["ringbuf_map"])
    handles["file"], _ = s.setup("FILE_OPEN /proc/version")
    closed, _ = s.setup("BPF_CREATE_MAP hash sweep_closed 4 4 1 0")
    s.setup("BPF_CLOSE %d" % closed)
    handles["closed"] = closed
    _, before = s.setup("LIST_HANDLES")

    def fill(tok):
        if isinstance(tok, bytes):
            return tok
        for k, v in handles.items():
            tok = tok.replace("{%s}" % k, str(v))
        return tok.encode()

    tried = crashes = wrong = 0
    per_cmd = {}
    lines = [(name, b" ".join([name.encode()] + [fill(t) for t in toks]), tag)
             for name, toks, tag in generate(table)]
    lines += [(None, l, False) for l in LINE_LEVEL]
    for n, (name, line, tag) in enumerate(lines):
        if tag is None:  # a setup step of the next line
            s.send(line)
            if s.reply() is None:
                crashes += 1
                print("CRASH after setup line %r" % line[:120])
                break
            continue
        tagname = "s%d" % n
        sent = (b"@" + tagname.encode() + b" " + line) if tag else line
        tried += 1
        per_cmd[name or "(line)"] = per_cmd.get(name or "(line)", 0) + 1
        s.send(sent)
        r = s.reply()
        if r is None:
            crashes += 1
            print("CRASH: the session ended at %r" % sent[:200])
            break
        payload, status = r
        m = STATUS_ERR.match(status)
        problem = None
        if not m:
            problem = "not an error status line"
        elif tag and m.group(6) != tagname:
            problem = "tag %s, not %s" % (m.group(6), tagname)
        elif int(m.group(2)) <= 0:
            problem = "errno not positive"
        elif name and m.group(1) != name.lower():
            problem = "command word %s" % m.group(1)
        if problem:
            wrong += 1
            print("WRONG (%s): %r -> %r" % (problem, sent[:200], status[:300]))
        elif args.verbose:
            print("ok %r -> %s" % (sent[:100], status[:200]))
    if not crashes:
        # Nothing a bad line did may stay: the same handles as before.
        _, after = s.setup("LIST_HANDLES")
        if after != before:
            wrong += 1
            print("WRONG: handles after the sweep differ: %r, before %r" % (after, before))
        s.send(b"EXIT")
        r = s.reply()
        if r is None or r[1] != "exit: ret=0":
            crashes += 1
            print("CRASH: EXIT answered %r" % (r,))
    s.p.stdin.close()
    rc = s.p.wait()
    for name in sorted(per_cmd):
        print("  %-32s %d" % (name, per_cmd[name]))
    print("commands %d, inputs tried %d, crashes %d, wrong replies %d, bpfd-remote status %d"
          % (len(table), tried, crashes, wrong, rc))
    return 0 if not crashes and not wrong and rc == 0 else 1


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--table", required=True, help="bpfd/daemon/session.cc")
    ap.add_argument("--list", action="store_true")
    ap.add_argument("--remote")
    ap.add_argument("--bin", default=os.path.dirname(os.path.abspath(__file__)))
    ap.add_argument("--bpfd", help="the bpfd binary bpfd-remote deploys (default: its own)")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    table = read_table(args.table)
    if args.list:
        counts = {}
        for name, toks, tag in generate(table):
            if tag is None:
                continue
            counts[name] = counts.get(name, 0) + 1
        for name, lo, hi, words in table:
            print("%s\t%d" % (name, counts.get(name, 0)))
        print("commands %d, inputs %d" % (len(table), sum(counts.values()) + len(LINE_LEVEL)))
        return 0
    if not args.remote:
        ap.error("--remote or --list")
    return run(args, table)


if __name__ == "__main__":
    sys.exit(main())
