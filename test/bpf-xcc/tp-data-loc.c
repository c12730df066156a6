// BCC's TP_DATA_LOC_READ / _CONST / _STR read a tracepoint's __data_loc field
// (hardirqs reads irq_handler_entry's name with TP_DATA_LOC_READ_STR): offset
// = low 16 bits of args->data_loc_<field>, length = high 16 bits, data read
// from the record with the kernel read helpers (6.1 has them: 113, 115).
// REQUIRES: kernel-arm64
// RUN: bpf-xcc --arch arm64 --kernel %headers_arm64 --profile %S/Inputs/profile-irq-arm64.txt %s -o %t.o
// RUN: llvm-objdump -d --no-show-raw-insn %t.o | FileCheck %s

#include <uapi/linux/ptrace.h>

struct name_t { char name[32]; };
BPF_HASH(seen, struct name_t, u64);

// The __data_loc word sits at offset 12 of the record: low half the offset,
// high half the length, each call reads from args + offset.
// CHECK-LABEL: <tracepoint__irq__irq_handler_entry>:
// CHECK: = *(u32 *)(r{{[0-9]}} + 0xc)
// CHECK: &= 0xffff
// CHECK: call 0x73
// CHECK: = *(u32 *)(r{{[0-9]}} + 0xc)
// CHECK: >>= 0x10
// CHECK: call 0x71
// CHECK: call 0x71
TRACEPOINT_PROBE(irq, irq_handler_entry) {
  struct name_t n = {};
  TP_DATA_LOC_READ_STR(&n.name, name, sizeof(n.name));
  u64 one = 1;
  seen.update(&n, &one);
  char whole[16] = {};
  TP_DATA_LOC_READ(whole, name);
  char four[4];
  TP_DATA_LOC_READ_CONST(four, name, sizeof(four));
  return whole[0] + four[0];
}
