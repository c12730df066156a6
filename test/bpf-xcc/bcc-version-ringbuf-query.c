// map.ringbuf_query(flags) (BCC 0.28) becomes bpf_ringbuf_query (helper
// 134) on the ring buffer, for every release.
// REQUIRES: kernel-arm64
// RUN: bpf-xcc --arch arm64 --kernel %headers_arm64 %s -o %t.o --emit-c | grep -v "^//" | FileCheck %s --check-prefix=REWRITE
// RUN: bpf-xcc --arch arm64 --kernel %headers_arm64 %s -o %t.o
// RUN: llvm-objdump -dr --no-show-raw-insn %t.o | FileCheck %s
// RUN: bpf-xcc --bcc-version 0.37.0 --arch arm64 --kernel %headers_arm64 %s -o %t.37.o
// RUN: cmp %t.o %t.37.o
// RUN: not bpf-xcc --arch arm64 --kernel %headers_arm64 -DTOO_MANY %s -o %t.bad.o 2>&1 | FileCheck %s --check-prefix=ARGS

#include <uapi/linux/ptrace.h>

BPF_RINGBUF_OUTPUT(events, 8);
BPF_ARRAY(avail, u64, 1);

// REWRITE: bpf_ringbuf_query((void *)&events, BPF_RB_AVAIL_DATA)
// CHECK-LABEL: <kprobe__vfs_read>:
// CHECK: call 0x86
// ARGS: error: too many arguments to function call, expected 1, have 2
int kprobe__vfs_read(struct pt_regs *ctx) {
  int k = 0;
#ifdef TOO_MANY
  u64 n = events.ringbuf_query(BPF_RB_AVAIL_DATA, 0);
#else
  u64 n = events.ringbuf_query(BPF_RB_AVAIL_DATA);
#endif
  avail.update(&k, &n);
  return 0;
}
