# v4 long jump: BPF_JMP32 | BPF_JA (0x06) with a 32-bit offset in imm.
# Stock llvm-mc 19 limits the offset to 16 bits (fixed by 0002).
# Every encoding is checked as bytes, little- and big-endian, against
# RFC 9669's layout; then the object is disassembled with llvm-objdump and
# re-assembled, which must give the same bytes.
# RUN: llvm-mc -triple bpfel -mcpu=v4 -show-encoding %s | FileCheck %s --check-prefix=EL
# RUN: llvm-mc -triple bpfeb -mcpu=v4 -show-encoding %s | FileCheck %s --check-prefix=EB
# XFAIL: stock-tools
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

# EL: gotol +1 # encoding: [0x06,0x00,0x00,0x00,0x01,0x00,0x00,0x00]
# EB: gotol +1 # encoding: [0x06,0x00,0x00,0x00,0x00,0x00,0x00,0x01]
  gotol +1
# EL: gotol -1 # encoding: [0x06,0x00,0x00,0x00,0xff,0xff,0xff,0xff]
# EB: gotol -1 # encoding: [0x06,0x00,0x00,0x00,0xff,0xff,0xff,0xff]
  gotol -1
# EL: gotol +40000 # encoding: [0x06,0x00,0x00,0x00,0x40,0x9c,0x00,0x00]
# EB: gotol +40000 # encoding: [0x06,0x00,0x00,0x00,0x00,0x00,0x9c,0x40]
  gotol +40000
# EL: gotol -2147483648 # encoding: [0x06,0x00,0x00,0x00,0x00,0x00,0x00,0x80]
# EB: gotol -2147483648 # encoding: [0x06,0x00,0x00,0x00,0x80,0x00,0x00,0x00]
  gotol -2147483648
# EL: gotol +2147483647 # encoding: [0x06,0x00,0x00,0x00,0xff,0xff,0xff,0x7f]
# EB: gotol +2147483647 # encoding: [0x06,0x00,0x00,0x00,0x7f,0xff,0xff,0xff]
  gotol +2147483647
