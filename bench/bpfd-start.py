#!/usr/bin/env python3
"""First load and start (issue 13): how long bpfd's first LOAD_OBJECT of a
small object takes, step by step, and how long `bpfd-bcc opensnoop` takes
from its launch to its header line, on the arm64 and the x86_64 QEMU guests.

    bench/bpfd-start.py [--build BUILD] [--arch arm64,x86_64] [--reps N]
                        [--tools stackcount,opensnoop] [--no-bcc]

Part 1, the first LOAD_OBJECT. Each --tools entry is a program of the BCC
corpus (BUILD/corpus/ARCH/TOOL.c), compiled by bpf-xcc on this host with the
corpus's attach points (--attach FN=SECTION, as scripts/run-bcc-tool.py
gives them) and the corpus's target profile (--profile
BUILD/corpus/facts/ARCH/profile), in a private header cache; its size is
printed. stackcount is the corpus program closest to 8 KB on arm64 (two maps,
one of them a stack map, a kprobe); opensnoop is the program bpfd-bcc
opensnoop loads (arm64: two maps, four kprobe programs at six points; x86_64:
the fexit variant BCC picks there). Each repetition is a new session,
`bpfd-remote qemu:ARCH`: a fresh guest, so the load is the first of that
bpfd process (and of that kernel since its boot); the boot (to bpfd's
greeting) is reported apart. Timed from this host, in that session:

  upload      OBJECT_BEGIN and OBJECT_CHUNK (bpfd-object upload's lines, sent
              at once) until the last chunk's reply
  LOAD_OBJECT `LOAD_OBJECT - time=1` until its status line; bpfd's own
              split of it comes from its `+ time PHASE MICROSECONDS` lines
              (docs/protocol.md): parse (ELF, .bpfd.target, kconfig), btf
              (BPF_BTF_LOAD), maps, relocate (map fds, ksyms, CO-RE),
              verifier (BPF_PROG_LOAD), attach, total; the rest of the round
              trip is the link (virtio-serial, bpfd-remote) and the reply
  total       upload + LOAD_OBJECT

then the same upload and load again in the same bpfd (warm, for comparison).
Medians and ranges over the --reps repetitions (default 5).

Part 2, `bpfd-bcc opensnoop` (needs root and /dev/fuse, as bpfd-bcc does):
build/bin/bpfd-bcc -v --remote qemu:ARCH opensnoop with BPFD_BCC_VERBOSE=1
and a private, first empty BPF_XCC_CACHE_DIR: one run with the header cache
cold, then --reps runs warm. From the launch to the tool's first stdout
line (its header), split by the launcher's and libbcc's progress lines as
they arrive: the guest's boot (the launcher's "bpfd ready ... after X s", not
counted in the start), the launcher until python runs, python + import bcc
+ the tool until its first BPF(), the device's profile, bpf-xcc's compiles,
map creation, the tool's own work between its BPF() calls (opensnoop's
get_syscall_prefix and ksymname: our libbcc fetches the device's kallsyms
with GET_KALLSYMS, ~2 MB), and the program loads and attaches until the
header. The progress lines give libbcc's steps in 10-ms steps (%.2f s). python3 alone and python3 -c 'import bcc' are timed on this host
too, for scale. The tool is then stopped with SIGINT.

The arm64 first-load total is printed beside the last round's 214 ms (its
origin is unknown: an earlier round's claim, no method or script recorded).

Prints the tables on stdout, progress lines ([+N s] ...) on stderr. Exits 1
if any step fails.
"""
import argparse
import glob
import json
import os
import select
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path[:0] = [HERE, os.path.join(ROOT, "python")]
from build_paths import cache_dir  # noqa: E402
from progress import reporter  # noqa: E402
from bpfd_client import Coprocess as Bpfd, Failed  # noqa: E402

say, _ = reporter("bpfd-start")
FLAVOUR = {"arm64": "arm64", "x86_64": "amd64"}
PHASES = ["parse", "btf", "maps", "relocate", "verifier", "attach", "total"]
LAST_ROUND_MS = 214.0   # arm64; origin unknown


