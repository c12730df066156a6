# The lit harness itself: llvm-mc from the build assembles a BPF instruction.
# RUN: llvm-mc -triple bpfel -show-encoding %s | FileCheck %s
# CHECK: r0 = 1 # encoding: [0xb7,0x00,0x00,0x00,0x01,0x00,0x00,0x00]
r0 = 1
