// An "i" operand that is a symbol plus an offset prints as `sym+off`: the
// stock backend dropped the offset, so `&arr[2]` silently became `arr`.
// XFAIL: stock-tools
//
// RUN: clang -target bpfel -O2 -S -emit-llvm -o %t.ll %s
// RUN: llc -march=bpfel -filetype=asm -o %t.s %t.ll
// RUN: FileCheck %s < %t.s
// The addend reaches the object, from llc and from llvm-mc alike.
// RUN: llc -march=bpfel -filetype=obj -o %t.llc.o %t.ll
// RUN: llvm-mc -triple bpfel -filetype=obj -o %t.mc.o %t.s
// RUN: llvm-objcopy -O binary -j .text %t.llc.o %t.llc.bin
// RUN: llvm-objcopy -O binary -j .text %t.mc.o %t.mc.bin
// RUN: cmp %t.llc.bin %t.mc.bin
// RUN: od -An -tx1 -w8 -v %t.llc.bin | FileCheck %s --check-prefix=OBJ
// RUN: llvm-readelf -r %t.llc.o | FileCheck %s --check-prefix=RELOC
// RUN: llvm-readelf -r %t.mc.o | FileCheck %s --check-prefix=RELOC

long arr[4];
struct s { int a; long b; } gs;

// CHECK-LABEL: element:
// CHECK: r{{[0-9]+}} = arr+16 ll
// CHECK: r{{[0-9]+}} = gs+8 ll
// CHECK: r{{[0-9]+}} = arr ll
// The addends are in the ld_imm64 immediates (one 8-byte slot a line):
// OBJ: 18 0{{[0-9a-f]}} 00 00 10 00 00 00
// OBJ: 18 0{{[0-9a-f]}} 00 00 08 00 00 00
// OBJ: 18 0{{[0-9a-f]}} 00 00 00 00 00 00
// RELOC: R_BPF_64_64 {{.*}} arr
// RELOC: R_BPF_64_64 {{.*}} gs
// RELOC: R_BPF_64_64 {{.*}} arr
long element(void) {
  long a, b, c;
  asm volatile("%0 = %1 ll" : "=r"(a) : "i"(&arr[2]));
  asm volatile("%0 = %1 ll" : "=r"(b) : "i"(&gs.b));
  asm volatile("%0 = %1 ll" : "=r"(c) : "i"(&arr[0]));
  return a + b + c;
}
