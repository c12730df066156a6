# v4 sign-extending moves: BPF_MOV with offset 8, 16, 32 (BPF_ALU64) and
# 8, 16 (BPF_ALU).
# Every encoding is checked as bytes, little- and big-endian, against
# RFC 9669's layout; then the object is disassembled with llvm-objdump and
# re-assembled, which must give the same bytes.
# RUN: llvm-mc -triple bpfel -mcpu=v4 -show-encoding %s | FileCheck %s --check-prefix=EL
# RUN: llvm-mc -triple bpfeb -mcpu=v4 -show-encoding %s | FileCheck %s --check-prefix=EB
# RUN: llvm-mc -triple bpfel -mcpu=v4 -filetype=obj %s -o %t.el.o
# RUN: llvm-objdump -d --mcpu=v4 --no-show-raw-insn --no-leading-addr %t.el.o \
# RUN:   | sed -n -e 's/ <[^ >]*>$//' -e 's/^\t//p' > %t.el.s
# RUN: llvm-mc -triple bpfel -mcpu=v4 -filetype=obj %t.el.s -o %t.el.re.o
# RUN: llvm-objcopy -O binary --only-section=.text %t.el.o %t.el.bin
# RUN: llvm-objcopy -O binary --only-section=.text %t.el.re.o %t.el.re.bin
# RUN: cmp %t.el.bin %t.el.re.bin
# RUN: llvm-mc -triple bpfeb -mcpu=v4 -filetype=obj %s -o %t.eb.o
# RUN: llvm-objdump -d --mcpu=v4 --no-show-raw-insn --no-leading-addr %t.eb.o \
# RUN:   | sed -n -e 's/ <[^ >]*>$//' -e 's/^\t//p' > %t.eb.s
# RUN: llvm-mc -triple bpfeb -mcpu=v4 -filetype=obj %t.eb.s -o %t.eb.re.o
# RUN: llvm-objcopy -O binary --only-section=.text %t.eb.o %t.eb.bin
# RUN: llvm-objcopy -O binary --only-section=.text %t.eb.re.o %t.eb.re.bin
# RUN: cmp %t.eb.bin %t.eb.re.bin

# EL: r1 = (s8)r2 # encoding: [0xbf,0x21,0x08,0x00,0x00,0x00,0x00,0x00]
# EB: r1 = (s8)r2 # encoding: [0xbf,0x12,0x00,0x08,0x00,0x00,0x00,0x00]
  r1 = (s8)r2
# EL: r2 = (s16)r3 # encoding: [0xbf,0x32,0x10,0x00,0x00,0x00,0x00,0x00]
# EB: r2 = (s16)r3 # encoding: [0xbf,0x23,0x00,0x10,0x00,0x00,0x00,0x00]
  r2 = (s16)r3
# EL: r4 = (s32)r5 # encoding: [0xbf,0x54,0x20,0x00,0x00,0x00,0x00,0x00]
# EB: r4 = (s32)r5 # encoding: [0xbf,0x45,0x00,0x20,0x00,0x00,0x00,0x00]
  r4 = (s32)r5
# EL: w6 = (s8)w7 # encoding: [0xbc,0x76,0x08,0x00,0x00,0x00,0x00,0x00]
# EB: w6 = (s8)w7 # encoding: [0xbc,0x67,0x00,0x08,0x00,0x00,0x00,0x00]
  w6 = (s8)w7
# EL: w7 = (s16)w8 # encoding: [0xbc,0x87,0x10,0x00,0x00,0x00,0x00,0x00]
# EB: w7 = (s16)w8 # encoding: [0xbc,0x78,0x00,0x10,0x00,0x00,0x00,0x00]
  w7 = (s16)w8
