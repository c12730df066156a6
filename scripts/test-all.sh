#!/usr/bin/env bash
# Set up a Debian 12 machine, build everything and run every test suite.
# This is the README's test command; .ci/run calls it.
#   BUILD_DIR  build folder (default: build)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${BUILD_DIR:-$root/build}
cd "$root"

if [ "$(id -u)" -eq 0 ]; then
  scripts/setup.sh
else
  echo "test-all: not root, assuming the packages of scripts/setup.sh are installed" >&2
fi

start=$(date +%s)
cmake -S "$root" -B "$build" -G Ninja
cmake --build "$build"
echo "test-all: build took $(( $(date +%s) - start )) s"
cmake --build "$build" --target check