def load(bpfd, upload_lines):
    """One upload and LOAD_OBJECT - time=1: a dict of milliseconds."""
    begin = [l for l in upload_lines if not l.startswith("LOAD_OBJECT")]
    t0 = time.monotonic()
    bpfd.send(*begin)
    for l in begin:
        reply = bpfd.reply()
        if not reply.ok:
            raise Failed("%s: %s" % (l.split()[0], reply.line))
    t1 = time.monotonic()
    bpfd.send("LOAD_OBJECT - time=1")
    reply = bpfd.reply()
    t2 = time.monotonic()
    payload = reply.payload
    if reply.status.command != "load_object" or not reply.ok:
        raise Failed("LOAD_OBJECT: %s\n%s" % (reply.line, "\n".join(payload[-20:])))
    r = {"upload": 1000 * (t1 - t0), "load": 1000 * (t2 - t1), "all": 1000 * (t2 - t0)}
    progs = attaches = maps = 0
    for p in payload:
        w = p.split()
        if w[0] == "time" and len(w) == 3 and w[1] in PHASES:
            r["bpfd_" + w[1]] = int(w[2]) / 1000.0
        progs += w[0] == "prog"
        attaches += w[0] == "attach"
        maps += w[0] == "map"
    missing = [ph for ph in PHASES if "bpfd_" + ph not in r]
    if missing:
        raise Failed("LOAD_OBJECT - time=1 gave no time line for %s (a bpfd without the option?)"
                     % ", ".join(missing))
    r["link"] = r["load"] - r["bpfd_total"]
    r["shape"] = ", ".join("%d %s%s" % (n, w, "" if n == 1 else "s")
                           for n, w in ((maps, "map"), (progs, "program"), (attaches, "attachment")))
    return r


def compile_tool(args, arch, tool, headers, xcc_cache):
    sys.path.insert(0, os.path.join(ROOT, "scripts", "bcc-corpus"))
    import bcc_attach
    base = os.path.join(args.build, "corpus", arch, tool)
    try:
        with open(base + ".json") as f:
            record = json.load(f)
    except OSError as e:
        raise Failed("no corpus record %s.json (%s): build the bcc-corpus target" % (base, e.strerror))
    opts = [f for f in record.get("cflags", []) if f.startswith(("-D", "-I"))]
    opts += bcc_attach.attach_options([a for a in record.get("attach", []) if a.get("available") is not False])
    obj = os.path.join(args.work, "%s-%s.o" % (tool, arch))
    cmd = [os.path.join(BIN, "bpf-xcc"), "--arch", arch, "--kernel", headers, "--profile",
           os.path.join(args.build, "corpus", "facts", arch, "profile")] + opts + [base + ".c", "-o", obj]
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                       env=dict(os.environ, BPF_XCC_CACHE_DIR=xcc_cache))
    if p.returncode:
        raise Failed("bpf-xcc %s for %s failed: %s" % (tool, arch, p.stderr.strip()[-800:]))
    upload = subprocess.run([os.path.join(BIN, "bpfd-object"), "upload", obj], stdout=subprocess.PIPE,
                            text=True, check=True).stdout.split("\n")
    return obj, os.path.getsize(obj), [l for l in upload if l.strip()]


def first_loads(args, arch, objects):
    """{tool: {"first": [dicts], "warm": [dicts], "boot": [s]}}."""
    out = {t: {"first": [], "warm": [], "boot": []} for t, _, _, _ in objects}
    for rep in range(1, args.reps + 1):
        for tool, _, _, upload in objects:
            bpfd = Bpfd([os.path.join(BIN, "bpfd-remote"), "--timeout", str(args.timeout), "qemu:" + arch],
                        args.timeout, capture_stderr=True)
            try:
                first = load(bpfd, upload)
                warm = load(bpfd, upload)
            finally:
                bpfd.close()
            if bpfd.p.returncode:
                raise Failed("bpfd-remote qemu:%s ended with status %d" % (arch, bpfd.p.returncode))
            out[tool]["first"].append(first)
            out[tool]["warm"].append(warm)
            out[tool]["boot"].append(bpfd.boot_s)
            say("%s %s rep %d/%d: boot %.2f s, first load %.1f ms (upload %.1f, LOAD_OBJECT %.1f: bpfd %.1f), "
                "warm %.1f ms" % (arch, tool, rep, args.reps, bpfd.boot_s, first["all"], first["upload"],
                                  first["load"], first["bpfd_total"], warm["all"]))
    return out


