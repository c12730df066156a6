#!/usr/bin/env python3
"""Bad-input sweep of the host command-line tools.

Each case runs one tool with bad arguments or a bad file and nothing else: no
case reaches a device (a remote that cannot start fails before QEMU, bpf-run
stops at --describe or at its options) and none loads BPF on this machine.
A case passes when the tool exits with a non-zero status (not a signal, not
0), within the time limit, with exactly one non-empty line on stderr; a
compile of bad C may instead print clang's diagnostics, each located
FILE:LINE:COL.

  tool-sweep.py --bin build/bin --kernel HEADERS --work DIR [--only TOOL] [-v]

The summary is 'tools T, inputs tried N, crashes C, findings F' (crashes: a
signal or a hang; findings: any other case that failed). Progress lines a tool
always prints (bpf-run's 'opening', bpfd-bcc's 'bpfd ready') are not counted.
"""
import argparse
import os
import re
import shutil
import subprocess
import sys

NONUTF8 = b"\xff\xfe\x80"
TWO64 = str(1 << 64)
TEN30 = "1" + "0" * 30
# A compile's diagnostics: clang's, located, or bpf-xcc's own (bpf-run adds
# that bpf-xcc failed).
DIAG = re.compile(rb"^(\S+:\d+:\d+: (fatal )?error: |bpf-xcc: error: )")
# Progress lines the tools always print (bpf-run says what it compiles and
# opens, bpfd-bcc that the session is ready): not counted.
PROGRESS = re.compile(rb"^(bpf-run: (opening|compiling|using cached object) |bpfd-bcc: bpfd ready on )")


