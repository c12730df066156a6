// clang -mcpu=v3 prints the zero-extending move (a 32-bit `mov`, 0xbc) as
// `rD = wS`, which the stock llvm-mc rejected ("invalid operand for
// instruction"): the compiler's own -S output did not assemble. llvm-mc now
// reads it as the 32-bit move it is.
// XFAIL: stock-tools
//
// Stock clang-19's own assembly output, assembled by our llvm-mc:
// RUN: clang -target bpfel -O2 -mcpu=v3 -S -o %t.clang.s %s
// RUN: FileCheck %s --check-prefix=ASM < %t.clang.s
// RUN: llvm-mc -triple bpfel -mcpu=v3 -filetype=obj -o %t.clang.o %t.clang.s
// RUN: llvm-objcopy -O binary -j .text %t.clang.o %t.clang.bin
// RUN: od -An -tx1 -w8 -v %t.clang.bin | FileCheck %s --check-prefix=OBJ
//
// The same through our llc: its text assembles to the bytes of its object.
// RUN: clang -target bpfel -O2 -mcpu=v3 -S -emit-llvm -o %t.ll %s
// RUN: llc -march=bpfel -mcpu=v3 -filetype=asm -o %t.s %t.ll
// RUN: llvm-mc -triple bpfel -mcpu=v3 -filetype=obj -o %t.mc.o %t.s
// RUN: llc -march=bpfel -mcpu=v3 -filetype=obj -o %t.llc.o %t.ll
// RUN: llvm-objcopy -O binary -j .text %t.mc.o %t.mc.bin
// RUN: llvm-objcopy -O binary -j .text %t.llc.o %t.llc.bin
// RUN: cmp %t.mc.bin %t.llc.bin
// RUN: llc -march=bpfeb -mcpu=v3 -filetype=asm -o %t.eb.s %t.ll
// RUN: llvm-mc -triple bpfeb -mcpu=v3 -filetype=obj -o %t.eb.mc.o %t.eb.s
// RUN: llc -march=bpfeb -mcpu=v3 -filetype=obj -o %t.eb.llc.o %t.ll
// RUN: llvm-objcopy -O binary -j .text %t.eb.mc.o %t.eb.mc.bin
// RUN: llvm-objcopy -O binary -j .text %t.eb.llc.o %t.eb.llc.bin
// RUN: cmp %t.eb.mc.bin %t.eb.llc.bin

// ASM-LABEL: widen:
// ASM: r0 = w1
// The 32-bit move w0 = w1 (0xbc), then exit:
// OBJ: bc 10 00 00 00 00 00 00
// OBJ-NEXT: 95 00 00 00 00 00 00 00
unsigned long widen(unsigned int x) { return x; }