def host_python(reps):
    """Medians (ms) of python3 -c pass and python3 -c 'import bcc' with our
    libbcc, on this host."""
    env = dict(os.environ, LD_LIBRARY_PATH=os.path.join(LIB, "bpfd-bcc"), PYTHONDONTWRITEBYTECODE="1")
    res = {}
    for name, code in (("python", "pass"), ("import", "import bcc")):
        ts = []
        for _ in range(max(3, reps)):
            t = time.monotonic()
            subprocess.run(["/usr/bin/python3", "-c", code], env=env, check=True)
            ts.append(1000 * (time.monotonic() - t))
        res[name] = statistics.median(ts)
    return res


def bcc_run(args, arch, xcc_cache, label):
    """One bpfd-bcc opensnoop run: a dict of seconds from the launch."""
    env = dict(os.environ, BPFD_BCC_VERBOSE="1", BPF_XCC_CACHE_DIR=xcc_cache, PYTHONUNBUFFERED="1")
    cmd = [os.path.join(BIN, "bpfd-bcc"), "-v", "--remote", "qemu:" + arch, "--timeout", str(args.timeout),
           "opensnoop"]
    t0 = time.monotonic()
    p = subprocess.Popen(cmd, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         env=env, bufsize=0)
    bufs = {p.stdout.fileno(): b"", p.stderr.fileno(): b""}
    r = {"profile": 0.0, "compile": 0.0, "maps": 0.0, "modules": 0, "sizes": []}
    log = []
    deadline = t0 + 3 * args.timeout
    header = None
    try:
        while header is None:
            left = deadline - time.monotonic()
            ready = select.select(list(bufs), [], [], max(0, left))[0]
            if not ready:
                raise Failed("bpfd-bcc opensnoop (%s): no header line in %d s" % (arch, 3 * args.timeout))
            for fd in ready:
                data = os.read(fd, 65536)
                now = time.monotonic() - t0
                if not data:
                    raise Failed("bpfd-bcc opensnoop (%s) ended (status %s) before its header; its stderr:\n%s"
                                 % (arch, p.wait(), "\n".join(log[-25:])))
                bufs[fd] += data
                while b"\n" in bufs[fd]:
                    line, bufs[fd] = bufs[fd].split(b"\n", 1)
                    line = line.decode(errors="replace")
                    if fd == p.stdout.fileno():
                        header = header or (now, line)
                        continue
                    if not line.startswith("bpf-xcc: "):
                        log.append(line)
                    w = line.split()
                    if line.startswith("bpfd-bcc: opening "):
                        r["open"] = now
                    elif line.startswith("bpfd-bcc: bpfd ready on "):
                        r["ready"], r["boot"] = now, float(w[w.index("after") + 1])
                    elif line.startswith("bpfd-bcc: exec "):
                        r["exec"] = now
                    elif line.startswith("bpfd-bcc: the device's profile in "):
                        d = float(w[-2])
                        r.setdefault("module0", now - d)
                        r["profile"] += d
                    elif line.startswith("bpfd-bcc: compiled for "):
                        r["compile"] += float(w[-2])
                        r["modules"] += 1
                        r["sizes"].append(int(line.split("(")[1].split("-")[0]))
                    elif " maps created on the device in " in line:
                        r["maps"] += float(w[-2])
                        r["module_end"] = now
        r["header"], r["header_line"] = header
    finally:
        if p.poll() is None:
            p.send_signal(signal.SIGINT)      # the launcher forwards it to the tool
            try:
                p.communicate(timeout=args.timeout)
            except subprocess.TimeoutExpired:
                p.kill()
                p.communicate()
    for k in ("ready", "exec", "module0", "module_end"):
        if k not in r:
            raise Failed("bpfd-bcc opensnoop (%s): no '%s' progress line (bpfd-bcc -v, BPFD_BCC_VERBOSE); "
                         "its stderr:\n%s" % (arch, k, "\n".join(log[-25:])))
    if not r["header_line"].startswith("PID"):
        raise Failed("bpfd-bcc opensnoop (%s): the first line is not the header: %r" % (arch, r["header_line"]))
    r["start"] = r["header"] - r["boot"]
    r["launcher"] = r["exec"] - r["boot"]           # launcher, less the boot, until python runs
    r["python"] = r["module0"] - r["exec"]           # python3 + import bcc + the tool until BPF()
    r["between"] = (r["module_end"] - r["module0"]) - r["profile"] - r["compile"] - r["maps"]
    r["loads"] = r["header"] - r["module_end"]       # BPF_PROG_LOADs + attaches until the header
    say("%s bpfd-bcc opensnoop (%s header cache): boot %.2f s, start without boot %.0f ms "
        "(compile %.0f ms, %d modules of %s bytes)" % (arch, label, r["boot"], 1000 * r["start"],
                                                       1000 * r["compile"], r["modules"],
                                                       "+".join(map(str, r["sizes"]))))
    return r


