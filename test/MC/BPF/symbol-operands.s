# A symbol is only encodable in three places: the 64-bit immediate of
# `rX = sym ll` (R_BPF_64_64), the target of `call sym` (R_BPF_64_32) and a
# jump target inside its own section. Stock llvm-mc 19 crashes on every other
# use (llvm-mc 22 writes corrupt code); ours reports a located error.
# XFAIL: stock-tools
# RUN: rm -rf %t && split-file %s %t
# RUN: not llvm-mc -triple bpfel -filetype=obj %t/imm.s -o %t/imm.o 2>&1 \
# RUN:   | FileCheck %t/imm.s --implicit-check-not=error:
# RUN: not llvm-mc -triple bpfel -filetype=obj %t/jump.s -o %t/jump.o 2>&1 \
# RUN:   | FileCheck %t/jump.s --implicit-check-not=error:
# RUN: not llvm-mc -triple bpfel -filetype=obj %t/data.s -o %t/data.o 2>&1 \
# RUN:   | FileCheck %t/data.s --implicit-check-not=error:
# RUN: llvm-mc -triple bpfel -filetype=obj %t/ok.s -o %t/ok.o
# RUN: llvm-objdump -dr --no-show-raw-insn %t/ok.o | FileCheck %t/ok.s

#--- imm.s
# CHECK: imm.s:[[@LINE+1]]:7: error: expected a constant: a symbol is only allowed in 'rX = sym ll', 'call sym' and as a jump target
r1 += sym
# CHECK: imm.s:[[@LINE+1]]:6: error: expected a constant
r2 = extsym
# CHECK: imm.s:[[@LINE+1]]:6: error: expected a constant
w2 = extsym
# CHECK: imm.s:[[@LINE+1]]:9: error: expected a constant
if r1 > extsym goto L
# CHECK: imm.s:[[@LINE+1]]:9: error: expected a constant
if w1 < extsym goto L
# CHECK: imm.s:[[@LINE+1]]:20: error: expected a constant
*(u32 *)(r1 + 0) = sym
# CHECK: imm.s:[[@LINE+1]]:17: error: expected a constant
r0 = *(u8 *)skb[sym]
L:
exit

#--- jump.s
# CHECK: jump.s:[[@LINE+1]]:1: error: jump target 'extsym' is not a local label in this section: BPF has no relocation for jumps
goto extsym
# CHECK: jump.s:[[@LINE+1]]:1: error: jump target 'extsym' is not a local label
if r1 > r2 goto extsym
# CHECK: jump.s:[[@LINE+1]]:1: error: jump target 'extsym' is not a local label
gotol extsym
# CHECK: jump.s:[[@LINE+1]]:1: error: jump target 'global' is not a local label
goto global
# CHECK: jump.s:[[@LINE+1]]:1: error: jump target 'other' is not a local label
if w1 == 0 goto other
  .globl global
global:
  exit
  .section .text.other,"ax",@progbits
other:
  exit

#--- data.s
# CHECK: data.s:[[@LINE+1]]:7: error: BPF has no relocation of this size; use a 4- or 8-byte value
.byte sym
# CHECK: data.s:[[@LINE+1]]:8: error: BPF has no relocation of this size
.short sym
# CHECK: data.s:[[@LINE+1]]:7: error: BPF has no PC-relative relocation for this expression
.long sym - .
# These are fine.
.long sym
.quad sym

#--- ok.s
# The encodable forms still assemble, with the relocation each one takes.
# CHECK:      r1 = 0x0 ll
# CHECK-NEXT: R_BPF_64_64 sym
  r1 = sym ll
# CHECK-NEXT: call -0x1{{(, 0x1)?$}}
# CHECK-NEXT: R_BPF_64_32 sym
  call sym
# CHECK-NEXT: goto +0x1 <L>
  goto L
# CHECK-NEXT: if r1 > r2 goto +0x0 <L>
  if r1 > r2 goto L
# CHECK:      <L>:
# CHECK-NEXT: exit
L:
  exit
