#!/usr/bin/env bash
# bench/bpfd-events.sh BUILD_DIR [ARCH]
# Events forwarded by bpfd's perf buffer in a QEMU guest, as a ratio against
# the events the program generated in the same run (its own counter map):
# a tracepoint program on raw_syscalls/sys_enter emits one timestamped event
# per syscall while the guest workload loops on getpid; bpfd is polled
# repeatedly; events/s is computed from the first and last forwarded
# timestamps; lost records are counted from the kernel's PERF_RECORD_LOST.
set -euo pipefail
build=${1:-build}
arch=${2:-arm64}
bin=$build/bin
src=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
clang-19 -target bpf -O2 -g -c "$src/bench/inputs/syscall_events.c" -o "$tmp/obj.o"
"$bin/bpfd-object" upload "$tmp/obj.o" attach=0 > "$tmp/cmds"
# Handles: btf 3, generated 4, events 5, prog 6, reader 7, tracepoint 8.
# The program is attached only once the buffer is open.
echo "BPF_OPEN_PERF_BUFFER 5 64" >> "$tmp/cmds"
echo "BPF_ATTACH_TRACEPOINT 6 raw_syscalls sys_enter" >> "$tmp/cmds"
for i in $(seq 1 40); do echo "PERF_READER_POLL 50 7" >> "$tmp/cmds"; done
echo "BPF_DETACH 8" >> "$tmp/cmds"
echo "PERF_READER_POLL 0 7" >> "$tmp/cmds"
echo "BPF_LOOKUP_ELEM 4 AAAAAA==" >> "$tmp/cmds"
"$bin/bpfd-remote" --workload "/bin/workload -n 0 -i 0 getpid" "qemu:$arch" < "$tmp/cmds" > "$tmp/out"
/usr/bin/python3 - "$tmp/out" "$arch" <<'PY'
import base64, struct, sys
samples, lost, ts, generated = 0, 0, [], None
lines = open(sys.argv[1]).read().splitlines()
for i, l in enumerate(lines):
    p = l.split()
    if l.startswith("+ sample "):
        samples += 1
        ts.append(struct.unpack_from("<Q", base64.b64decode(p[4]))[0])
    elif l.startswith("+ lost "):
        lost += int(p[4])
    elif l.startswith("bpf_lookup_elem: ret=0"):
        generated = struct.unpack("<Q", base64.b64decode(lines[i - 1].split()[1]))[0]
if not ts or generated is None:
    sys.exit("bpfd-events: no events or no counter (see the session output)")
span = (max(ts) - min(ts)) / 1e9
print("bpfd-%s: forwarded %d events in %.2f s guest time = %.0f events/s; lost records %d; "
      "generated %d; forwarded/generated = %.3f"
      % (sys.argv[2], samples, span, samples / span if span else 0, lost, generated,
         samples / generated))
PY
