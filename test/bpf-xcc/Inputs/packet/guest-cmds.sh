#!/bin/bash
# guest-cmds.sh ARCH HEADERS DIR: compiles the socket filter test's own
# programs for ARCH into DIR and writes DIR/ARCH.cmds, the bpfd session of
# packet-socket-filter-guest.test (DIR already holds compile-examples.py's
# objects of BCC's examples).
set -e
arch=$1 headers=$2 dir=$3
src=$(dirname "$0")
bpf-xcc --arch "$arch" --kernel "$headers" -DKEEP_PROTO=6 -DKEEP_PORT=7777 "$src/vxlan-filter.c" -o "$dir/keep.$arch.o"
bpf-xcc --arch "$arch" --kernel "$headers" -DKEEP_PROTO=6 -DKEEP_PORT=7778 "$src/vxlan-filter.c" -o "$dir/other.$arch.o"
bpf-xcc --arch "$arch" --kernel "$headers" "$src/dns-match.c" -o "$dir/dns.$arch.o"
{
  bpfd-object upload "$dir/keep.$arch.o"   # btf 3, prog 4
  bpfd-object upload "$dir/other.$arch.o"  # btf 5, prog 6
  printf 'BPF_ATTACH_SOCKET 4 lo\nBPF_ATTACH_SOCKET 6 lo\nSOCKET_READ 7 16 5000\nSOCKET_READ 8 16 0\n'
  for o in http-parse-simple.c http-parse-complete.c; do bpfd-object upload "$dir/$o.$arch.o"; done
  bpfd-object upload "$dir/dns.$arch.o"
  for o in monitor.c tc_neighbor_sharing.c; do bpfd-object upload "$dir/$o.$arch.o"; done
  echo EXIT
} > "$dir/$arch.cmds"
