#!/usr/bin/env bash
# The main job's run: Debian's own filetop (bpfcc-tools, BCC's Python,
# unmodified) on this machine against an arm64 QEMU guest, through bpfd-bcc:
# the tool's BPF C text is cross-compiled for arm64 by our libbcc.so.0
# (bpf-xcc inside), its programs run on the guest through bpfd, and it sees
# the guest's /proc and /sys. Four 2-second intervals while a workload there
# writes and reads files; each prints filetop's own table, like `filetop 2`
# on the device.
# With a phone: build/bin/bpfd-bcc --remote adb filetop 2
#   $1  build folder (default: build)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build}
# At a terminal filetop clears the screen each interval, as it does on the
# device; into a pipe or a log, -C keeps every interval.
keep=()
[ -t 1 ] || keep=(-C)
exec "$build/bin/bpfd-bcc" --remote qemu:arm64 \
  --workload "/bin/workload -i 100 write:/tmp/app.log read:/tmp/app.log write:/tmp/notes.txt read:/etc/modules" \
  filetop-bpfcc "${keep[@]}" 2 4
