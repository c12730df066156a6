# Legacy packet access: BPF_LD | BPF_ABS (0x20, 0x28, 0x30) and
# BPF_LD | BPF_IND (0x40, 0x48, 0x50). A non-zero BPF_IND immediate is covered
# by call-src-ld-ind-offset.s.
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

# EL: r0 = *(u32 *)skb[4] # encoding: [0x20,0x00,0x00,0x00,0x04,0x00,0x00,0x00]
# EB: r0 = *(u32 *)skb[4] # encoding: [0x20,0x00,0x00,0x00,0x00,0x00,0x00,0x04]
  r0 = *(u32 *)skb[4]
# EL: r0 = *(u32 *)skb[r1] # encoding: [0x40,0x10,0x00,0x00,0x00,0x00,0x00,0x00]
# EB: r0 = *(u32 *)skb[r1] # encoding: [0x40,0x01,0x00,0x00,0x00,0x00,0x00,0x00]
  r0 = *(u32 *)skb[r1]
# EL: r0 = *(u16 *)skb[2] # encoding: [0x28,0x00,0x00,0x00,0x02,0x00,0x00,0x00]
# EB: r0 = *(u16 *)skb[2] # encoding: [0x28,0x00,0x00,0x00,0x00,0x00,0x00,0x02]
  r0 = *(u16 *)skb[2]
# EL: r0 = *(u16 *)skb[r2] # encoding: [0x48,0x20,0x00,0x00,0x00,0x00,0x00,0x00]
# EB: r0 = *(u16 *)skb[r2] # encoding: [0x48,0x02,0x00,0x00,0x00,0x00,0x00,0x00]
  r0 = *(u16 *)skb[r2]
# EL: r0 = *(u8 *)skb[0] # encoding: [0x30,0x00,0x00,0x00,0x00,0x00,0x00,0x00]
# EB: r0 = *(u8 *)skb[0] # encoding: [0x30,0x00,0x00,0x00,0x00,0x00,0x00,0x00]
  r0 = *(u8 *)skb[0]
# EL: r0 = *(u8 *)skb[r3] # encoding: [0x50,0x30,0x00,0x00,0x00,0x00,0x00,0x00]
# EB: r0 = *(u8 *)skb[r3] # encoding: [0x50,0x03,0x00,0x00,0x00,0x00,0x00,0x00]
  r0 = *(u8 *)skb[r3]
