// bpf-xcc's architecture table agrees with BCC v0.26.0 + bcc-patches (0001)
// on the argument registers of 32-bit arm, riscv64, s390x and ppc64le, and
// both stop at the same parameter count. There are no Debian kernels for
// these here: Inputs/configured-tree.py makes a minimal configured O=
// folder for each over the 6.1 -common source tree (every arch's headers).
//
// Patched BCC, measured by hand on the same trees (throwaway C caller of
// bpf_module_compile_object(), flags DEBUG_PREPROCESSOR, ARCH=arm|riscv64|
// s390x|ppc64le, BCC_KERNEL_SOURCE=<tree>, under strace injecting EPERM into
// bpf/perf_event_open):
//   s390x   kprobe: gprs[2..6]; a 6th parameter: "too many arguments"
//           syscall (wrapper): __ctx = ctx->gprs[2]; orig_gpr2, gprs[3..7]
//           (gprs[7] since our fix of 0001: s390's syscall_wrapper.h passes
//           regs->gprs[7] as the 6th argument; functions get r2-r6 only)
//   riscv64 kprobe and syscall (6.1 has no riscv syscall wrapper): a0..a5
//   ppc64le kprobe: gpr[3..8]; syscall (wrapper): __ctx = ctx->gpr[3];
//           gpr[3..8]
//   arm     a 5th kprobe or syscall parameter: "too many arguments" (AAPCS:
//           r0-r3); syscall__ text: uregs[0..3]. BCC then fails on its own
//           helpers.h (__int128 is not supported on 32-bit arm).
//
// REQUIRES: kernel-arm64
// RUN: rm -rf %t && mkdir -p %t
// RUN: python3 %S/Inputs/configured-tree.py %headers_arm64 s390x %t/s390x
// RUN: python3 %S/Inputs/configured-tree.py %headers_arm64 riscv64 %t/riscv64
// RUN: python3 %S/Inputs/configured-tree.py %headers_arm64 ppc64le %t/ppc64le
// RUN: python3 %S/Inputs/configured-tree.py %headers_arm64 arm %t/arm
// RUN: bpf-xcc --arch s390x --kernel %t/s390x %s -o %t/s.o --emit-c | grep -v "^//" | FileCheck %s --check-prefix=S390
// RUN: bpf-xcc --arch riscv64 --kernel %t/riscv64 %s -o %t/r.o --emit-c | grep -v "^//" | FileCheck %s --check-prefix=RISCV
// RUN: bpf-xcc --arch ppc64le --kernel %t/ppc64le %s -o %t/p.o --emit-c | grep -v "^//" | FileCheck %s --check-prefix=PPC
// RUN: bpf-xcc --arch arm --kernel %t/arm -DFOUR %s -o %t/a.o --emit-c | grep -v "^//" | FileCheck %s --check-prefix=ARM
// RUN: not bpf-xcc --arch s390x --kernel %t/s390x -DSIXTH %s -o %t/s6.o 2>&1 | FileCheck %s --check-prefix=S390-SIX
// RUN: not bpf-xcc --arch arm --kernel %t/arm %s -o %t/a5.o 2>&1 | FileCheck %s --check-prefix=ARM-FIVE

#include <uapi/linux/ptrace.h>

// S390: int kprobe__vfs_read(struct pt_regs *ctx) { {{.*}}a1 = {{.*}}ctx->gprs[2];{{.*}}a2 = {{.*}}ctx->gprs[3];{{.*}}a3 = {{.*}}ctx->gprs[4];{{.*}}a4 = {{.*}}ctx->gprs[5];{{.*}}a5 = {{.*}}ctx->gprs[6];
// RISCV: int kprobe__vfs_read(struct pt_regs *ctx) { {{.*}}a1 = {{.*}}ctx->a0;{{.*}}a2 = {{.*}}ctx->a1;{{.*}}a3 = {{.*}}ctx->a2;{{.*}}a4 = {{.*}}ctx->a3;{{.*}}a5 = {{.*}}ctx->a4;
// PPC: int kprobe__vfs_read(struct pt_regs *ctx) { {{.*}}a1 = {{.*}}ctx->gpr[3];{{.*}}a2 = {{.*}}ctx->gpr[4];{{.*}}a3 = {{.*}}ctx->gpr[5];{{.*}}a4 = {{.*}}ctx->gpr[6];{{.*}}a5 = {{.*}}ctx->gpr[7];
// ARM: int kprobe__vfs_read(struct pt_regs *ctx) { {{.*}}a1 = {{.*}}ctx->uregs[0];{{.*}}a2 = {{.*}}ctx->uregs[1];{{.*}}a3 = {{.*}}ctx->uregs[2];{{.*}}a4 = {{.*}}ctx->uregs[3];
#if defined(SIXTH)
// S390-SIX: arg-registers-table.c:[[@LINE+1]]:{{[0-9]+}}: error: probe functions take at most 5 arguments after the context on s390x
int kprobe__vfs_read(struct pt_regs *ctx, long a1, long a2, long a3, long a4, long a5, long a6) {
  return 0;
}
#elif defined(FOUR)
int kprobe__vfs_read(struct pt_regs *ctx, long a1, long a2, long a3, long a4) {
  return 0;
}
#else
int kprobe__vfs_read(struct pt_regs *ctx, long a1, long a2, long a3, long a4, long a5) {
  return 0;
}
#endif

// S390: int syscall__execve(struct pt_regs *ctx) { {{.*}}a1 = {{.*}}ctx->gprs[2]{{.*}}->orig_gpr2{{.*}}a2 = {{.*}}->gprs[3]{{.*}}a3 = {{.*}}->gprs[4]{{.*}}a4 = {{.*}}->gprs[5]{{.*}}a5 = {{.*}}->gprs[6]{{.*}}a6 = {{.*}}->gprs[7]
// RISCV: int syscall__execve(struct pt_regs *ctx) { {{.*}}a1 = {{.*}}ctx->a0;{{.*}}a2 = {{.*}}ctx->a1;{{.*}}a3 = {{.*}}ctx->a2;{{.*}}a4 = {{.*}}ctx->a3;{{.*}}a5 = {{.*}}ctx->a4;{{.*}}a6 = {{.*}}ctx->a5;
// PPC: int syscall__execve(struct pt_regs *ctx) { {{.*}}a1 = {{.*}}ctx->gpr[3]{{.*}}->gpr[3]{{.*}}a2 = {{.*}}->gpr[4]{{.*}}a3 = {{.*}}->gpr[5]{{.*}}a4 = {{.*}}->gpr[6]{{.*}}a5 = {{.*}}->gpr[7]{{.*}}a6 = {{.*}}->gpr[8]
// ARM: int syscall__execve(struct pt_regs *ctx) { {{.*}}a1 = {{.*}}ctx->uregs[0];{{.*}}a2 = {{.*}}ctx->uregs[1];{{.*}}a3 = {{.*}}ctx->uregs[2];{{.*}}a4 = {{.*}}ctx->uregs[3];
#ifdef FOUR
int syscall__execve(struct pt_regs *ctx, long a1, long a2, long a3, long a4) {
  return 0;
}
#else
// ARM-FIVE: arg-registers-table.c:[[@LINE+1]]:{{[0-9]+}}: error: probe functions take at most 4 arguments after the context on arm
int syscall__execve(struct pt_regs *ctx, long a1, long a2, long a3, long a4, long a5, long a6) {
  return 0;
}
#endif
