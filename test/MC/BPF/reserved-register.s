# r11/w11 are the compiler's internal stack pointer, not part of the BPF
# instruction set (r0-r10). Stock llvm-mc 19 (and 22) encodes them as
# register 11, which every loader rejects; ours reports a located error.
# XFAIL: stock-tools
# RUN: not llvm-mc -triple bpfel -show-encoding %s 2>&1 \
# RUN:   | FileCheck %s --implicit-check-not=error:

# CHECK: reserved-register.s:[[@LINE+1]]:1: error: invalid register 'r11': BPF has r0-r10 and w0-w10
r11 = 1
# CHECK: reserved-register.s:[[@LINE+1]]:1: error: invalid register 'w11': BPF has r0-r10 and w0-w10
w11 = 1
# CHECK: reserved-register.s:[[@LINE+1]]:7: error: invalid register 'r11'
r0 += r11
# CHECK: reserved-register.s:[[@LINE+1]]:10: error: invalid register 'r11'
*(u64 *)(r11 - 8) = r1
# CHECK: reserved-register.s:[[@LINE+1]]:9: error: invalid register 'w11'
if w1 > w11 goto +0
# r10 is the last register.
# CHECK-NOT: error:
# CHECK: r0 = r10
r0 = r10
