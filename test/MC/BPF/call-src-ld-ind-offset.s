# Two encodings whose fields the instruction definitions ignored, so that
# disassembly did not re-assemble to the same bytes in stock llvm-mc and
# llvm-objdump 19 (and 22):
# - call with src=1 (BPF-to-BPF call, imm = offset in insns) or src=2 (kfunc
#   call, imm = BTF id) printed as `call IMM`, which is src=0 (a helper);
#   ours prints and accepts `call IMM, SRC`;
# - ld_ind with a non-zero immediate printed as skb[rX], dropping it; ours
#   prints and accepts skb[rX + IMM] / skb[rX - IMM].
# XFAIL: stock-tools
# RUN: llvm-mc -triple bpfel -show-encoding %s | FileCheck %s --check-prefix=EL
# RUN: llvm-mc -triple bpfeb -show-encoding %s | FileCheck %s --check-prefix=EB
# RUN: llvm-mc -triple bpfel -filetype=obj %s -o %t.o
# RUN: llvm-objdump -d --no-show-raw-insn --no-leading-addr %t.o \
# RUN:   | sed -n -e 's/ <[^ >]*>$//' -e 's/^\t//p' > %t.dis.s
# RUN: FileCheck %s --check-prefix=DIS < %t.dis.s
# RUN: llvm-mc -triple bpfel -filetype=obj %t.dis.s -o %t.re.o
# RUN: llvm-objcopy -O binary --only-section=.text %t.o %t.bin
# RUN: llvm-objcopy -O binary --only-section=.text %t.re.o %t.re.bin
# RUN: cmp %t.bin %t.re.bin
# RUN: llvm-mc -triple bpfeb -filetype=obj %s -o %t.eb.o
# RUN: llvm-objdump -d --no-show-raw-insn --no-leading-addr %t.eb.o \
# RUN:   | sed -n -e 's/ <[^ >]*>$//' -e 's/^\t//p' > %t.eb.dis.s
# RUN: llvm-mc -triple bpfeb -filetype=obj %t.eb.dis.s -o %t.eb.re.o
# RUN: llvm-objcopy -O binary --only-section=.text %t.eb.o %t.eb.bin
# RUN: llvm-objcopy -O binary --only-section=.text %t.eb.re.o %t.eb.re.bin
# RUN: cmp %t.eb.bin %t.eb.re.bin

# EL: encoding: [0x85,0x10,0x00,0x00,0xfd,0xff,0xff,0xff]
# EB: encoding: [0x85,0x01,0x00,0x00,0xff,0xff,0xff,0xfd]
# DIS: call -0x3, 0x1
call -3, 1
# EL: encoding: [0x85,0x20,0x00,0x00,0xd2,0x04,0x00,0x00]
# EB: encoding: [0x85,0x02,0x00,0x00,0x00,0x00,0x04,0xd2]
# DIS-NEXT: call 0x4d2, 0x2
call 1234, 2
# A helper call stays `call`.
# EL: encoding: [0x85,0x00,0x00,0x00,0x05,0x00,0x00,0x00]
# DIS-NEXT: call 0x5{{$}}
call 5
# EL: encoding: [0x40,0x30,0x00,0x00,0x04,0x00,0x00,0x00]
# EB: encoding: [0x40,0x03,0x00,0x00,0x00,0x00,0x00,0x04]
# DIS-NEXT: r0 = *(u32 *)skb[r3 + 0x4]
r0 = *(u32 *)skb[r3 + 4]
# EL: encoding: [0x48,0x30,0x00,0x00,0xf8,0xff,0xff,0xff]
# DIS-NEXT: r0 = *(u16 *)skb[r3 - 0x8]
r0 = *(u16 *)skb[r3 - 8]
# EL: encoding: [0x50,0x70,0x00,0x00,0x00,0x00,0x00,0x00]
# DIS-NEXT: r0 = *(u8 *)skb[r7]
r0 = *(u8 *)skb[r7]
# EL: encoding: [0x50,0x70,0x00,0x00,0x00,0x00,0x00,0x00]
# DIS-NEXT: r0 = *(u8 *)skb[r7]
r0 = *(u8 *)skb[r7 + 0]
