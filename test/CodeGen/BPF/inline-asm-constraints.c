// Inline asm operands of the constraints BPF programs use: "r" (64-bit
// register), "w" (32-bit register, alu32), "i" (immediate, symbol) and "m"
// (memory: a register plus an offset), on locals, globals and struct
// members, little- and big-endian. The text llc prints must assemble (with
// our llvm-mc) to the same bytes llc writes as an object.
//
// RUN: clang -target bpfel -O2 -mcpu=v3 -S -emit-llvm -o %t.el.ll %s
// RUN: llc -march=bpfel -mcpu=v3 -filetype=asm -o - %t.el.ll | FileCheck %s
// RUN: clang -target bpfeb -O2 -mcpu=v3 -S -emit-llvm -o %t.eb.ll %s
// RUN: llc -march=bpfeb -mcpu=v3 -filetype=asm -o - %t.eb.ll | FileCheck %s
//
// RUN: llc -march=bpfel -mcpu=v3 -filetype=asm -o %t.el.s %t.el.ll
// RUN: llvm-mc -triple bpfel -mcpu=v3 -filetype=obj -o %t.el.mc.o %t.el.s
// RUN: llc -march=bpfel -mcpu=v3 -filetype=obj -o %t.el.llc.o %t.el.ll
// RUN: llvm-objcopy -O binary -j .text %t.el.mc.o %t.el.mc.bin
// RUN: llvm-objcopy -O binary -j .text %t.el.llc.o %t.el.llc.bin
// RUN: cmp %t.el.mc.bin %t.el.llc.bin
// RUN: llc -march=bpfeb -mcpu=v3 -filetype=asm -o %t.eb.s %t.eb.ll
// RUN: llvm-mc -triple bpfeb -mcpu=v3 -filetype=obj -o %t.eb.mc.o %t.eb.s
// RUN: llc -march=bpfeb -mcpu=v3 -filetype=obj -o %t.eb.llc.o %t.eb.ll
// RUN: llvm-objcopy -O binary -j .text %t.eb.mc.o %t.eb.mc.bin
// RUN: llvm-objcopy -O binary -j .text %t.eb.llc.o %t.eb.llc.bin
// RUN: cmp %t.eb.mc.bin %t.eb.llc.bin
// RUN: llvm-readelf -r %t.el.mc.o | FileCheck %s --check-prefix=RELOC
// RUN: llvm-readelf -r %t.eb.mc.o | FileCheck %s --check-prefix=RELOC

struct pkt { int len; long mark; unsigned short proto; };
struct pkt gp;
long garr[4];

// CHECK-LABEL: reg_operands:
long reg_operands(long a, int b) {
  long out;
  // "r" in and out: 64-bit registers.
  // CHECK: r0 = r1
  asm volatile("%0 = %1" : "=r"(out) : "r"(a));
  // "w" (alu32): 32-bit registers.
  int w;
  // CHECK: w{{[0-9]+}} = w2
  asm volatile("%0 = %1" : "=w"(w) : "w"(b));
  // CHECK: r0 += r{{[0-9]+}}
  return out + w;
}

// CHECK-LABEL: imm_operands:
long imm_operands(void) {
  long out;
  // CHECK: r{{[0-9]+}} = 42
  asm volatile("%0 = %1" : "=r"(out) : "i"(42));
  // CHECK: r{{[0-9]+}} = -7
  asm volatile("%0 = %1" : "=r"(out) : "i"(-7));
  // CHECK: r{{[0-9]+}} = 333333333333 ll
  asm volatile("%0 = %1 ll" : "=r"(out) : "i"(333333333333L));
  // A symbol as an immediate: ld_imm64 with a relocation.
  // CHECK: r0 = garr ll
  asm volatile("%0 = %1 ll" : "=r"(out) : "i"(garr));
  return out;
}

// CHECK-LABEL: mem_local:
int mem_local(int v) {
  int local = v;
  int out;
  // A local on the stack: r10 minus its offset.
  // CHECK: w{{[0-9]+}} = *(u32 *)(r10 - 4)
  asm volatile("%0 = *(u32 *)%1" : "=w"(out) : "m"(local));
  return out;
}

// CHECK-LABEL: mem_global:
long mem_global(void) {
  long out;
  // An array element of a global: its address in a register, + 16.
  // CHECK: r1 = garr ll
  // CHECK: r0 = *(u64 *)(r1 + 16)
  asm volatile("%0 = *(u64 *)%1" : "=r"(out) : "m"(garr[2]));
  return out;
}

// CHECK-LABEL: mem_struct:
long mem_struct(struct pkt *p) {
  long out;
  unsigned short proto;
  // Struct members through a pointer: the member offsets 8 and 16.
  // CHECK: r{{[0-9]+}} = *(u64 *)(r1 + 8)
  asm volatile("%0 = *(u64 *)%1" : "=r"(out) : "m"(p->mark));
  // CHECK: w{{[0-9]+}} = *(u16 *)(r1 + 16)
  asm volatile("%0 = *(u16 *)%1" : "=w"(proto) : "m"(p->proto));
  // A member of a global struct, stored through "=m".
  // CHECK: r{{[0-9]+}} = gp ll
  // CHECK: *(u32 *)(r{{[0-9]+}} + 0) = w{{[0-9]+}}
  asm volatile("*(u32 *)%0 = %1" : "=m"(gp.len) : "w"((int)out));
  return out + proto;
}

// RELOC: R_BPF_64_64 {{.*}} garr
// RELOC: R_BPF_64_64 {{.*}} garr
// RELOC: R_BPF_64_64 {{.*}} gp