def fixtures(work, clang):
    """Files the cases name: {empty}, {dir}, {junk}, {elf-trunc}, ..."""
    os.makedirs(work, exist_ok=True)
    f = {}

    def put(name, data):
        path = os.path.join(work, name)
        with open(path, "wb") as out:
            out.write(data)
        f[name] = path

    put("empty", b"")
    put("junk", bytes((i * 131 + 7) % 256 for i in range(4096)))
    put("junk.c", bytes((i * 131 + 7) % 256 for i in range(4096)))
    put("text.o", b"this is not an object\n")
    put("empty.c", b"")
    put("syntax.c", b"int kprobe__vfs_read(struct pt_regs *ctx) { return 0 }\n")
    put("folded", b"a;b;c 10\n")
    put("folded-bad", b"a;b;c notanumber\n" + NONUTF8 + b" 5\n;;; 1\n a 99999999999999999999999\n")
    os.makedirs(os.path.join(work, "dir.c"), exist_ok=True)
    f["dir"] = os.path.join(work, "dir.c")
    # A real object, then truncated at its middle.
    src = os.path.join(work, "prog.c")
    with open(src, "w") as out:
        out.write('struct { int type; } m __attribute__((section(".maps")));\n'
                  '__attribute__((section("kprobe/vfs_read"))) int p(void *c) { return 0; }\n'
                  'char _license[] __attribute__((section("license"))) = "GPL";\n')
    obj = os.path.join(work, "prog.o")
    subprocess.run([clang, "-target", "bpfel", "-O2", "-g", "-c", src, "-o", obj], check=True)
    data = open(obj, "rb").read()
    f["prog.o"] = obj
    put("elf-trunc.o", data[: len(data) // 2])
    put("elf-header.o", data[:64])
    put("elf-x86.o", data[:18] + b"\x3e\x00" + data[20:])  # e_machine EM_X86_64
    f["prog.c"] = src
    f["missing"] = os.path.join(work, "no-such-file")
    f["missing.c"] = os.path.join(work, "no-such-file.c")
    f["out.o"] = os.path.join(work, "out.o")
    return f


def cases(f, kernel):
    """[(tool, [args], compile)]: compile allows clang's located diagnostics."""
    K = ["--arch", "arm64", "--kernel", kernel, "-o", f["out.o"]]
    c = []
    add = lambda tool, args, comp=False: c.append((tool, args, comp))

    # bpf-xcc: options, files, compiles.
    x = "bpf-xcc"
    add(x, [])
    add(x, ["--no-such-option"])
    add(x, K)
    add(x, K + [f["missing.c"]])
    add(x, K + [f["dir"]])
    add(x, ["--arch", "arm64", "--kernel", kernel, f["prog.c"], "-o", f["dir"]])
    add(x, ["--arch", "arm64", "--kernel", kernel, f["prog.c"]])
    add(x, K + [f["junk.c"]], True)
    add(x, K + [f["syntax.c"]], True)
    add(x, K + [f["prog.o"]], True)
    add(x, ["--arch", "arm64", "--kernel", kernel, f["prog.c"], "-o", "/no/such/dir/out.o"])
    O = ["-o", f["out.o"]]
    add(x, ["--arch", "mips", "--kernel", kernel, f["prog.c"]] + O)
    add(x, ["--arch", "", "--kernel", kernel, f["prog.c"]] + O)
    add(x, ["--arch", NONUTF8, "--kernel", kernel, f["prog.c"]] + O)
    add(x, ["--arch", "arm64", "--kernel", f["missing"], f["prog.c"]] + O)
    add(x, ["--arch", "arm64", "--kernel", f["junk"], f["prog.c"]] + O)
    add(x, ["--arch", "arm64", "--kernel", f["dir"], f["prog.c"]] + O)
    add(x, ["--arch", "arm64", "--kernel", "", f["prog.c"]] + O)
    add(x, ["--arch", "arm64", "--kernel", kernel, "-o", "", f["prog.c"]])
    add(x, K + ["--profile", f["missing"], f["prog.c"]])
    add(x, K + ["--profile", f["empty"], f["prog.c"]])
    add(x, K + ["--profile", f["junk"], f["prog.c"]])
    add(x, K + ["--profile", f["dir"], f["prog.c"]])
    add(x, K + ["--attach", "nonsense", f["prog.c"]])
    add(x, K + ["--attach", "=", f["prog.c"]])
    add(x, K + ["--attach", "p=kprobe/", f["prog.c"]])
    add(x, K + ["--attach", "no_such_fn=kprobe/vfs_read", f["prog.c"]])
    add(x, K + ["--attach", NONUTF8 + b"=kprobe/vfs_read", f["prog.c"]])
    add(x, K + ["--usdt", f["missing"], f["prog.c"]])
    add(x, K + ["--usdt", f["junk"] + ":a:b=fn", f["prog.c"]])
    add(x, K + ["--list-usdt", f["junk"]])
    add(x, K + ["--list-usdt", f["missing"]])
    add(x, K + ["--list-usdt", f["dir"]])
    add(x, K + ["--tracepoint-format", "nonsense"])
    add(x, K + ["--tracepoint-format", "no_such:event"])
    add(x, K + ["--tracepoint-format", ":"])
    add(x, K + ["--tracepoint-format", NONUTF8 + b":x"])
    add(x, K + [f["prog.c"], f["prog.c"]])
    add(x, K + [NONUTF8])
    add(x, K + ["-D", "", f["prog.c"]])
    add(x, K + ["-D", "=1", f["prog.c"]], True)
    add(x, K + ["-I", f["missing"], f["junk.c"]], True)

    # bpf-run: options and --describe (no device).
    r = "bpf-run"
    add(r, [])
    add(r, ["--no-such-option"])
    add(r, ["--describe"])
    add(r, ["--describe", f["missing"]])
    add(r, ["--describe", f["dir"]])
    add(r, ["--describe", f["empty"]])
    add(r, ["--describe", f["junk"]])
    add(r, ["--describe", f["text.o"]])
    add(r, ["--describe", f["elf-trunc.o"]])
    add(r, ["--describe", f["elf-header.o"]])
    add(r, ["--describe", f["elf-x86.o"]])
    add(r, ["--describe", NONUTF8])
    add(r, ["--describe", f["prog.o"], f["prog.o"]])
    add(r, ["--describe", "--count", "-1", f["prog.o"]])
    add(r, ["--describe", "--count", TWO64, f["prog.o"]])
    add(r, ["--describe", "--top", TEN30, f["prog.o"]])
    add(r, ["--describe", "--interval", "-1", f["prog.o"]])
    add(r, ["--describe", "--interval", "abc", f["prog.o"]])
    add(r, ["--describe", "--interval", TEN30, f["prog.o"]])
    add(r, ["--describe", "--duration", "-5", f["prog.o"]])
    add(r, ["--describe", "--duration", "nan", f["prog.o"]])
    add(r, ["--describe", "--hist", "nosuchmap", f["prog.o"]])
    add(r, ["--describe", "--hist", "m:cubic", f["prog.o"]])
    add(r, ["--describe", "--hist", ":", f["prog.o"]])
    add(r, ["--describe", "--event", "m", f["prog.o"]])
    add(r, ["--describe", "--event", "nosuchmap=struct x", f["prog.o"]])
    add(r, ["--describe", "--guest-disk", "-1", f["prog.o"]])
    add(r, ["--remote", "nosuch:x", f["prog.o"]])
    add(r, ["--remote", "", f["prog.o"]])
    add(r, ["--remote", "qemu:mips", f["prog.o"]])
    add(r, ["--remote", NONUTF8, f["prog.o"]])
    add(r, ["--remote", "qemu:arm64", "--guest-disk", TEN30, f["prog.o"]])
    add(r, ["--remote", "qemu:arm64", "--bpfd", f["missing"], f["prog.o"]])
    add(r, ["--remote", "qemu:arm64", f["missing"]])
    add(r, ["--remote", "qemu:arm64", "--kernel", f["missing"], f["junk.c"]], True)
    add(r, ["--describe", "--event", "=x", f["prog.o"]])

    # bpfd-remote: specs and options that fail before a guest boots.
    b = "bpfd-remote"
    add(b, [])
    add(b, ["--no-such-option"])
    add(b, ["nosuch:x"])
    add(b, [""])
    add(b, ["qemu:"])
    add(b, ["qemu:mips"])
    add(b, [NONUTF8])
    add(b, ["qemu:arm64", "qemu:x86_64"])
    add(b, ["--timeout"])
    add(b, ["--timeout", "-1", "qemu:arm64"])
    add(b, ["--timeout", "abc", "qemu:arm64"])
    add(b, ["--timeout", TEN30, "qemu:arm64"])
    add(b, ["--timeout", "0", "qemu:arm64"])
    add(b, ["--bpfd", f["missing"], "qemu:arm64"])
    add(b, ["--bpfd", f["dir"], "qemu:arm64"])
    add(b, ["--kernel", f["missing"], "qemu:arm64"])
    add(b, ["--kernel", f["dir"], "qemu:arm64"])
    add(b, ["--guest-file", "nonsense", "qemu:arm64"])
    add(b, ["--guest-file", f["missing"] + "=/x", "qemu:arm64"])
    add(b, ["--guest-file", f["prog.c"] + "=relative", "qemu:arm64"])
    add(b, ["--guest-file", "=", "qemu:arm64"])
    add(b, ["--cpu"])
    add(b, ["--command"])
    add(b, ["--workload", "", "qemu:arm64", "--bpfd", f["missing"]])
    add(b, ["process:"])
    add(b, ["process:exit 3"])
    add(b, ["process:echo not-a-greeting"])

    # bpfd-object: subcommands and objects.
    o = "bpfd-object"
    add(o, [])
    add(o, ["nonsense"])
    add(o, ["plan"])
    add(o, ["plan", f["missing"]])
    add(o, ["plan", f["dir"]])
    add(o, ["plan", f["empty"]])
    add(o, ["plan", f["junk"]])
    add(o, ["plan", f["elf-trunc.o"]])
    add(o, ["plan", f["elf-header.o"]])
    add(o, ["plan", f["elf-x86.o"]])
    add(o, ["plan", NONUTF8])
    add(o, ["plan", f["prog.o"], "extra"])
    add(o, ["upload"])
    add(o, ["upload", f["missing"]])
    add(o, ["upload", f["dir"]])
    add(o, ["upload", f["empty"]])
    add(o, ["upload", f["prog.o"], "attach=2"])
    add(o, ["upload", f["prog.o"], "attach=1", "extra"])

    # bpfd-bcc: its argument checks, before any session.
    t = "bpfd-bcc"
    add(t, [])
    add(t, ["--no-such-option"])
    add(t, ["no_such_tool_sweep"])
    add(t, [NONUTF8])
    add(t, [f["missing"]])
    add(t, [f["dir"]])
    add(t, ["--remote"])
    add(t, ["--timeout", "abc", "filetop"])
    add(t, ["--timeout", "-1", "filetop"])
    add(t, ["--timeout", TEN30, "filetop"])
    add(t, ["--exec"])
    add(t, ["--exec", "--"])
    add(t, ["--svg"])
    add(t, ["--svg", f["dir"], "filetop"])
    add(t, ["--guest-file", "nonsense", "filetop"])
    add(t, ["--kernel", f["missing"], "filetop"])
    add(t, ["--remote", "nosuch:x", "filetop"])
    add(t, ["--remote", "qemu:mips", "filetop"])

    # bpfd-flamegraph: options and folded stacks.
    g = "bpfd-flamegraph"
    add(g, ["--no-such-option"])
    add(g, [f["missing"]])
    add(g, [f["dir"]])
    add(g, ["--width", "-1", f["folded"]])
    add(g, ["--width", "abc", f["folded"]])
    add(g, ["--width", TEN30, f["folded"]])
    add(g, ["--width", "99", f["folded"]])
    add(g, ["--min-width", "-1", f["folded"]])
    add(g, ["--min-width", "nan", f["folded"]])
    add(g, ["--min-width", "inf", f["folded"]])
    add(g, ["--title"])
    add(g, ["-o", f["dir"], f["folded"]])
    add(g, ["-o", "/no/such/dir/x.svg", f["folded"]])
    add(g, [f["folded"], f["folded"]])
    add(g, [f["junk"]])
    return c


def show(argv):
    return " ".join(a.decode("latin-1") if isinstance(a, bytes) else a for a in argv)[:200]


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--bin", required=True)
    ap.add_argument("--kernel", required=True, help="arm64 kernel headers for bpf-xcc")
    ap.add_argument("--work", required=True)
    ap.add_argument("--clang", default="clang")
    ap.add_argument("--only")
    ap.add_argument("--timeout", type=float, default=60)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    args.bin, args.kernel, args.work = (os.path.abspath(p) for p in (args.bin, args.kernel, args.work))
    f = fixtures(args.work, args.clang)
    env = dict(os.environ)
    env.pop("BPFD_REMOTE", None)
    env["TMPDIR"] = args.work
    counts = {}
    crashes = findings = tried = 0
    for tool, argv, compile_ok in cases(f, args.kernel):
        if args.only and tool != args.only:
            continue
        tried += 1
        counts[tool] = counts.get(tool, 0) + 1
        cmd = [os.path.join(args.bin, tool)] + [a if isinstance(a, bytes) else a.encode() for a in argv]
        try:
            p = subprocess.run(cmd, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, timeout=args.timeout, env=env, cwd=args.work)
        except subprocess.TimeoutExpired:
            crashes += 1
            print("HANG (%d s): %s %s" % (args.timeout, tool, show(argv)))
            continue
        lines = [l for l in p.stderr.split(b"\n") if l.strip() and not PROGRESS.match(l)]
        problem = None
        # A session that failed must not leave its run folder behind.
        left = [d for d in os.listdir(args.work) if d.startswith(("bpfd-qemu-", "bpfd-bcc-"))]
        for d in left:
            shutil.rmtree(os.path.join(args.work, d), ignore_errors=True)
        if p.returncode < 0:
            crashes += 1
            problem = "CRASH (signal %d)" % -p.returncode
        elif p.returncode == 0:
            problem = "exit 0"
        elif not lines:
            problem = "silent exit %d" % p.returncode
        elif len(lines) != 1 and not (compile_ok and any(DIAG.match(l) for l in lines)):
            problem = "%d lines on stderr" % len(lines)
        elif left:
            problem = "left %s" % " ".join(left)
        if problem:
            if not problem.startswith("CRASH"):
                findings += 1
            print("%s: %s %s" % (problem, tool, show(argv)))
            for l in lines[:6]:
                print("    | " + l.decode(errors="replace")[:200])
        elif args.verbose:
            print("ok %d: %s %s\n    | %s" % (p.returncode, tool, show(argv),
                                            lines[-1].decode(errors="replace")[:200]))
    for tool in sorted(counts):
        print("  %-16s %d" % (tool, counts[tool]))
    print("tools %d, inputs tried %d, crashes %d, findings %d" % (len(counts), tried, crashes, findings))
    return 0 if not crashes and not findings else 1


if __name__ == "__main__":
    sys.exit(main())
