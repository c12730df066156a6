# BPF_JMP | BPF_CALL (0x85, helper call by id) and BPF_JMP | BPF_EXIT
# (0x95). Calls with src 1/2 are covered by call-src-ld-ind-offset.s.
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

# EL: call 1 # encoding: [0x85,0x00,0x00,0x00,0x01,0x00,0x00,0x00]
# EB: call 1 # encoding: [0x85,0x00,0x00,0x00,0x00,0x00,0x00,0x01]
  call 1
# EL: call 212 # encoding: [0x85,0x00,0x00,0x00,0xd4,0x00,0x00,0x00]
# EB: call 212 # encoding: [0x85,0x00,0x00,0x00,0x00,0x00,0x00,0xd4]
  call 212
# EL: call -1 # encoding: [0x85,0x00,0x00,0x00,0xff,0xff,0xff,0xff]
# EB: call -1 # encoding: [0x85,0x00,0x00,0x00,0xff,0xff,0xff,0xff]
  call -1
# EL: exit # encoding: [0x95,0x00,0x00,0x00,0x00,0x00,0x00,0x00]
# EB: exit # encoding: [0x95,0x00,0x00,0x00,0x00,0x00,0x00,0x00]
  exit
