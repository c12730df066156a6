; GCC's BPF operand modifiers: `%W` prints a register operand by its 32-bit
; name (w1 for r1) always; `%w` does so when the operand's value is 32 bits
; wide (a "w" operand under alu32, which is already a 32-bit register) and
; keeps a 64-bit value's name (r1), as GCC's bpf_print_register does. The
; stock backend rejected both as invalid operand modifiers.
; XFAIL: stock-tools
;
; RUN: llc -march=bpfel -mcpu=v3 -filetype=asm -o - %s | FileCheck %s
; RUN: llc -march=bpfeb -mcpu=v3 -filetype=asm -o - %s | FileCheck %s
; RUN: llc -march=bpfel -mcpu=v3 -filetype=asm -o %t.s %s
; RUN: llvm-mc -triple bpfel -mcpu=v3 -filetype=obj -o %t.mc.o %t.s
; RUN: llc -march=bpfel -mcpu=v3 -filetype=obj -o %t.llc.o %s
; RUN: llvm-objcopy -O binary -j .text %t.mc.o %t.mc.bin
; RUN: llvm-objcopy -O binary -j .text %t.llc.o %t.llc.bin
; RUN: cmp %t.mc.bin %t.llc.bin

; CHECK-LABEL: upper_w:
; CHECK: w0 = w1
; CHECK: w{{[0-9]+}} += 1
define i64 @upper_w(i64 %a) {
  %x = call i64 asm sideeffect "${0:W} = ${1:W}", "=r,r"(i64 %a)
  %y = call i32 asm sideeffect "${0:W} += 1", "=w,0"(i32 7)
  %z = zext i32 %y to i64
  %s = add i64 %x, %z
  ret i64 %s
}

; CHECK-LABEL: lower_w:
; CHECK: r0 = r1
; CHECK: w{{[0-9]+}} = w2
define i64 @lower_w(i64 %a, i32 %b) {
  %x = call i64 asm sideeffect "${0:w} = ${1:w}", "=r,r"(i64 %a)
  %y = call i32 asm sideeffect "${0:w} = ${1:w}", "=w,w"(i32 %b)
  %z = zext i32 %y to i64
  %s = add i64 %x, %z
  ret i64 %s
}
