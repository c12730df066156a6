// BPF_TABLE_SHARED takes optional flags (BCC 0.31), for every release: no
// older program can tell. Five arguments keep flags 0.
// REQUIRES: kernel-arm64
// RUN: bpf-xcc --arch arm64 --kernel %headers_arm64 %s -o %t.o
// RUN: llvm-readelf -p .BTF %t.o | FileCheck %s
// RUN: bpf-xcc --bcc-version 0.31.0 --arch arm64 --kernel %headers_arm64 %s -o %t.31.o
// RUN: cmp %t.o %t.31.o
// RUN: bpf-xcc --arch arm64 --kernel %headers_arm64 %s -o %t.o --emit-c | grep -v "^//" | FileCheck %s --check-prefix=REWRITE

#include <uapi/linux/ptrace.h>

BPF_TABLE_SHARED("hash", u32, u64, plain, 64);
BPF_TABLE_SHARED("hash", u32, u64, lazy, 64, BPF_F_NO_PREALLOC);

// REWRITE-DAG: #define __bpf_xcc_maptype_plain BPF_MAP_TYPE_HASH
// REWRITE-DAG: #define __bpf_xcc_maptype_lazy BPF_MAP_TYPE_HASH
// CHECK-DAG: ] plain
// CHECK-DAG: ] lazy
// CHECK-DAG: ] map_flags
int kprobe__vfs_read(struct pt_regs *ctx) {
  u32 k = 1;
  u64 one = 1;
  plain.update(&k, &one);
  lazy.update(&k, &one);
  return 0;
}
