; The "o" (offsettable memory) constraint means what "m" means on BPF: every
; BPF address is a register plus an offset. The stock backend aborted with
; "Could not match memory address.  Inline asm failure!".
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

%struct.s = type { i32, i64 }
@g = global %struct.s zeroinitializer, align 8

; CHECK-LABEL: offsettable:
; CHECK: r0 = *(u64 *)(r1 + 8)
; CHECK: r{{[0-9]+}} = g ll
; CHECK: *(u64 *)(r{{[0-9]+}} + 8) = r0
define i64 @offsettable(ptr %p) {
  %m = getelementptr inbounds %struct.s, ptr %p, i64 0, i32 1
  %x = call i64 asm sideeffect "$0 = *(u64 *)$1", "=r,*o"(ptr elementtype(i64) %m)
  call void asm sideeffect "*(u64 *)$0 = $1", "=*o,r"(ptr elementtype(i64) getelementptr inbounds (%struct.s, ptr @g, i64 0, i32 1), i64 %x)
  ret i64 %x
}
