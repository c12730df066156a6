#!/usr/bin/env bash
# Compile time of bpf-xcc per corpus program against the floor measured in
# the same run: plain clang-19 -cc1 parsing the same rewritten program with
# the same kernel headers and flags (bpf-xcc's code-pass command line, from
# `bpf-xcc -v`) into LLVM IR, plus llc-19 on that IR (retargeted to bpfel/
# bpfeb, -O2, object output). bpf-xcc does more than the floor (the analysis
# pass, a second parse, the O2 IR pipeline), so the ratio says what the
# BCC-compatible front end costs over one plain compile.
#
# bpf-xcc runs three ways per program: off (--no-cache), cold (its header
# cache folder emptied first: the preamble is precompiled and stored) and
# warm (the same command again: both passes read the stored preamble).
#
# Usage: bench/xcc-compile.sh [--build BUILD] [--arch arm64|x86_64]
#                             [--only TOOL]... [--jobs N] [WORK_DIR]
#   BUILD     build folder holding bin/bpf-xcc and corpus/ (default: build)
#   --jobs    programs measured side by side (default 1; times are CPU
#             seconds of each child, so 2 jobs on 2 cores change them little)
#   WORK_DIR  scratch folder (default: a new folder under /tmp), removed after
# Prints one row per program (CPU seconds user+sys of the floor, clang-19
# -cc1 + llc-19, and of bpf-xcc off, cold and warm, and each one's ratio to
# the floor), then the whole corpus, the median and worst ratio, and the
# machine's load average at start and end.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=$root/build arch=arm64 jobs=1 work="" only=()
while [ $# -gt 0 ]; do
  case $1 in
    --build) build=$2; shift 2 ;;
    --arch) arch=$2; shift 2 ;;
    --only) only+=("$2"); shift 2 ;;
    --jobs) jobs=$2; shift 2 ;;
    -h|--help) sed -n '2,23p' "$0"; exit 0 ;;
    *) work=$1; shift ;;
  esac
done
work=${work:-$(mktemp -d /tmp/bpfd-xcc-bench.XXXXXX)}
mkdir -p "$work"
trap 'rm -rf "$work"' EXIT
for tool in clang-19 llc-19; do
  command -v $tool > /dev/null || { echo "xcc-compile bench: $tool not found" >&2; exit 1; }
done
[ -x "$build/bin/bpf-xcc" ] || { echo "xcc-compile bench: no $build/bin/bpf-xcc" >&2; exit 1; }
[ -f "$build/corpus/$arch/index.json" ] ||
  { echo "xcc-compile bench: no corpus in $build/corpus/$arch (build target bcc-corpus)" >&2; exit 1; }

exec python3 - "$root" "$build" "$arch" "$jobs" "$work" "${only[@]}" <<'EOF'
import concurrent.futures, glob, importlib.util, json, os, re, shutil, statistics
import subprocess, sys, time

root, build, arch, jobs, work = sys.argv[1:6]
only = set(sys.argv[6:])
jobs = int(jobs)
spec = importlib.util.spec_from_file_location(
    "run_corpus", os.path.join(root, "scripts", "bcc-corpus", "run-corpus.py"))
rc = importlib.util.module_from_spec(spec)
spec.loader.exec_module(rc)

bpf_xcc = os.path.join(build, "bin", "bpf-xcc")
corpus = os.path.join(build, "corpus", arch)
profile = os.path.join(build, "corpus", "facts", arch, "profile")
cache = os.environ.get("BPFD_CACHE_DIR") or (
    "/work/cache" if os.path.isdir("/work/cache/kernels") else os.path.join(build, "cache"))
headers = sorted(glob.glob(os.path.join(cache, "kernels", arch, "current", "usr", "src",
                                        "linux-headers-*-" + rc.FLAVOUR[arch])))
if not headers:
    sys.exit("xcc-compile bench: no %s headers under %s" % (arch, cache))
helpers_src = os.path.join(root, "bpf-xcc", "bpf-headers")


def run(cmd, out=None, env=None):
    """(ok, cpu seconds user+sys, wall seconds, stderr) of one child."""
    t0 = time.time()
    with open(out or os.devnull, "wb") as o:
        p = subprocess.Popen(cmd, stdin=subprocess.DEVNULL, stdout=o, stderr=subprocess.PIPE,
                             env=env)
        err = p.stderr.read().decode("utf-8", "replace")
        _, status, ru = os.wait4(p.pid, 0)
        p.returncode = os.waitstatus_to_exitcode(status)
    return p.returncode == 0, ru.ru_utime + ru.ru_stime, time.time() - t0, err


