#!/usr/bin/env bash
# Cold partial build of llvm-patches/ per step, against a peer measured in
# the same run: extracting the whole orig tarball (what a full LLVM build
# would start with), from the same cache.
#
# Usage: bench/llvm-build.sh [--warm-cache] [WORK_DIR]
#   WORK_DIR   scratch folder (default: a new folder under /tmp), removed after
#   --warm-cache  reuse the LLVM source download of BPFD_CACHE_DIR (default
#                 /work/cache or build/cache) instead of an empty cache, so
#                 the download is not measured
#   BENCH_CMAKE_ARGS  extra configure arguments (e.g. -DBPFD_LLVM_PCH=OFF)
# Prints one table: step, seconds, ratio to the peer.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
warm=0
if [ "${1:-}" = "--warm-cache" ]; then warm=1; shift; fi
work=${1:-$(mktemp -d /tmp/bpfd-llvm-bench.XXXXXX)}
mkdir -p "$work"
trap 'rm -rf "$work"' EXIT
build=$work/build
cache=$work/cache
if [ $warm = 1 ]; then
  cache=${BPFD_CACHE_DIR:-$root/build/cache}
  [ -d "$cache/llvm-src" ] || { echo "llvm-build bench: no $cache/llvm-src to reuse" >&2; exit 1; }
fi
jobs=${BENCH_JOBS:-2}

# Wall seconds depend on what else the machine runs; the CPU seconds (user +
# system of the step and its children) much less, so both are reported.
declare -a names secs cpus
now() { date +%s.%N; }
step() {  # step NAME COMMAND...
  local name=$1; shift
  echo "bench: $name ..." >&2
  local t0; t0=$(now)
  /usr/bin/time -o "$work/$name.cpu" -f '%U + %S' "$@" > "$work/$name.log" 2>&1 ||
    { echo "bench: $name failed, see below" >&2; tail -30 "$work/$name.log" >&2; exit 1; }
  names+=("$name"); secs+=("$(echo "$(now) - $t0" | bc)")
  cpus+=("$(tail -1 "$work/$name.cpu" | bc)")
}

# Configure = version check, download (cold), subset extraction, patches.
step configure cmake -S "$root" -B "$build" -G Ninja -DBPFD_CACHE_DIR="$cache" ${BENCH_CMAKE_ARGS:-}
grep -h '^llvm-source:' "$work/configure.log" >&2 || true
step tablegen nice -n 10 ninja -C "$build" -j"$jobs" bpfd_llvm_BPFTableGen
step bpf-target nice -n 10 ninja -C "$build" -j"$jobs" bpfd_llvm_BPFCodeGen \
  bpfd_llvm_BPFAsmParser bpfd_llvm_BPFDisassembler bpfd_llvm_BPFDesc bpfd_llvm_BPFInfo
for tool in llc llvm-mc llvm-objdump opt; do
  step "$tool" nice -n 10 ninja -C "$build" -j"$jobs" "bpfd-$tool"
done

# Peer: the whole orig tarball extracted, from the same cache.
orig=$(ls "$cache"/llvm-src/*.orig.tar.xz | head -1)
mkdir -p "$work/full"
t0=$(now)
echo "bench: peer: extracting all of $(basename "$orig") ..." >&2
/usr/bin/time -o "$work/peer.cpu" -f '%U + %S' nice -n 10 tar -xJf "$orig" -C "$work/full"
peer=$(echo "$(now) - $t0" | bc)
peer_cpu=$(tail -1 "$work/peer.cpu" | bc)
rm -rf "$work/full"

total=0 total_cpu=0
printf '%-14s %9s %12s %9s %12s\n' step seconds "/ full-extract" "cpu s" "/ full-extract"
row() { printf '%-14s %9.1f %12.2f %9.1f %12.2f\n' "$1" "$2" "$(echo "$2 / $peer" | bc -l)" "$3" "$(echo "$3 / $peer_cpu" | bc -l)"; }
for i in "${!names[@]}"; do
  total=$(echo "$total + ${secs[$i]}" | bc)
  total_cpu=$(echo "$total_cpu + ${cpus[$i]}" | bc)
  row "${names[$i]}" "${secs[$i]}" "${cpus[$i]}"
done
row "partial total" "$total" "$total_cpu"
row "peer: full tar" "$peer" "$peer_cpu"
echo "(cache: $([ $warm = 1 ] && echo "warm, $cache" || echo "empty: configure includes the apt-get source download"); -j$jobs)"
