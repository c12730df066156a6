; Memory constraints with no BPF addressing mode ("V", "<", ">") are an
; error at the asm statement, naming the function, and compilation goes on
; to report every one. The stock backend aborted at the first with "Could
; not match memory address.  Inline asm failure!" and no location.
; XFAIL: stock-tools
;
; RUN: not llc -march=bpfel -filetype=asm -o /dev/null %s 2>&1 | FileCheck %s
; RUN: not llc -march=bpfeb -filetype=obj -o /dev/null %s 2>&1 | FileCheck %s

; CHECK-NOT: Could not match memory address
; CHECK: error: in function 'bad_v': this memory constraint is not supported by the BPF target; use "m" (a register plus an offset)
; CHECK: error: in function 'bad_lt': this memory constraint is not supported by the BPF target
; CHECK: error: in function 'bad_gt': this memory constraint is not supported by the BPF target
; CHECK-NOT: PLEASE submit a bug report

define i64 @bad_v(ptr %p) {
  %x = call i64 asm sideeffect "$0 = *(u64 *)$1", "=r,*V"(ptr elementtype(i64) %p), !srcloc !0
  ret i64 %x
}

define i64 @bad_lt(ptr %p) {
  %x = call i64 asm sideeffect "$0 = *(u64 *)$1", "=r,*<"(ptr elementtype(i64) %p), !srcloc !1
  ret i64 %x
}

define i64 @bad_gt(ptr %p) {
  %x = call i64 asm sideeffect "$0 = *(u64 *)$1", "=r,*>"(ptr elementtype(i64) %p), !srcloc !2
  ret i64 %x
}

!0 = !{i64 100}
!1 = !{i64 200}
!2 = !{i64 300}
