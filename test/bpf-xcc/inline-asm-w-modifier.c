// bpf-xcc links the patched BPF target (llvm-patches/, bpfd_patched_bpf),
// so a BCC program's inline asm gets GCC's `%w`: the 32-bit `unsigned int`
// in an "r" operand is added as w0 (ALU32 add, opcode 0x04), the 64-bit
// one as r0 (ALU64 add, opcode 0x07). Patch 0026; before it, both were
// 64-bit adds.
// REQUIRES: kernel-arm64
// RUN: bpf-xcc --arch arm64 --kernel %headers_arm64 %s -o %t.o
// RUN: llvm-objdump -d %t.o | FileCheck %s

// CHECK-LABEL: <kprobe__vfs_read>:
// CHECK: 04 0{{[0-9]}} 00 00 03 00 00 00 w{{[0-9]}} += 0x3
int kprobe__vfs_read(void *ctx) {
  unsigned int x = bpf_get_prandom_u32();
  asm("%w0 += 3" : "+r"(x));
  return x;
}

// CHECK-LABEL: <kprobe__vfs_write>:
// CHECK: 07 0{{[0-9]}} 00 00 03 00 00 00 r{{[0-9]}} += 0x3
int kprobe__vfs_write(void *ctx) {
  unsigned long x = bpf_get_prandom_u32();
  asm("%w0 += 3" : "+r"(x));
  return x;
}
