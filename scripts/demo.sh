#!/usr/bin/env bash
# The main job's run: Debian's filetop (BCC), cross-compiled for arm64 against
# Debian's arm64 kernel headers by bpf-xcc, run on an arm64 QEMU guest through
# bpfd while a workload there reads and writes files; three 1-second tables.
# With a phone: scripts/run-bcc-tool.py filetop --remote adb --interval 1
#   $1  build folder (default: build)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build}
cmake --build "$build" --target bcc-corpus > /dev/null
exec "$root/scripts/run-bcc-tool.py" --build "$build" filetop \
  --remote qemu:arm64 --interval 1 --count 3 --clear --top 10 \
  --workload "/bin/workload -i 20 write:/tmp/demo.log open:/tmp/demo.log open:/etc/hostname"