def virtual_files(d, code_args, version_code):
    """Real files for the in-memory headers bpf-xcc gives clang."""
    v = os.path.join(d, "virtual", "bpf-xcc")
    os.makedirs(os.path.join(v, "include", "bcc"), exist_ok=True)
    os.makedirs(os.path.join(v, "version", "linux"), exist_ok=True)
    with open(os.path.join(helpers_src, "bpf_xcc_helpers.h")) as s, \
         open(os.path.join(v, "bpf_xcc_helpers.h"), "w") as t:
        t.write(s.read())
    with open(os.path.join(helpers_src, "bcc_proto.h")) as s, \
         open(os.path.join(v, "include", "bcc", "proto.h"), "w") as t:
        t.write(s.read())
    os.makedirs(os.path.join(v, "include", "bpf-xcc"), exist_ok=True)
    with open(os.path.join(helpers_src, "bpf_xcc_maps.h")) as s, \
         open(os.path.join(v, "include", "bpf-xcc", "maps.h"), "w") as t:
        t.write(s.read())
    c = version_code
    with open(os.path.join(v, "version", "linux", "version.h"), "w") as t:
        t.write("#define LINUX_VERSION_CODE %d\n"
                "#define KERNEL_VERSION(a,b,c) (((a) << 16) + ((b) << 8) + ((c) > 255 ? 255 : (c)))\n"
                "#define LINUX_VERSION_MAJOR %d\n#define LINUX_VERSION_PATCHLEVEL %d\n"
                "#define LINUX_VERSION_SUBLEVEL %d\n" % (c, c >> 16, (c >> 8) & 255, c & 255))
    return [a.replace("/virtual/", os.path.join(d, "virtual") + "/") for a in code_args]


def measure(tool, meta):
    d = os.path.join(work, tool)
    os.makedirs(d, exist_ok=True)
    src = os.path.join(corpus, tool + ".c")
    base = [bpf_xcc, "--arch", arch, "--kernel", headers[0], "--profile", profile]
    base += [f for f in meta.get("cflags", []) if f.startswith(("-D", "-I"))]
    base += rc.bcc_attach.attach_options(meta.get("attach", []))
    ok, xcc_cpu, xcc_wall, err = run(base + ["--no-cache", "-v", src, "-o",
                                             os.path.join(d, "xcc.o")])
    if not ok:
        return None
    # Cold: an empty cache folder; warm: the same command again.
    cache = os.path.join(d, "cache")
    shutil.rmtree(cache, ignore_errors=True)
    env = dict(os.environ, BPF_XCC_CACHE_DIR=cache)
    times = []
    for mode in ("cold", "warm"):
        ok, cpu, _, _ = run(base + [src, "-o", os.path.join(d, mode + ".o")], env=env)
        if not ok:
            return ("bpf-xcc failed with the %s cache" % mode,)
        times.append(cpu)
    shutil.rmtree(cache, ignore_errors=True)
    for mode in ("cold", "warm"):
        with open(os.path.join(d, "xcc.o"), "rb") as a, \
             open(os.path.join(d, mode + ".o"), "rb") as b:
            if a.read() != b.read():
                return ("the %s cache gave another object than --no-cache" % mode,)
    code = [l for l in err.splitlines() if l.startswith("bpf-xcc: clang (code pass): ")]
    vc = re.search(r"LINUX_VERSION_CODE (\d+) from", err)
    if not code or not vc:
        return None
    args = code[0].split(": ", 2)[2].split(" ")
    # The code pass parses the rewritten text: give clang the same text.
    ok, _, _, _ = run(base + ["--no-cache", "--emit-c", src, "-o", os.path.join(d, "unused.o")],
                      os.path.join(d, "rewritten.c"))
    if not ok:
        return None
    args = virtual_files(d, args, int(vc.group(1)))
    args[-1] = os.path.join(d, "rewritten.c")
    ll = os.path.join(d, "floor.ll")
    ok, clang_cpu, clang_wall, err = run(["clang-19"] + args + ["-o", ll])
    if not ok:
        return ("clang failed: " + (err.strip().splitlines() or ["?"])[-1],)
    # Same IR for the BPF backend: retarget as bpf-xcc does.
    bpf = "bpfeb" if arch in ("s390x",) else "bpfel"
    with open(ll) as f:
        text = f.read()
    text = re.sub(r'^target triple = .*$', 'target triple = "%s"' % bpf, text, flags=re.M)
    text = re.sub(r'^target datalayout = .*$', 'target datalayout = "%s"' %
                  ("e-m:e-p:64:64-i64:64-i128:128-n32:64-S128" if bpf == "bpfel"
                   else "E-m:e-p:64:64-i64:64-i128:128-n32:64-S128"), text, flags=re.M)
    text = re.sub(r'"target-(cpu|features)"="[^"]*"', "", text)
    with open(ll, "w") as f:
        f.write(text)
    ok, llc_cpu, llc_wall, err = run(["llc-19", "-O2", "-mcpu=v3", "-filetype=obj", ll,
                                      "-o", os.path.join(d, "floor.o")])
    if not ok:
        return ("llc failed: " + (err.strip().splitlines() or ["?"])[-1],)
    return (xcc_cpu, clang_cpu, llc_cpu, xcc_wall, clang_wall + llc_wall,
            times[0], times[1])


