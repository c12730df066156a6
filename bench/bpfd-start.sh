#!/usr/bin/env bash
# bench/bpfd-start.sh [BUILD_DIR] [ARCH[,ARCH]] [OPTIONS of bench/bpfd-start.py]
# First load and start (issue 13): bpfd's first LOAD_OBJECT of a ~8 KB corpus
# object (upload, then bpfd's own split: parse, BTF, maps, relocations,
# verifier, attach) in fresh bpfd processes, against a warm second load; and
# `bpfd-bcc opensnoop` from its launch to its header line, split into the
# launcher, python + import bcc, bpf-xcc (cold and warm header cache), maps,
# and the loads and attaches. bench/bpfd-start.py --help tells the method.
# Default: both guests (arm64, then x86_64), 5 repetitions; as root (bpfd-bcc).
# Tables on stdout, progress on stderr.
set -euo pipefail
case ${1:-} in -h|--help) exec /usr/bin/python3 "$(dirname "$0")/bpfd-start.py" --help ;; esac
build=${1:-build}
arch=${2:-arm64,x86_64}
shift $(( $# < 2 ? $# : 2 ))
exec /usr/bin/python3 "$(dirname "$0")/bpfd-start.py" --build "$build" --arch "$arch" "$@"
