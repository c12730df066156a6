# With an explicit -mcpu=v1/v2/v3, llvm-mc rejects instructions of a later
# BPF ISA version, as GNU as does with -misa-spec, at their location.
# Stock llvm-mc 19 (and 22) accepts every instruction with any -mcpu.
# Without -mcpu (or with generic/v4) everything is accepted, as before.
# XFAIL: stock-tools
# RUN: not llvm-mc -triple bpfel -mcpu=v1 %s -o /dev/null 2>&1 \
# RUN:   | FileCheck %s --check-prefix=V1 --implicit-check-not=error:
# RUN: not llvm-mc -triple bpfel -mcpu=v2 %s -o /dev/null 2>&1 \
# RUN:   | FileCheck %s --check-prefix=V2 --implicit-check-not=error:
# RUN: not llvm-mc -triple bpfel -mcpu=v3 %s -o /dev/null 2>&1 \
# RUN:   | FileCheck %s --check-prefix=V3 --implicit-check-not=error:
# RUN: not llvm-mc -triple bpfel -mcpu=v1 -mattr=+alu32 %s -o /dev/null 2>&1 \
# RUN:   | FileCheck %s --check-prefix=V1ALU32 --implicit-check-not=error:
# RUN: llvm-mc -triple bpfel -mcpu=v4 -filetype=obj %s -o /dev/null
# RUN: llvm-mc -triple bpfel -filetype=obj %s -o /dev/null

# v1: the base instruction set.
  r1 += r2
  r0 = 0
  if r1 > r2 goto +0
  r1 = be16 r1
  r0 = 1 ll
  lock *(u64 *)(r1 + 0) += r2
  *(u32 *)(r1 + 0) = 5
  r0 = *(u8 *)skb[4]
  call 1
  exit

# v2: jlt, jle, jslt, jsle.
# V1: isa-version.s:[[@LINE+1]]:3: error: instruction requires -mcpu=v2 or later; the target is -mcpu=v1
  if r1 < r2 goto +0
# V1: isa-version.s:[[@LINE+1]]:3: error: instruction requires -mcpu=v2 or later; the target is -mcpu=v1
  if r1 s<= 3 goto +0
# V1ALU32: isa-version.s:[[@LINE-3]]:3: error: instruction requires -mcpu=v2
# V1ALU32: isa-version.s:[[@LINE-2]]:3: error: instruction requires -mcpu=v2

# v3: ALU32 (also with +alu32), JMP32, the new atomics.
# V1: isa-version.s:[[@LINE+2]]:3: error: instruction on w registers requires -mcpu=v3 or later, or -mattr=+alu32; the target is -mcpu=v1
# V2: isa-version.s:[[@LINE+1]]:3: error: instruction on w registers requires -mcpu=v3 or later, or -mattr=+alu32; the target is -mcpu=v2
  w1 += w2
# V1: isa-version.s:[[@LINE+2]]:3: error: instruction on w registers requires -mcpu=v3
# V2: isa-version.s:[[@LINE+1]]:3: error: instruction on w registers requires -mcpu=v3
  w1 = *(u32 *)(r1 + 0)
# V1: isa-version.s:[[@LINE+3]]:3: error: instruction requires -mcpu=v3 or later; the target is -mcpu=v1
# V2: isa-version.s:[[@LINE+2]]:3: error: instruction requires -mcpu=v3 or later; the target is -mcpu=v2
# V1ALU32: isa-version.s:[[@LINE+1]]:3: error: instruction requires -mcpu=v3 or later; the target is -mcpu=v1
  if w1 > 3 goto +0
# V1: isa-version.s:[[@LINE+3]]:3: error: instruction requires -mcpu=v3
# V2: isa-version.s:[[@LINE+2]]:3: error: instruction requires -mcpu=v3
# V1ALU32: isa-version.s:[[@LINE+1]]:3: error: instruction requires -mcpu=v3
  lock *(u64 *)(r1 + 0) |= r2
