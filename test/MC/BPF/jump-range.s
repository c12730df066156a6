# A jump whose target is beyond the 16-bit offset (-32768..32767
# instructions) is an error of the input. Stock llvm-mc 19 (and 22) aborts
# with "LLVM ERROR: Branch target out of insn range" and no location; ours
# reports each such jump at its file:line:col and carries on.
# XFAIL: stock-tools
# RUN: rm -rf %t && split-file %s %t
# RUN: not llvm-mc -triple bpfel -filetype=obj %t/far.s -o %t/far.o 2>&1 \
# RUN:   | FileCheck %t/far.s --implicit-check-not=error:
# RUN: llvm-mc -triple bpfel -filetype=obj %t/edge.s -o %t/edge.o
# RUN: llvm-objdump -d --no-show-raw-insn %t/edge.o | FileCheck %t/edge.s

#--- far.s
back:
  .space 32768*8, 0
# CHECK: far.s:[[@LINE+1]]:3: error: jump target out of range: -32769 instructions away, a 16-bit offset reaches -32768 to 32767 (gotol reaches further)
  goto back
# CHECK: far.s:[[@LINE+1]]:3: error: jump target out of range: 32768 instructions away
  if r1 > 2 goto fwd
# CHECK: far.s:[[@LINE+1]]:3: error: jump target out of range: 32768 instructions away
  if w1 == w2 goto fwd2
  .space 32766*8, 0
  exit
fwd:
  exit
fwd2:
  exit

#--- edge.s
# The limits themselves still encode.
back:
  .space 32767*8, 0
# CHECK: goto -0x8000 <back>
  goto back
# CHECK: if r1 > 0x2 goto +0x7fff <fwd>
  if r1 > 2 goto fwd
  .space 32767*8, 0
fwd:
  exit
