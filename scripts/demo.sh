#!/usr/bin/env bash
# The main job's run: Debian's opensnoop (BCC), cross-compiled for arm64 against
# Debian's arm64 kernel headers by bpf-xcc, run on an arm64 QEMU guest through
# bpfd for 8 seconds while a workload there opens files; one line per open.
# (filetop is the goal of the main job; its program does not pass the arm64
# verifier yet: docs/tools.md.)
# With a phone: scripts/run-bcc-tool.py opensnoop --remote adb --duration 10
#   $1  build folder (default: build)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build}
cmake --build "$build" --target bcc-corpus > /dev/null
exec "$root/scripts/run-bcc-tool.py" --build "$build" opensnoop \
  --remote qemu:arm64 --duration 8 \
  --workload "/bin/workload -i 250 open:/etc/hostname write:/tmp/demo.log open:/tmp/demo.log open:/etc/missing"
