#!/usr/bin/env bash
# The kernel matrix: the guest suites (protocol test/bpfd, cleanup, faults
# test/faults, bad input test/sweep, the remotes test/remote) run again in
# guests of each newer Debian suite's kernel, for each architecture given.
# Each suite's kernels are fetched first (scripts/fetch-kernel.sh --suite:
# the newest ABI the suite serves today); lit then runs with
# BPFD_KERNEL_SUITE=SUITE, so the guests boot kernels/ARCH/SUITE and the
# %kernel_* substitutions describe it (test/lit.cfg.py). A test of an arch
# outside ARCHES, or that needs what the suite's kernel lacks, is listed as
# skipped with the reason. Ends with one line per suite and a total:
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
    -h|--help) sed -n '2,19p' "$0"; exit 0 ;;
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

status=0
summary=()
for suite in $suites; do
  abis=()
  for arch in $arches; do
    dir=$("$root/scripts/fetch-kernel.sh" --suite "$suite" "$arch" "$cache") || exit 1
    abis+=("$arch $(basename "$dir")")
  done
  out="$build/test-kernel-$suite/results.json"   # test/lit.cfg.py's folder for the suite
  mkdir -p "$build/test-kernel-$suite"
  rm -f "$out"
  lit_paths=()
  for p in "${paths[@]}"; do lit_paths+=("$build/test/$p"); done
  abi_list=$(IFS=,; echo "${abis[*]}")
  echo "==> $suite ($abi_list): lit ${lit_paths[*]}"
  # shellcheck disable=SC2086
  BPFD_KERNEL_SUITE=$suite BPFD_CACHE_DIR=$cache python3 "$lit" ${LIT_ARGS:--sv} \
      --param kernel_suite="$suite" -o "$out" "${lit_paths[@]}" || status=1
  line=$(python3 - "$out" "$build/test-kernel-$suite/lit-facts-ours.json" "$root/test" <<'EOF'
import json, os, re, sys
out, facts_path, src = sys.argv[1:4]
try:
    tests = json.load(open(out)).get("tests", [])
except (OSError, ValueError):
    print("lit wrote no results"); sys.exit(0)
missing = {}
try:
    missing = json.load(open(facts_path)).get("missing_features", {})
except (OSError, ValueError):
    pass
n = {"passed": 0, "failed": 0, "skipped": 0}
for t in tests:
    code = t.get("code")
    name = t.get("name", "?").split(" :: ", 1)[-1]
    if code in ("PASS", "XFAIL", "FLAKYPASS"):
        n["passed"] += 1
    elif code in ("UNSUPPORTED", "SKIPPED", "EXCLUDED"):
        n["skipped"] += 1
        needs = []
        try:
            for l in open(os.path.join(src, name), errors="replace"):
                m = re.search(r"\bREQUIRES:(.*)", l)
                if m:
                    needs += [w.strip() for w in m.group(1).split(",") if w.strip() in missing]
        except OSError:
            pass
        print("    skipped %s (%s)" % (name, "; ".join("%s: %s" % (f, missing[f]) for f in needs)
                                     or "see lit -v"), file=sys.stderr)
    else:
        n["failed"] += 1
        print("    FAILED %s" % name, file=sys.stderr)
print("%(passed)d passed, %(failed)d failed, %(skipped)d skipped" % n)
EOF
)
  summary+=("==> $suite ($abi_list): $line")
done
printf '%s\n' "${summary[@]}"
exit $status
