#!/usr/bin/env bash
# bench/bpfd-events.sh BUILD_DIR [ARCH] [OPTIONS of bench/bpfd-events.py]
# Events forwarded by bpfd's perf buffer from a QEMU guest to this host,
# sustained (10 s of guest time by default), with lost records and the
# program's own count of generated events: bench/bpfd-events.py (its --help
# tells the method; --bcc adds BCC's Python perf buffer in the same x86_64
# guest, --rates a sweep of throttled workloads). Without options: one run,
# the workload calling getpid as fast as it goes; the last line says
#   bpfd-ARCH unthrottled: forwarded N events in S s guest time = R events/s; lost records L; ...
set -euo pipefail
build=${1:-build}
arch=${2:-arm64}
shift $(( $# < 2 ? $# : 2 ))
exec /usr/bin/python3 "$(dirname "$0")/bpfd-events.py" --build "$build" --arch "$arch" "$@"
