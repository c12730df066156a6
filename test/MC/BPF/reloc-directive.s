# `.reloc OFFSET, NAME[, SYMBOL]` takes the BPF ELF relocation names, as
# GNU as does. Stock llvm-mc 19 (and 22) knows none of them: "unknown
# relocation name".
# XFAIL: stock-tools
# RUN: rm -rf %t && split-file %s %t
# RUN: llvm-mc -triple bpfel -filetype=obj %t/good.s -o %t/el.o
# RUN: llvm-readelf -r %t/el.o | FileCheck %t/good.s
# RUN: llvm-readelf -x .text %t/el.o | FileCheck %t/good.s --check-prefix=BYTES
# RUN: llvm-mc -triple bpfeb -filetype=obj %t/good.s -o %t/eb.o
# RUN: llvm-readelf -r %t/eb.o | FileCheck %t/good.s
# RUN: not llvm-mc -triple bpfel -filetype=obj %t/bad.s -o %t/bad.o 2>&1 \
# RUN:   | FileCheck %t/bad.s --implicit-check-not=error:

#--- good.s
# The relocated fields keep what the instructions encode.
# BYTES:      0x00000000 18010000 00000000 00000000 00000000
# BYTES-NEXT: 0x00000010 85000000 07000000 00000000 00000000
# BYTES-NEXT: 0x00000020 95000000 00000000
  r1 = 0 ll
  call 7
  .dword 0
  exit
  .reloc 0, R_BPF_64_64, map
  .reloc 16, R_BPF_64_32, func
  .reloc 24, R_BPF_64_ABS64, a
  .reloc 24, R_BPF_64_ABS32, b
  .reloc 24, R_BPF_64_NODYLD32, c
  .reloc 32, R_BPF_NONE
# CHECK:      Relocation section '.rel.text'
# CHECK:      000000000000 {{.*}} R_BPF_64_64 {{.*}} map
# CHECK-NEXT: 000000000010 {{.*}} R_BPF_64_32 {{.*}} func
# CHECK-NEXT: 000000000018 {{.*}} R_BPF_64_ABS64 {{.*}} a
# CHECK-NEXT: 000000000018 {{.*}} R_BPF_64_ABS32 {{.*}} b
# CHECK-NEXT: 000000000018 {{.*}} R_BPF_64_NODYLD32 {{.*}} c
# CHECK-NEXT: 000000000020 {{.*}} R_BPF_NONE
# CHECK-NOT:  R_BPF

#--- bad.s
# CHECK: bad.s:[[@LINE+1]]:11: error: unknown relocation name
.reloc 0, R_BPF_BOGUS, a
# CHECK: bad.s:[[@LINE+1]]:11: error: unknown relocation name
.reloc 0, R_X86_64_64, a
