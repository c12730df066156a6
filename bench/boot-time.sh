#!/usr/bin/env bash
# Boot-to-greeting time of the QEMU device harness, for both guests, as ratios
# against peers measured in the same run:
#   bpfd / stand-in  the same guest and initramfs path with a trivial bpfd
#                    stand-in (the guest workload's "greet" mode): what bpfd's
#                    own start-up adds to a boot
#   a76 / max        arm64 with -cpu cortex-a76 (the harness default) against
#                    -cpu max (pointer-authentication emulation)
# Each round runs every configuration once, interleaved, so that the load of
# this shared machine hits them alike; medians are reported.
#
# Usage: bench/boot-time.sh [BUILD_DIR] [ROUNDS]   (default: build, 5)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=$(cd "${1:-$root/build}" && pwd)
rounds=${2:-5}
remote=$build/bin/bpfd-remote
guest=$build/share/bpfd/guest
for f in "$remote" "$build/bin/bpfd-arm64" "$build/bin/bpfd-x86_64" "$guest/arm64/workload"; do
  [ -x "$f" ] || { echo "boot-time: $f is not built" >&2; exit 1; }
done

# One boot; prints "GREETING_S TOTAL_S".
boot() {
  local start end line
  start=$(date +%s.%N)
  line=$("$remote" -v "$@" < /dev/null 2>&1 >/dev/null | sed -n 's/.*: greeting after \([0-9.]*\) s.*/\1/p')
  end=$(date +%s.%N)
  [ -n "$line" ] || { echo "boot-time: no greeting from: bpfd-remote $*" >&2; exit 1; }
  echo "$line $(awk "BEGIN {printf \"%.2f\", $end - $start}")"
}

declare -A cfg=(
  [arm64-bpfd]="qemu:arm64"
  [arm64-standin]="qemu:arm64 --bpfd $guest/arm64/workload --bpfd-arg greet"
  [arm64-max]="qemu:arm64 --cpu max"
  [x86_64-bpfd]="qemu:x86_64"
  [x86_64-standin]="qemu:x86_64 --bpfd $guest/x86_64/workload --bpfd-arg greet"
)
order=(arm64-bpfd arm64-standin arm64-max x86_64-bpfd x86_64-standin)
declare -A greet total
for ((r = 1; r <= rounds; r++)); do
  for c in "${order[@]}"; do
    # shellcheck disable=SC2086
    read -r g t < <(boot ${cfg[$c]})
    greet[$c]+="$g "
    total[$c]+="$t "
    echo "boot-time: round $r/$rounds $c: greeting ${g} s, whole session ${t} s" >&2
  done
done

median() { tr ' ' '\n' | sed '/^$/d' | sort -g | awk '{a[NR]=$1} END {print (NR%2) ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2}'; }
ratio() { awk "BEGIN {printf \"%.3f\", $1 / $2}"; }

echo "boot-to-greeting, median of $rounds (seconds), $(date -u +%F) on $(nproc) cores, TCG:"
declare -A med
for c in "${order[@]}"; do
  med[$c]=$(echo "${greet[$c]}" | median)
  printf '  %-16s greeting %6.2f s   whole session %6.2f s\n' "$c" "${med[$c]}" \
    "$(echo "${total[$c]}" | median)"
done
echo "ratios:"
echo "  arm64  bpfd / stand-in      $(ratio "${med[arm64-bpfd]}" "${med[arm64-standin]}")"
echo "  x86_64 bpfd / stand-in      $(ratio "${med[x86_64-bpfd]}" "${med[x86_64-standin]}")"
echo "  arm64  cortex-a76 / max     $(ratio "${med[arm64-bpfd]}" "${med[arm64-max]}")"
echo "  x86_64 / arm64 (bpfd)       $(ratio "${med[x86_64-bpfd]}" "${med[arm64-bpfd]}")"
