; `%a0` on a register operand prints it as an address, `(rN + 0)`. The
; stock backend read the following operand's flag word as the offset and
; printed a random number, e.g. `(r1 + 1345215768)`.
; XFAIL: stock-tools
;
; RUN: llc -march=bpfel -filetype=asm -o - %s | FileCheck %s
; RUN: llc -march=bpfeb -filetype=asm -o - %s | FileCheck %s
; RUN: llc -march=bpfel -filetype=asm -o %t.s %s
; RUN: llvm-mc -triple bpfel -filetype=obj -o %t.mc.o %t.s
; RUN: llc -march=bpfel -filetype=obj -o %t.llc.o %s
; RUN: llvm-objcopy -O binary -j .text %t.mc.o %t.mc.bin
; RUN: llvm-objcopy -O binary -j .text %t.llc.o %t.llc.bin
; RUN: cmp %t.mc.bin %t.llc.bin

; CHECK-LABEL: load_via_a:
; CHECK: r0 = *(u64 *)(r1 + 0)
; CHECK: *(u64 *)(r1 + 0) = r2
define i64 @load_via_a(ptr %p, i64 %v) {
  %x = call i64 asm sideeffect "$0 = *(u64 *)${1:a}", "=r,r"(ptr %p)
  call void asm sideeffect "*(u64 *)${0:a} = $1", "r,r"(ptr %p, i64 %v)
  ret i64 %x
}
