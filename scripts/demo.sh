#!/usr/bin/env bash
# The main job's run: Debian's filetop (BCC), cross-compiled for arm64 against
# Debian's arm64 kernel headers by bpf-xcc, run on an arm64 QEMU guest through
# bpfd for four 2-second intervals while a workload there writes and reads
# files; each interval prints the top files by reads and writes, like
# `filetop 2`.
# With a phone: scripts/run-bcc-tool.py filetop --remote adb --interval 2 --clear
#   $1  build folder (default: build)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build}
cmake --build "$build" --target bcc-corpus > /dev/null
exec "$root/scripts/run-bcc-tool.py" --build "$build" filetop \
  --remote qemu:arm64 --interval 2 --count 4 --clear \
  --workload "/bin/workload -i 100 write:/tmp/app.log read:/tmp/app.log write:/tmp/notes.txt read:/etc/modules"
