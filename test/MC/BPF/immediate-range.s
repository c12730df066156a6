# A constant must fit the field it is encoded in. Stock llvm-mc 19 silently
# keeps the low 32 bits (llvm-mc 22 warns); ours reports a located error. The
# 32-bit field takes a signed or an unsigned 32-bit value, as GNU as does.
# gotol's 32-bit jump offset is no longer limited to 16 bits.
# XFAIL: stock-tools
# RUN: rm -rf %t && split-file %s %t
# RUN: not llvm-mc -triple bpfel -show-encoding %t/bad.s 2>&1 \
# RUN:   | FileCheck %t/bad.s --implicit-check-not=error:
# RUN: llvm-mc -triple bpfel -show-encoding %t/good.s | FileCheck %t/good.s

#--- bad.s
# CHECK: bad.s:[[@LINE+1]]:6: error: immediate out of range: the 32-bit field takes -2147483648 to 4294967295; use 'rX = imm ll' for a 64-bit constant
r0 = 0x100000000
# CHECK: bad.s:[[@LINE+1]]:6: error: immediate out of range: the 32-bit field takes -2147483648 to 4294967295; use 'rX = imm ll'
r0 = -2147483649
# CHECK: bad.s:[[@LINE+1]]:6: error: immediate out of range: the 32-bit field takes -2147483648 to 4294967295{{$}}
w0 = 0x1ffffffff
# CHECK: bad.s:[[@LINE+1]]:7: error: immediate out of range
r1 += 0x100000000
# CHECK: bad.s:[[@LINE+1]]:7: error: immediate out of range
w1 &= -4294967296
# CHECK: bad.s:[[@LINE+1]]:9: error: immediate out of range
if r1 > 0x100000000 goto +1
# CHECK: bad.s:[[@LINE+1]]:10: error: immediate out of range
if w1 s< -2147483649 goto +1
# CHECK: bad.s:[[@LINE+1]]:20: error: immediate out of range
*(u32 *)(r1 + 0) = 0x100000000
# CHECK: bad.s:[[@LINE+1]]:17: error: immediate out of range
r0 = *(u8 *)skb[0x100000000]
# CHECK: bad.s:[[@LINE+1]]:6: error: immediate out of range
call 0x100000000
# CHECK: bad.s:[[@LINE+1]]:6: error: operand is not an identifier or 16-bit signed integer
goto +32768
# CHECK: bad.s:[[@LINE+1]]:17: error: operand is not an identifier or 16-bit signed integer
if r1 > r2 goto -32769
# CHECK: bad.s:[[@LINE+1]]:7: error: operand is not an identifier or 16-bit signed integer
gotol +0x80000000
# CHECK: bad.s:[[@LINE+1]]:15: error: pseudo source out of range: must be 0 to 15
ld_pseudo r1, 16, 5
# CHECK: bad.s:[[@LINE+1]]:26: error: address space out of range: must be 0 to 65535
r1 = addr_space_cast(r2, 65536, 0)

#--- good.s
# The limits themselves still assemble.
# CHECK: r0 = -1 # encoding: [0xb7,0x00,0x00,0x00,0xff,0xff,0xff,0xff]
r0 = 4294967295
# CHECK: r0 = -2147483648 # encoding: [0xb7,0x00,0x00,0x00,0x00,0x00,0x00,0x80]
r0 = -2147483648
# CHECK: w1 += 2147483647 # encoding: [0x04,0x01,0x00,0x00,0xff,0xff,0xff,0x7f]
w1 += 2147483647
# CHECK: if r1 == -1 goto +32767 # encoding: [0x15,0x01,0xff,0x7f,0xff,0xff,0xff,0xff]
if r1 == 0xffffffff goto +32767
# CHECK: goto -32768 # encoding: [0x05,0x00,0x00,0x80,0x00,0x00,0x00,0x00]
goto -32768
# CHECK: gotol +40000 # encoding: [0x06,0x00,0x00,0x00,0x40,0x9c,0x00,0x00]
gotol +40000
# CHECK: r0 = -1 ll # encoding: [0x18,0x00,0x00,0x00,0xff,0xff,0xff,0xff,0x00,0x00,0x00,0x00,0xff,0xff,0xff,0xff]
r0 = 0xffffffffffffffff ll
