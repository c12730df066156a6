# The register operand of .cfi_offset (and the other CFI directives) is
# parsed by the target. Stock llvm-mc 19 inverts the test: it rejects `r6`
# and accepts any non-register word as register -1; printing the directive
# then reaches an unimplemented printRegName. Ours takes r0-r10/w0-w10,
# writes their DWARF numbers and rejects anything else where it stands.
# XFAIL: stock-tools
# RUN: rm -rf %t && split-file %s %t
# RUN: llvm-mc -triple bpfel %t/good.s | FileCheck %t/good.s --check-prefix=ASM
# RUN: llvm-mc -triple bpfel -filetype=obj %t/good.s -o %t/good.o
# RUN: llvm-dwarfdump --debug-frame %t/good.o | FileCheck %t/good.s --check-prefix=DWARF
# RUN: not llvm-mc -triple bpfel %t/bad.s -o /dev/null 2>&1 \
# RUN:   | FileCheck %t/bad.s --implicit-check-not=error:

#--- good.s
  .cfi_sections .debug_frame
  .cfi_startproc
# ASM: .cfi_offset w6, -8
# DWARF: DW_CFA_offset: {{[RW]?}}6 -8
  .cfi_offset r6, -8
# ASM: .cfi_offset w10, -16
# DWARF: DW_CFA_offset: {{[RW]?}}10 -16
  .cfi_offset w10, -16
  exit
  .cfi_endproc

#--- bad.s
  .cfi_startproc
# CHECK: bad.s:[[@LINE+1]]:15: error: invalid register name
  .cfi_offset bogus, -8
# CHECK: bad.s:[[@LINE+1]]:15: error: invalid register name
  .cfi_offset r11, -8
  .cfi_endproc