with open(os.path.join(corpus, "index.json")) as f:
    index = json.load(f)
todo = []
for tool, info in sorted(index["tools"].items()):
    if info["status"] not in ("extracted", "ended") or (only and tool not in only):
        continue
    with open(os.path.join(corpus, tool + ".json")) as f:
        todo.append((tool, json.load(f)))

load0 = os.getloadavg()
print("bench: %s: %d programs, %d at a time, load average %.1f %.1f %.1f" %
      ((arch, len(todo), jobs) + load0), file=sys.stderr, flush=True)
t0 = time.time()
results = {}
with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
    futs = {pool.submit(measure, t, m): t for t, m in todo}
    for n, fut in enumerate(concurrent.futures.as_completed(futs), 1):
        results[futs[fut]] = fut.result()
        if n % 10 == 0:
            print("bench: %d/%d" % (n, len(todo)), file=sys.stderr, flush=True)
elapsed = time.time() - t0
load1 = os.getloadavg()

print("%-18s %7s %7s %7s %7s %7s  %6s %6s %6s" % (
    "program", "clang", "llc", "off", "cold", "warm", "off/f", "cold/f", "warm/f"))
tot = [0.0] * 5
wx = wf = 0.0
ratios = ([], [], [])
measured = skipped = 0
for tool, _ in todo:
    r = results[tool]
    if r is None or len(r) == 1:
        skipped += 1
        print("%-18s %s" % (tool, "bpf-xcc does not compile it" if r is None else r[0]))
        continue
    x, c, l, xw, fw, cold, warm = r
    measured += 1
    floor = c + l
    for i, v in enumerate((c, l, x, cold, warm)):
        tot[i] += v
    wx, wf = wx + xw, wf + fw
    for i, v in enumerate((x, cold, warm)):
        ratios[i].append(v / floor)
    print("%-18s %7.2f %7.2f %7.2f %7.2f %7.2f  %6.2f %6.2f %6.2f" % (
        tool, c, l, x, cold, warm, x / floor, cold / floor, warm / floor))
if measured:
    floor = tot[0] + tot[1]
    print("%-18s %7.1f %7.1f %7.1f %7.1f %7.1f  %6.2f %6.2f %6.2f" % (
        "corpus (CPU s)", tot[0], tot[1], tot[2], tot[3], tot[4],
        tot[2] / floor, tot[3] / floor, tot[4] / floor))
    print("%-18s %47s  %6.2f %6.2f %6.2f" % ("median ratio", "",
          *(statistics.median(r) for r in ratios)))
    print("%-18s %47s  %6.2f %6.2f %6.2f" % ("worst ratio", "", *(max(r) for r in ratios)))
    print("%-18s %7.1f (floor) %7.1f (off)  %6.2f" % ("corpus (wall s)", wf, wx, wx / wf))
print("(%s, %d programs measured, %d not; %d at a time; run took %.0f s;"
      " load average %.1f at start, %.1f at end)" %
      (arch, measured, skipped, jobs, elapsed, load0[0], load1[0]))
EOF
