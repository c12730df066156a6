#!/usr/bin/env bash
# The kernel matrix: the guest suites (protocol test/bpfd, cleanup, faults
# test/faults, bad input test/sweep, the remotes test/remote) run again in
# guests of each newer Debian suite's kernel, for each architecture given.
# Each suite's kernels are fetched first (scripts/fetch-kernel.sh --suite:
# the newest ABI the suite serves today); lit then runs with
# BPFD_KERNEL_SUITE=SUITE, so the guests boot kernels/ARCH/SUITE and the
# %kernel_* substitutions describe it (test/lit.cfg.py). A test of an arch
# outside ARCHES, or that needs what the suite's kernel lacks, is listed as
# skipped with the reason (not failed, even under CI=true). Ends with one
# line per suite, naming each failed test, and a total:
#   ==> trixie (arm64 6.12.117+deb13, x86_64 6.12.117+deb13): 98 passed, 0 failed, 4 skipped
#
# Usage: scripts/test-kernels.sh [--suites "trixie sid"] [--arches "arm64 x86_64"]
#                                [--build DIR] [LIT_PATH...]
#   LIT_PATH: suites under DIR/test (default: bpfd faults sweep remote)
#   BPFD_CACHE_DIR, LIT (lit.py) and LIT_ARGS (default -sv) as elsewhere.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
suites="trixie sid"
arches="arm64 x86_64"
build=$root/build
while [ $# -gt 0 ]; do
  case "$1" in
    --suites) suites=$2; shift 2 ;;
    --arches) arches=$2; shift 2 ;;
    --build) build=$2; shift 2 ;;
    -h|--help) sed -n '2,17p' "$0"; exit 0 ;;
    -*) echo "test-kernels: unknown option $1 (--help)" >&2; exit 2 ;;
    *) break ;;
  esac
done
paths=("$@")
[ ${#paths[@]} -gt 0 ] || paths=(bpfd faults sweep remote)
lit=${LIT:-/usr/lib/llvm-19/build/utils/lit/lit.py}
cache=${BPFD_CACHE_DIR:-$build/cache}
if [ ! -f "$build/test/lit.site.cfg.py" ]; then
  echo "test-kernels: $build is not configured (cmake -S . -B build; cmake --build build)" >&2
  exit 1
fi

# Fetch each suite's kernels (the newest ABI the suite serves today), then
# run the paths for each suite through scripts/run-lit.py's kernels run, the
# one that runs the subsets of test/kernel-subsets.list in the check target.
for suite in $suites; do
  for arch in $arches; do
    "$root/scripts/fetch-kernel.sh" --suite "$suite" "$arch" "$cache" >/dev/null || exit 1
  done
done
# shellcheck disable=SC2086
BPFD_CACHE_DIR=$cache exec python3 "$root/scripts/run-lit.py" --lit "$lit" \
    --build-test-dir "$build/test" --source-test-dir "$root/test" --only kernels --no-strict \
    --kernel-suites "$suites" --kernel-tests "${paths[*]}" -- ${LIT_ARGS:--sv}
