#!/usr/bin/env bash
# Time from command to a BCC tool's first output line (issue 10, item 6):
# Debian's BCC itself in the x86_64 guest against bpfd-bcc on this host
# driving bpfd in the same guest, as a ratio, tool by tool. The guest runs
# under -icount (shift=0 unless BENCH_ICOUNT says otherwise): its clock counts
# instructions, so BCC's numbers by the guest's clock do not move with this
# machine's load. The run is bench/bcc-parity/parity.py's (the same guest,
# root file system and workload as bench/bcc-parity.sh; its SAME/DIFF
# verdicts are printed too).
#
# Usage: bench/bcc-first-line.sh [BUILD_DIR] [TOOL,...]   (as root)
#   Default tools: the nine that run (biolatency fails on this kernel, BCC
#   and bpfd-bcc alike: docs/bpfd-bcc-parity.md).
# Environment: BENCH_ICOUNT=N (default 0; "off" for none), BENCH_RUNS=N runs
#   (default 1), PARITY_OUT=DIR (default CACHE/parity/first-line).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=$(cd "${1:-$root/build}" && pwd)
tools=${2:-opensnoop,execsnoop,filetop,vfsstat,syscount,tcpconnect,runqlat,profile,stackcount}
cache=${BPFD_CACHE_DIR:-$(sed -n 's/^BPFD_CACHE_DIR:[A-Z]*=//p' "$build/CMakeCache.txt" 2>/dev/null)}
cache=${cache:-$build/cache}
icount=${BENCH_ICOUNT:-0}
out=${PARITY_OUT:-$cache/parity/first-line}
dirs=()
for ((r = 1; r <= ${BENCH_RUNS:-1}; r++)); do
  d=$out/run-$r
  rm -rf "$d"
  args=(--build "$build" --out "$d" --tools "$tools")
  [ "$icount" != off ] && args+=(--icount "$icount")
  echo "bcc-first-line: run $r: machine load $(cut -d' ' -f1-3 /proc/loadavg)" >&2
  python3 "$root/bench/bcc-parity/parity.py" "${args[@]}"
  python3 "$root/bench/bcc-parity/compare.py" "$d" | grep -E '^[a-z]+: ' >&2 || true
  dirs+=("$d")
done
python3 "$root/bench/bcc-parity/first-line.py" "${dirs[@]}"
