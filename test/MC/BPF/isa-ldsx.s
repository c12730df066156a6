# v4 sign-extending loads: BPF_LDX | BPF_MEMSX (0x81, 0x89, 0x91).
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

# EL: r1 = *(s8 *)(r2 + 1) # encoding: [0x91,0x21,0x01,0x00,0x00,0x00,0x00,0x00]
# EB: r1 = *(s8 *)(r2 + 1) # encoding: [0x91,0x12,0x00,0x01,0x00,0x00,0x00,0x00]
  r1 = *(s8 *)(r2 + 1)
# EL: r3 = *(s16 *)(r4 - 2) # encoding: [0x89,0x43,0xfe,0xff,0x00,0x00,0x00,0x00]
# EB: r3 = *(s16 *)(r4 - 2) # encoding: [0x89,0x34,0xff,0xfe,0x00,0x00,0x00,0x00]
  r3 = *(s16 *)(r4 - 2)
# EL: r5 = *(s32 *)(r10 - 32768) # encoding: [0x81,0xa5,0x00,0x80,0x00,0x00,0x00,0x00]
# EB: r5 = *(s32 *)(r10 - 32768) # encoding: [0x81,0x5a,0x80,0x00,0x00,0x00,0x00,0x00]
  r5 = *(s32 *)(r10 - 32768)
