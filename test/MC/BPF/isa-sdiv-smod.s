# v4 signed division and modulo: BPF_DIV/BPF_MOD with offset 1, 64- and
# 32-bit, register and immediate.
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

# EL: r1 s/= r2 # encoding: [0x3f,0x21,0x01,0x00,0x00,0x00,0x00,0x00]
# EB: r1 s/= r2 # encoding: [0x3f,0x12,0x00,0x01,0x00,0x00,0x00,0x00]
  r1 s/= r2
# EL: r3 s/= -7 # encoding: [0x37,0x03,0x01,0x00,0xf9,0xff,0xff,0xff]
# EB: r3 s/= -7 # encoding: [0x37,0x30,0x00,0x01,0xff,0xff,0xff,0xf9]
  r3 s/= -7
# EL: w4 s/= w5 # encoding: [0x3c,0x54,0x01,0x00,0x00,0x00,0x00,0x00]
# EB: w4 s/= w5 # encoding: [0x3c,0x45,0x00,0x01,0x00,0x00,0x00,0x00]
  w4 s/= w5
# EL: w6 s/= 9 # encoding: [0x34,0x06,0x01,0x00,0x09,0x00,0x00,0x00]
# EB: w6 s/= 9 # encoding: [0x34,0x60,0x00,0x01,0x00,0x00,0x00,0x09]
  w6 s/= 9
# EL: r1 s%= r2 # encoding: [0x9f,0x21,0x01,0x00,0x00,0x00,0x00,0x00]
# EB: r1 s%= r2 # encoding: [0x9f,0x12,0x00,0x01,0x00,0x00,0x00,0x00]
  r1 s%= r2
# EL: r3 s%= -7 # encoding: [0x97,0x03,0x01,0x00,0xf9,0xff,0xff,0xff]
# EB: r3 s%= -7 # encoding: [0x97,0x30,0x00,0x01,0xff,0xff,0xff,0xf9]
  r3 s%= -7
# EL: w4 s%= w5 # encoding: [0x9c,0x54,0x01,0x00,0x00,0x00,0x00,0x00]
# EB: w4 s%= w5 # encoding: [0x9c,0x45,0x00,0x01,0x00,0x00,0x00,0x00]
  w4 s%= w5
# EL: w6 s%= 9 # encoding: [0x94,0x06,0x01,0x00,0x09,0x00,0x00,0x00]
# EB: w6 s%= 9 # encoding: [0x94,0x60,0x00,0x01,0x00,0x00,0x00,0x09]
  w6 s%= 9
