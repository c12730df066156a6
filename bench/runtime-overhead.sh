#!/usr/bin/env bash
# The runtime's overhead against bpf-run on the same program (issue 10,
# item 6): bench/runtime-overhead/events.c (a kprobe on do_sys_openat2, one
# perf event per open) runs for the same time on the same guest workload
# (/bin/workload opening a file every INTERVAL ms), once through bpf-run
# (bpf-xcc, bpfd, its own presenter) and once as a BCC Python script through
# bpfd-bcc (BCC's Python, our libbcc, the launcher's sandbox and FUSE view).
# Both print one line per event. measure.py reads each runtime's process tree
# on this host (QEMU counted apart) and reports the host CPU per delivered
# event once both are running, and the whole run's CPU; the ratio is
# bpfd-bcc over bpf-run, measured in the same run.
#
# Usage: bench/runtime-overhead.sh [BUILD_DIR] [ARCH]      (as root: bpfd-bcc)
# Environment: BENCH_SECONDS (default 20), BENCH_INTERVAL_MS (default 2).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=$(cd "${1:-$root/build}" && pwd)
arch=${2:-arm64}
seconds=${BENCH_SECONDS:-20}
interval=${BENCH_INTERVAL_MS:-2}
here=$root/bench/runtime-overhead
workload="/bin/workload -n 0 -i $interval open:/etc/hostname"
[ "$(id -u)" -eq 0 ] || { echo "runtime-overhead: bpfd-bcc needs root (mount namespaces)" >&2; exit 2; }
echo "runtime-overhead: $arch guest, $seconds s, workload '$workload'; machine load $(cut -d' ' -f1-3 /proc/loadavg)" >&2

run=$(mktemp)
trap 'rm -f "$run"' EXIT
python3 "$here/measure.py" bpf-run workload -- \
  "$build/bin/bpf-run" --remote "qemu:$arch" --workload "$workload" \
  --duration "$seconds" "$here/events.c" | tee -a "$run"
python3 "$here/measure.py" bpfd-bcc workload -- \
  "$build/bin/bpfd-bcc" --remote "qemu:$arch" --workload "$workload" \
  "$here/events.py" "$seconds" | tee -a "$run"
python3 - "$run" <<'PY'
import sys
rows = {}
for line in open(sys.argv[1]):
    w = line.split()
    rows[w[0]] = dict(kv.split("=") for kv in w[1:])
a, b = rows["bpf-run"], rows["bpfd-bcc"]
print("runtime-overhead: host CPU per event bpfd-bcc/bpf-run = %.2f (%s / %s us); "
      "whole run %.2f (%s / %s CPU-s); events %s / %s"
      % (float(b["us_per_event"]) / float(a["us_per_event"]), b["us_per_event"], a["us_per_event"],
         float(b["runtime_cpu_s"]) / float(a["runtime_cpu_s"]), b["runtime_cpu_s"], a["runtime_cpu_s"],
         b["events"], a["events"]))
PY