def stats(values):
    return statistics.median(values), min(values), max(values)


def fmt(values, scale=1.0, digits=1):
    m, lo, hi = stats([v * scale for v in values])
    if len(values) == 1:
        return "%.*f" % (digits, m)
    return "%.*f [%.*f-%.*f]" % (digits, m, digits, lo, digits, hi)


def print_loads(arch, objects, res, reps):
    for tool, obj, size, _ in objects:
        d = res[tool]
        print()
        print("%s: %s, %d bytes (%s); first load in %d fresh bpfd processes (a new guest each), "
              "ms, median [min-max]" % (arch, os.path.basename(obj), size, d["first"][0]["shape"], reps))
        print("  %-46s %22s %22s" % ("step", "first load", "warm (2nd, same bpfd)"))
        rows = [("upload (OBJECT_BEGIN + OBJECT_CHUNK)", "upload"),
                ("LOAD_OBJECT (round trip)", "load")]
        rows += [("  bpfd: " + ph, "bpfd_" + ph) for ph in PHASES]
        rows += [("  link + reply (round trip - bpfd total)", "link"),
                 ("total: upload + LOAD_OBJECT", "all")]
        for name, key in rows:
            print("  %-46s %22s %22s" % (name, fmt([x[key] for x in d["first"]]),
                                         fmt([x[key] for x in d["warm"]])))
        print("  %-46s %22s" % ("guest boot to greeting, s (not in the above)", fmt(d["boot"], digits=2)))
        if arch == "arm64":
            m = stats([x["all"] for x in d["first"]])[0]
            print("  last round: %.0f ms (origin unknown); this run's first-load total %.1f ms = %.2fx of it"
                  % (LAST_ROUND_MS, m, m / LAST_ROUND_MS))


def print_bcc(arch, cold, warm, py):
    print()
    print("%s: bpfd-bcc opensnoop, launch to its header line, ms (median [min-max] of %d warm runs)"
          % (arch, len(warm)))
    print("  %-58s %14s %22s" % ("step", "cold cache", "warm cache"))
    rows = [("guest boot to greeting, s (not counted)", "boot", 1, 2),
            ("launcher until python runs (less the boot)", "launcher", 1000, 0),
            ("python3 + import bcc + the tool until its first BPF()", "python", 1000, 0),
            ("device's profile (libbcc, cached on the host)", "profile", 1000, 0),
            ("bpf-xcc compile (%d modules)" % cold["modules"], "compile", 1000, 0),
            ("maps created through bpfd", "maps", 1000, 0),
            ("the tool between its BPF() calls (ksymname: GET_KALLSYMS)", "between", 1000, 0),
            ("program loads + attaches through bpfd, until the header", "loads", 1000, 0),
            ("start: launch to header, less the boot", "start", 1000, 0)]
    for name, key, scale, digits in rows:
        print("  %-58s %14s %22s" % (name, fmt([cold[key]], scale, digits), fmt([x[key] for x in warm], scale, digits)))
    print("  (alone on this host, medians: /usr/bin/python3 -c pass %.0f ms, python3 -c 'import bcc' "
          "with our libbcc %.0f ms)" % (py["python"], py["import"]))


