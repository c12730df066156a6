#!/usr/bin/env bash
# bench/bpfd-footprint.sh BUILD_DIR
# bpfd's footprint on a device, each number as a ratio against a peer
# measured in the same run:
#   size: stripped bpfd-<arch> vs what BCC needs installed on a device
#         (Debian's bpfcc-tools + python3-bpfcc + libbpfcc + the libLLVM and
#         libclang-cpp packages libbpfcc depends on: dpkg Installed-Size);
#   RSS:  bpfd's peak RSS (VmHWM) in each QEMU guest after loading and
#         attaching an object and opening a perf buffer, vs the peak RSS of
#         `python3 -c 'import bcc'` on this host (BCC before it compiles
#         anything; a lower bound of its real use; no kernel is touched).
set -euo pipefail
build=${1:-build}
bin=$build/bin
src=$(cd "$(dirname "$0")/.." && pwd)

kb() { echo $(( ($1 + 1023) / 1024 )); }
installed_kb() { # Installed-Size of a package, installed or not
  dpkg-query -W -f='${Installed-Size}' "$1" 2>/dev/null ||
    apt-cache show "$1" 2>/dev/null | awk '/^Installed-Size:/ {print $2; exit}'
}

echo "== bpfd binary size vs BCC on a device"
peer_kb=0
pkgs="bpfcc-tools python3-bpfcc libbpfcc"
for dep in $(apt-cache depends libbpfcc 2>/dev/null | awk '/Depends: lib(llvm|clang)/ {print $2}'); do
  pkgs="$pkgs $dep"
done
for p in $pkgs; do
  s=$(installed_kb "$p" || echo 0)
  s=${s:-0}
  echo "peer: $p ${s} KB"
  peer_kb=$((peer_kb + s))
done
echo "peer: BCC total ${peer_kb} KB"
for arch in arm64 x86_64; do
  f=$bin/bpfd-$arch
  [ -f "$f" ] || { echo "bpfd-$arch: not built"; continue; }
  size=$(stat -c %s "$f")
  awk -v a="$arch" -v s="$size" -v p="$peer_kb" \
    'BEGIN { printf "bpfd-%s: %d bytes (%.1f KB) stripped, static; BCC/bpfd = %.0fx\n", a, s, s/1024, p*1024/s }'
done

echo "== bpfd peak RSS in the guests vs BCC's import"
peer_rss=$(/usr/bin/python3 -c 'import resource, bcc; print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)' 2>/dev/null || echo 0)
echo "peer: python3 -c 'import bcc' peak RSS ${peer_rss} KB"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
clang-19 -target bpf -O2 -g -c "$src/test/bpfd/Inputs/kprobe_events.c" -o "$tmp/obj.o"
"$bin/bpfd-object" upload "$tmp/obj.o" > "$tmp/cmds"
printf 'BPF_OPEN_PERF_BUFFER 5\nBPF_MAP_INFO 4\nPERF_READER_POLL 100 9\nGET_TARGET_PROFILE tp=sched kfuncs=none\nGET_SELF_STATUS\n' >> "$tmp/cmds"
for arch in arm64 x86_64; do
  start=$(date +%s.%N)
  if ! "$bin/bpfd-remote" "qemu:$arch" < "$tmp/cmds" > "$tmp/out.$arch"; then
    echo "bpfd-$arch: guest session failed"; continue
  fi
  end=$(date +%s.%N)
  hwm=$(awk '/^\+ VmHWM:/ {print $3}' "$tmp/out.$arch")
  rss=$(awk '/^\+ VmRSS:/ {print $3}' "$tmp/out.$arch")
  awk -v a="$arch" -v h="${hwm:-0}" -v r="${rss:-0}" -v p="$peer_rss" -v t="$(echo "$end - $start" | bc)" \
    'BEGIN { printf "bpfd-%s: VmHWM %d KB, VmRSS %d KB; BCC-import/bpfd = %.0fx (session incl. boot %.1f s)\n", a, h, r, (h ? p/h : 0), t }'
done