# V1: isa-version.s:[[@LINE+3]]:3: error: instruction requires -mcpu=v3
# V2: isa-version.s:[[@LINE+2]]:3: error: instruction requires -mcpu=v3
# V1ALU32: isa-version.s:[[@LINE+1]]:3: error: instruction requires -mcpu=v3
  r0 = atomic_fetch_add((u64 *)(r1 + 0), r0)
# V1: isa-version.s:[[@LINE+3]]:3: error: instruction requires -mcpu=v3
# V2: isa-version.s:[[@LINE+2]]:3: error: instruction requires -mcpu=v3
# V1ALU32: isa-version.s:[[@LINE+1]]:3: error: instruction requires -mcpu=v3
  r0 = cmpxchg_64(r1 + 0, r0, r2)
# V1: isa-version.s:[[@LINE+3]]:3: error: instruction requires -mcpu=v3
# V2: isa-version.s:[[@LINE+2]]:3: error: instruction requires -mcpu=v3
# V1ALU32: isa-version.s:[[@LINE+1]]:3: error: instruction requires -mcpu=v3
  w2 = xchg32_32(r1 + 0, w2)

# v4: signed division/modulo, sign extension, bswap, gotol.
# V1: isa-version.s:[[@LINE+4]]:3: error: instruction requires -mcpu=v4 or later; the target is -mcpu=v1
# V2: isa-version.s:[[@LINE+3]]:3: error: instruction requires -mcpu=v4 or later; the target is -mcpu=v2
# V3: isa-version.s:[[@LINE+2]]:3: error: instruction requires -mcpu=v4 or later; the target is -mcpu=v3
# V1ALU32: isa-version.s:[[@LINE+1]]:3: error: instruction requires -mcpu=v4
  r1 s/= r2
# V1: isa-version.s:[[@LINE+4]]:3: error: instruction requires -mcpu=v4
# V2: isa-version.s:[[@LINE+3]]:3: error: instruction requires -mcpu=v4
# V3: isa-version.s:[[@LINE+2]]:3: error: instruction requires -mcpu=v4
# V1ALU32: isa-version.s:[[@LINE+1]]:3: error: instruction requires -mcpu=v4
  w1 s%= 3
# V1: isa-version.s:[[@LINE+4]]:3: error: instruction requires -mcpu=v4
# V2: isa-version.s:[[@LINE+3]]:3: error: instruction requires -mcpu=v4
# V3: isa-version.s:[[@LINE+2]]:3: error: instruction requires -mcpu=v4
# V1ALU32: isa-version.s:[[@LINE+1]]:3: error: instruction requires -mcpu=v4
  r1 = (s8)r2
# V1: isa-version.s:[[@LINE+4]]:3: error: instruction requires -mcpu=v4
# V2: isa-version.s:[[@LINE+3]]:3: error: instruction requires -mcpu=v4
# V3: isa-version.s:[[@LINE+2]]:3: error: instruction requires -mcpu=v4
# V1ALU32: isa-version.s:[[@LINE+1]]:3: error: instruction requires -mcpu=v4
  r1 = *(s32 *)(r2 + 0)
# V1: isa-version.s:[[@LINE+4]]:3: error: instruction requires -mcpu=v4
# V2: isa-version.s:[[@LINE+3]]:3: error: instruction requires -mcpu=v4
# V3: isa-version.s:[[@LINE+2]]:3: error: instruction requires -mcpu=v4
# V1ALU32: isa-version.s:[[@LINE+1]]:3: error: instruction requires -mcpu=v4
  r1 = bswap64 r1
# V1: isa-version.s:[[@LINE+4]]:3: error: instruction requires -mcpu=v4
# V2: isa-version.s:[[@LINE+3]]:3: error: instruction requires -mcpu=v4
# V3: isa-version.s:[[@LINE+2]]:3: error: instruction requires -mcpu=v4
# V1ALU32: isa-version.s:[[@LINE+1]]:3: error: instruction requires -mcpu=v4
  gotol +0
  exit