def main():
    global BIN, LIB
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--build", default=os.path.join(ROOT, "build"))
    ap.add_argument("--arch", default="arm64,x86_64", help="comma-separated guests, one at a time (arm64,x86_64)")
    ap.add_argument("--reps", type=int, default=5,
                    help="fresh bpfd processes per object, and warm bpfd-bcc runs (5)")
    ap.add_argument("--tools", default="stackcount,opensnoop",
                    help="corpus programs to load (stackcount,opensnoop; the first is the ~8 KB object)")
    ap.add_argument("--no-bcc", action="store_true", help="skip bpfd-bcc opensnoop")
    ap.add_argument("--timeout", type=int, default=120, help="seconds per guest step (120)")
    ap.add_argument("--keep", action="store_true", help="keep the work folder (objects, header cache)")
    args = ap.parse_args()
    args.build = os.path.abspath(args.build)
    BIN = os.path.join(args.build, "bin")
    LIB = os.path.join(args.build, "lib")
    arches = [a for a in args.arch.split(",") if a]
    tools = [t for t in args.tools.split(",") if t]
    if args.reps < 1 or not arches or not tools or any(a not in FLAVOUR for a in arches):
        ap.error("--reps >= 1, --arch of arm64,x86_64, --tools not empty")
    need = ["bpf-xcc", "bpfd-object", "bpfd-remote"] + ["bpfd-" + a for a in arches]
    need += [] if args.no_bcc else ["bpfd-bcc"]
    for f in need:
        if not os.access(os.path.join(BIN, f), os.X_OK):
            say("%s/%s is not built" % (BIN, f))
            return 1
    cache = cache_dir(args.build)
    args.work = tempfile.mkdtemp(prefix="bpfd-start.")
    load0 = os.getloadavg()
    when = time.strftime("%Y-%m-%d %H:%M", time.gmtime())
    say("machine load before: %.2f %.2f %.2f; work folder %s" % (load0 + (args.work,)))
    results = []
    try:
        py = None if args.no_bcc else host_python(args.reps)
        for arch in arches:
            trees = sorted(glob.glob(os.path.join(cache, "kernels", arch, "current", "usr", "src",
                                                  "linux-headers-*-" + FLAVOUR[arch])))
            if not trees:
                raise Failed("no %s kernel headers under %s/kernels (the fetch-kernels target)" % (arch, cache))
            objects = []
            for tool in tools:
                obj, size, upload = compile_tool(args, arch, tool, trees[0],
                                                 os.path.join(args.work, "xcc-cache-objects"))
                say("%s: %s, %d bytes" % (arch, os.path.basename(obj), size))
                objects.append((tool, obj, size, upload))
            res = first_loads(args, arch, objects)
            bcc = None
            if not args.no_bcc:
                xcc = os.path.join(args.work, "xcc-cache-bcc-" + arch)   # empty: the first run is cold
                cold = bcc_run(args, arch, xcc, "cold")
                warm = [bcc_run(args, arch, xcc, "warm") for _ in range(args.reps)]
                bcc = (cold, warm)
            results.append((arch, objects, res, bcc))
    except Failed as e:
        say("FAILED: %s" % e)
        return 1
    finally:
        if not args.keep:
            shutil.rmtree(args.work, ignore_errors=True)
    load1 = os.getloadavg()
    print("first load and start: %s UTC, load average before %.2f %.2f %.2f, after %.2f %.2f %.2f"
          % ((when,) + load0 + load1))
    for arch, objects, res, bcc in results:
        print_loads(arch, objects, res, args.reps)
        if bcc:
            print_bcc(arch, bcc[0], bcc[1], py)
    return 0


BIN = LIB = None
if __name__ == "__main__":
    sys.exit(main())
