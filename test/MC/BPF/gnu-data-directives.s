# GNU as for BPF has .half, .word and .dword (2, 4 and 8 bytes). Stock
# llvm-mc 19 (and 22) rejects them as "unknown directive".
# XFAIL: stock-tools
# RUN: rm -rf %t && split-file %s %t
# RUN: llvm-mc -triple bpfel -filetype=obj %t/good.s -o %t/el.o
# RUN: llvm-readelf -x .data %t/el.o | FileCheck %t/good.s --check-prefix=EL
# RUN: llvm-readelf -r %t/el.o | FileCheck %t/good.s --check-prefix=RELOC
# RUN: llvm-mc -triple bpfeb -filetype=obj %t/good.s -o %t/eb.o
# RUN: llvm-readelf -x .data %t/eb.o | FileCheck %t/good.s --check-prefix=EB
# RUN: llvm-mc -triple bpfel %t/good.s | FileCheck %t/good.s --check-prefix=ASM
# RUN: not llvm-mc -triple bpfel -filetype=obj %t/bad.s -o %t/bad.o 2>&1 \
# RUN:   | FileCheck %t/bad.s --implicit-check-not=error:
# RUN: not llvm-mc -triple bpfel -filetype=obj %t/reloc.s -o %t/reloc.o 2>&1 \
# RUN:   | FileCheck %t/reloc.s --implicit-check-not=error:

#--- good.s
  .data
# EL:      0x00000000 0100ffff 02000000 ffffffff 00000000
# EL-NEXT: 0x00000010 03000000 00000000 00000000 00000000
# EB:      0x00000000 0001ffff 00000002 ffffffff 00000000
# EB-NEXT: 0x00000010 00000000 00000003 00000000 00000000
# ASM:      .short 1
# ASM-NEXT: .short -1
  .half 1, -1
# ASM-NEXT: .long 2
# ASM-NEXT: .long 4294967295
# ASM-NEXT: .long sym
  .word 2, 0xffffffff, sym
# ASM-NEXT: .quad 3
# ASM-NEXT: .quad sym
  .dword 3, sym
# RELOC:      Offset    Info         Type              Symbol's Value  Symbol's Name
# RELOC-NEXT: 00000000000c {{.*}} R_BPF_64_ABS32 {{.*}} sym
# RELOC-NEXT: 000000000018 {{.*}} R_BPF_64_ABS64 {{.*}} sym

#--- bad.s
# CHECK: bad.s:[[@LINE+1]]:7: error: out of range literal value
.half 0x10000
# CHECK: bad.s:[[@LINE+1]]:10: error: out of range literal value
.word 1, 0x100000000

#--- reloc.s
# BPF has no 2-byte relocation.
# CHECK: reloc.s:[[@LINE+1]]:7: error: BPF has no relocation of this size
.half sym
