// GCC's `%w` on an "r" operand: the 32-bit name of the register when the
// operand's value is at most 32 bits wide (bpf_print_register: mode size
// <= 4), the 64-bit name otherwise; `%0` keeps the 64-bit name. The issue's
// case, `unsigned int x; asm("%w0 += 3" : "+r"(x))`, is a 32-bit add in GCC;
// the stock backend rejects `%w`, and patch 0022 alone printed `r0 += 3`,
// a 64-bit add. The text must assemble to the bytes llc writes. Without
// alu32 (-mcpu=v2) the w register is still printed, as GCC does, and the
// assembler refuses it at the statement (no silent 64-bit add).
// XFAIL: stock-tools
//
// RUN: clang -target bpfel -O2 -mcpu=v3 -S -emit-llvm -o %t.v3.ll %s
// RUN: llc -march=bpfel -mcpu=v3 -filetype=asm -o - %t.v3.ll | FileCheck %s
// RUN: clang -target bpfeb -O2 -mcpu=v3 -S -emit-llvm -o %t.eb.ll %s
// RUN: llc -march=bpfeb -mcpu=v3 -filetype=asm -o - %t.eb.ll | FileCheck %s
// RUN: clang -target bpfel -O2 -mcpu=v2 -S -emit-llvm -o %t.v2.ll %s
// RUN: not llc -march=bpfel -mcpu=v2 -filetype=asm -o /dev/null %t.v2.ll 2>&1 | FileCheck %s --check-prefix=V2
//
// RUN: llc -march=bpfel -mcpu=v3 -filetype=asm -o %t.s %t.v3.ll
// RUN: llvm-mc -triple bpfel -mcpu=v3 -filetype=obj -o %t.mc.o %t.s
// RUN: llc -march=bpfel -mcpu=v3 -filetype=obj -o %t.llc.o %t.v3.ll
// RUN: llvm-objcopy -O binary -j .text %t.mc.o %t.mc.bin
// RUN: llvm-objcopy -O binary -j .text %t.llc.o %t.llc.bin
// RUN: cmp %t.mc.bin %t.llc.bin

// V2: <inline asm>:1:2: error: instruction on w registers requires -mcpu=v3 or later, or -mattr=+alu32; the target is -mcpu=v2
// V2-NEXT: w0 += 3

// CHECK-LABEL: u32_inout:
// CHECK: w{{[0-9]+}} += 3
unsigned int u32_inout(unsigned int x) {
  asm("%w0 += 3" : "+r"(x));
  return x;
}

// CHECK-LABEL: u64_inout:
// CHECK: r{{[0-9]+}} += 3
unsigned long u64_inout(unsigned long x) {
  asm("%w0 += 3" : "+r"(x));
  return x;
}

// An input and a second output: each operand by its own width.
// CHECK-LABEL: mixed:
// CHECK: w[[#]] = w[[#]]
// CHECK-NEXT: r[[#]] = r[[#]]
unsigned long mixed(unsigned int a, unsigned long b) {
  unsigned int lo;
  unsigned long wide;
  asm("%w0 = %w2\n\t%w1 = %w3" : "=r"(lo), "=r"(wide) : "r"(a), "r"(b));
  return lo + wide;
}

// Narrower values are 32-bit operands too (GCC: QImode, HImode).
// CHECK-LABEL: u16_in:
// CHECK: w[[#]] = w[[#]]
unsigned int u16_in(unsigned short h) {
  unsigned int r;
  asm("%w0 = %w1" : "=r"(r) : "r"(h));
  return r;
}

// `%0` is the 64-bit name whatever the width, as in GCC.
// CHECK-LABEL: plain:
// CHECK: r{{[0-9]+}} += 3
unsigned int plain(unsigned int x) {
  asm("%0 += 3" : "+r"(x));
  return x;
}

// The same asm text in one function with operands of two widths: each
// statement by its own type (clang's !srcloc tells them apart).
// CHECK-LABEL: two_widths:
// CHECK-DAG: w{{[0-9]+}} += 3
// CHECK-DAG: r{{[0-9]+}} += 3
// CHECK: exit
unsigned long two_widths(unsigned int a, unsigned long b) {
  asm("%w0 += 3" : "+r"(a));
  asm("%w0 += 3" : "+r"(b));
  return a + b;
}
