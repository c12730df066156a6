#!/usr/bin/env bash
# Same output as BCC on the device (issue 10): ten of Debian's BCC tools run
# by BCC itself in an x86_64 QEMU guest (Debian 12 with bpfcc-tools, the
# kernel's headers) and by bpfd-bcc on this host against bpfd in the same
# guest, over the same workload; prints SAME/DIFF per tool with the diff of
# the normalised outputs (bench/bcc-parity/compare.py), then the time each
# took to its first line.
#
# Usage: bench/bcc-parity.sh [--suite SUITE] [--kernel K] [BUILD_DIR] [TOOL,...]   (as root)
#   --suite SUITE  the guest's Debian suite and its BCC (default bookworm:
#                  Debian 12's, against the host's own); sid: Debian
#                  unstable's root file system with its bpfcc-tools in the
#                  guest, bpfd-bcc --bcc sid on the host (the same release,
#                  checked), CACHE/bench/sid/
#   --kernel K     the guest's kernel: current (Debian 12's, the default), a
#                  suite fetched by scripts/fetch-kernel.sh, or a folder
#   Needs BUILD_DIR/bin/{bpfd-bcc,bpfd-x86_64}, BUILD_DIR/lib/bpfd-bcc/libbcc.so.0,
#   the guest programs (cmake --build BUILD --target bpfd-bcc bcc_remote bpfd-guest),
#   and once the root file system (scripts/bcc-rootfs.sh: ~130 MB, 1.5-5 min).
#   A run of all ten takes 8-15 min: BCC needs 10-60 s a tool to start
#   under TCG, and each tool runs the workload twice.
# Environment:
#   PARITY_OUT=DIR   where the outputs go (default CACHE/parity/last, or
#                    CACHE/parity/last-SUITE)
#   PARITY_ICOUNT=N  the guest on -icount shift=N
# Outputs: DIR/TOOL.{native,bpfd}.{out,err}, DIR/run.json.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
suite=bookworm kernel=current
while [ $# -gt 0 ]; do
  case "$1" in
    --suite) suite=${2:?--suite SUITE}; shift 2 ;;
    --kernel) kernel=${2:?--kernel current|SUITE|DIR}; shift 2 ;;
    *) break ;;
  esac
done
build=$(cd "${1:-$root/build}" && pwd)
tools=${2:-}
cache=${BPFD_CACHE_DIR:-$(sed -n 's/^BPFD_CACHE_DIR:[A-Z]*=//p' "$build/CMakeCache.txt" 2>/dev/null)}
cache=${cache:-$build/cache}
last=last
[ "$suite" = bookworm ] || last=last-$suite
[ "$kernel" = current ] || last=$last-$(basename "$kernel")
out=${PARITY_OUT:-$cache/parity/$last}
rm -rf "$out"
args=(--build "$build" --out "$out" --suite "$suite" --kernel "$kernel")
[ -n "$tools" ] && args+=(--tools "$tools")
[ -n "${PARITY_ICOUNT:-}" ] && args+=(--icount "$PARITY_ICOUNT")
echo "machine load before: $(uptime)" >&2
python3 "$root/bench/bcc-parity/parity.py" "${args[@]}"
echo "machine load after: $(uptime)" >&2
status=0
python3 "$root/bench/bcc-parity/compare.py" "$out" || status=$?
echo
python3 "$root/bench/bcc-parity/first-line.py" "$out"
exit $status
