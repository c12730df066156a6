# On -mcpu=v4, `goto label` whose target is beyond the 16-bit offset is
# relaxed to `gotol label` (same size, 32-bit offset). Stock llvm-mc 19
# (and 22) aborts with "Branch target out of insn range". Near gotos stay
# gotos, other CPUs keep the located error (jump-range.s), and conditional
# jumps, which have no long form, stay errors.
# XFAIL: stock-tools
# RUN: rm -rf %t && split-file %s %t
# RUN: llvm-mc -triple bpfel -mcpu=v4 -filetype=obj %t/far.s -o %t/el.o
# RUN: llvm-objdump -d %t/el.o | FileCheck %t/far.s --check-prefix=EL
# RUN: llvm-mc -triple bpfeb -mcpu=v4 -filetype=obj %t/far.s -o %t/eb.o
# RUN: llvm-objdump -d %t/eb.o | FileCheck %t/far.s --check-prefix=EB
# RUN: not llvm-mc -triple bpfel -mcpu=v3 -filetype=obj %t/far.s -o %t/v3.o 2>&1 \
# RUN:   | FileCheck %t/far.s --check-prefix=V3 --implicit-check-not=error:
# RUN: not llvm-mc -triple bpfel -mcpu=v4 -filetype=obj %t/cond.s -o %t/cond.o 2>&1 \
# RUN:   | FileCheck %t/cond.s --implicit-check-not=error:

#--- far.s
back:
  .space 32768*8, 0
# EL: 06 00 00 00 ff 7f ff ff gotol -0x8001 <back>
# EB: 06 00 00 00 ff ff 7f ff gotol -0x8001 <back>
# V3: far.s:[[@LINE+1]]:3: error: jump target out of range: -32769 instructions away
  goto back
# EL-NEXT: 06 00 00 00 00 80 00 00 gotol +0x8000 <fwd>
# EB-NEXT: 06 00 00 00 00 00 80 00 gotol +0x8000 <fwd>
# V3: far.s:[[@LINE+1]]:3: error: jump target out of range: 32768 instructions away
  goto fwd
# EL-NEXT: 05 00 ff 7f 00 00 00 00 goto +0x7fff <fwd>
# EB-NEXT: 05 00 7f ff 00 00 00 00 goto +0x7fff <fwd>
  goto fwd
  .space 32767*8, 0
fwd:
  exit

#--- cond.s
back:
  .space 32768*8, 0
# CHECK: cond.s:[[@LINE+1]]:3: error: jump target out of range: -32769 instructions away
  if r1 > r2 goto back
