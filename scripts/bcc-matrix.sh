#!/usr/bin/env bash
# The whole matrix of BCC's tool smoke suite: every BCC release (this host's
# own and each suite's: scripts/fetch-bcc.sh) x every kernel (each suite's,
# scripts/fetch-kernel.sh --suite) x arm64 and x86_64, through bpfd-bcc
# (bpfd-bcc/smoke/run-smoke.py --bcc RELEASE, BPFD_KERNEL_SUITE=SUITE). One
# Markdown table per cell and a summary line each in OUT/summary.md. A full
# cell takes ~17 min on 2 cores: the whole matrix is hours; pick cells with
# the variables below.
#
# Usage: scripts/bcc-matrix.sh [OUT]        (default: build/bcc-matrix)
#   BCC_RELEASES  default "host trixie forky sid" (host: this machine's BCC)
#   KERNELS       default "bookworm trixie sid" (kernel suites)
#   ARCHES        default "arm64 x86_64"
#   ONLY          run-smoke.py --only TOOLS (default: every tool)
#   NEWER_KERNEL_SLACK  run-smoke.py --slack on the newer kernels (default 6; 6.1: 2)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
out=${1:-$root/build/bcc-matrix}
build=${BPFD_BUILD:-$root/build}
mkdir -p "$out"
summary=$out/summary.md
echo "| BCC | kernel | arch | result |" > "$summary"
echo "|---|---|---|---|" >> "$summary"
for kernel in ${KERNELS:-bookworm trixie sid}; do
  for arch in ${ARCHES:-arm64 x86_64}; do
    if [ "$kernel" != bookworm ]; then
      "$root/scripts/fetch-kernel.sh" --suite "$kernel" "$arch" "${BPFD_CACHE_DIR:-$build/cache}" > /dev/null
    fi
    for bcc in ${BCC_RELEASES:-host trixie forky sid}; do
      cell="bcc-$bcc.kernel-$kernel.$arch"
      echo "bcc-matrix: $cell" >&2
      args=(--build "$build" --arch "$arch" --logs "$out/logs" --markdown "$out/$cell.md")
      [ "$bcc" != host ] && args+=(--bcc "$bcc")
      [ -n "${ONLY:-}" ] && args+=(--only "$ONLY")
      env_suite=()
      if [ "$kernel" != bookworm ]; then
        env_suite=(BPFD_KERNEL_SUITE="$kernel")
        # the newer kernels' kallsyms (CONFIG_KALLSYMS_ALL) are 3x 6.1's, and BCC's Python reads
        # them whole in get_kprobe_functions(): the CI's cells take --slack 6 there too
        args+=(--slack "${NEWER_KERNEL_SLACK:-6}")
      fi
      env "${env_suite[@]}" python3 "$root/bpfd-bcc/smoke/run-smoke.py" "${args[@]}" \
          > "$out/$cell.out" 2> "$out/$cell.err" || true
      version=$(sed -n 's/^bcc: \([^ ]*\).*/\1/p' "$out/$cell.out")
      release=$(sed -n 's/^guest: \([^ ]*\).*/\1/p' "$out/$cell.out")
      result=$(grep 'tools whose probes exist' "$out/$cell.out" || echo "did not run: see $out/$cell.err")
      echo "| $version | $release | $arch | $result |" >> "$summary"
      tail -n1 "$summary" >&2
    done
  done
done
echo "bcc-matrix: $summary" >&2
