#!/usr/bin/env bash
# The corpus on the newer kernels (opt-in: 15-25 min on 2 cores; the check
# target runs the corpus on Debian 12's 6.1): BCC 0.26's tool programs, as the
# build extracted them (build/corpus), compiled by bpf-xcc against each newer
# suite's headers with that suite's guest facts, and loaded through bpfd in a
# guest of that suite's kernel, for each architecture; riscv64 (Debian 13 only)
# with its own extraction (its facts, BCC's kfunc variants). Each cell must
# verify at least the issue's share of the 101 non-USDT programs (arm64 and
# x86_64 90%, riscv64 85%); the run ends with a line a cell and fails if one
# is below. Numbers and every miss's reason: docs/corpus.md.
#
# Usage: scripts/corpus-kernels.sh [--suites "trixie sid"] [--arches "arm64 x86_64 riscv64"]
#                                  [--build DIR] [--work DIR]
#   riscv64 runs with trixie only (sid's riscv64 kernel is not fetched).
#   WORK (default BUILD/corpus-kernels) keeps each cell's facts, objects, logs
#   and table (SUITE-ARCH.txt).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
suites="trixie sid"
arches="arm64 x86_64 riscv64"
build=$root/build
work=
while [ $# -gt 0 ]; do
  case "$1" in
    --suites) suites=$2; shift 2 ;;
    --arches) arches=$2; shift 2 ;;
    --build) build=$2; shift 2 ;;
    --work) work=$2; shift 2 ;;
    -h|--help) sed -n '2,16p' "$0"; exit 0 ;;
    *) echo "corpus-kernels: unknown argument $1 (--help)" >&2; exit 2 ;;
  esac
done
build=$(cd "$build" && pwd)
work=${work:-$build/corpus-kernels}
cache=${BPFD_CACHE_DIR:-$build/cache}
corpus_py=$root/scripts/bcc-corpus
# What the build makes (riscv64 extracts its own programs below).
needed=("$build/bin/bpf-xcc" "$build/bin/bpfd-remote")
for arch in $arches; do
  [ "$arch" = riscv64 ] || needed+=("$build/corpus/$arch/index.json")
done
for f in "${needed[@]}"; do
  if [ ! -e "$f" ]; then
    echo "corpus-kernels: $f is missing (cmake --build $build --target bcc-corpus)" >&2
    exit 1
  fi
done
mkdir -p "$work"
say() { echo "corpus-kernels: $*" >&2; }

summary=()
failed=0
for suite in $suites; do
  for arch in $arches; do
    if [ "$arch" = riscv64 ] && [ "$suite" != trixie ]; then
      continue
    fi
    cell=$suite-$arch
    floor=91   # 90% of 101
    [ "$arch" = riscv64 ] && floor=86   # 85% of 101
    "$root/scripts/fetch-kernel.sh" --suite "$suite" "$arch" "$cache" >/dev/null
    facts=$work/facts-$suite
    export BPFD_KERNEL_SUITE=$suite
    if [ ! -f "$facts/$arch/facts.json" ]; then
      say "$cell: capturing the guest's facts"
      modules=()
      [ "$arch" = riscv64 ] && modules=(--modules=)
      python3 "$corpus_py/capture-facts.py" --remote "qemu:$arch" \
          --bpfd-remote "$build/bin/bpfd-remote" --kernel-root "$cache/kernels/$arch/$suite" \
          "${modules[@]}" --out "$facts/$arch" >/dev/null
    fi
    programs=$build/corpus
    if [ "$arch" = riscv64 ]; then
      # The build extracts only opensnoop and biolatency for riscv64.
      programs=$work/corpus-$suite
      if [ ! -f "$programs/riscv64/index.json" ]; then
        say "$cell: extracting the programs with its facts"
        python3 "$corpus_py/extract-corpus.py" --facts "riscv64=$facts/riscv64" --kfunc yes \
            --out "$programs" --jobs 2 >/dev/null
      fi
    fi
    say "$cell: compiling and loading (floor $floor of 101)"
    rc=0
    python3 "$corpus_py/run-corpus.py" --build "$build" --cache "$cache" --arch "$arch" \
        --corpus "$programs" --facts "$facts" --work "$work/run-$cell" \
        --min-verified "$floor" > "$work/$cell.txt" || rc=$?
    line=$(grep "^summary $arch:" "$work/$cell.txt" | head -n1 || true)
    if [ "$rc" -ne 0 ]; then
      failed=1
      summary+=("FAILED $cell (${line:-no summary; see $work/$cell.txt})")
    else
      summary+=("$cell: ${line#summary }")
    fi
  done
done
unset BPFD_KERNEL_SUITE
printf '%s\n' "${summary[@]}"
exit $failed
