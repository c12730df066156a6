#!/usr/bin/env bash
# The main job on embedded defaults: set up this Debian 12 machine, build the
# toolkit, and run Debian's own filetop (BCC, unmodified) on this machine
# against an arm64 QEMU guest through bpfd-bcc (scripts/demo.sh).
#   BUILD_DIR  build folder (default: build)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${BUILD_DIR:-$root/build}
cd "$root"

step() { printf '\n==> %s\n' "$*"; }

if [ "$(id -u)" -eq 0 ]; then
  step "installing packages (scripts/setup.sh)"
  scripts/setup.sh
else
  echo "main: not root, assuming the packages of scripts/setup.sh are installed" >&2
fi

step "building (cmake + ninja) into $build"
cmake -S "$root" -B "$build" -G Ninja > /dev/null
cmake --build "$build"
cmake --build "$build" --target fetch-kernels

exec "$root/scripts/demo.sh" "$build"
