// bpf-xcc agrees with BCC v0.26.0 + bcc-patches (0001) on the registers of
// the extra parameters of kprobe__ and syscall__ functions for arm64 and
// x86_64 (Debian 12's 6.1 headers, both with syscall wrappers).
//
// Patched BCC, measured by hand: bpf_module_compile_object() from a
// throwaway C caller with flags DEBUG_PREPROCESSOR (0x4, prints the rewritten
// text), ARCH=arm64|x86_64, BCC_KERNEL_SOURCE=<the same headers>, on this
// file's two functions, under strace injecting EPERM into bpf/perf_event_open
// (none was attempted). It printed:
//   arm64  kprobe:  ctx->regs[0] .. ctx->regs[5]
//          syscall: struct pt_regs *__ctx = (void *)ctx->regs[0];
//                   reads &__ctx->orig_x0, regs[1], regs[2], regs[3], regs[4], regs[5]
//   x86_64 kprobe:  ctx->di, si, dx, cx, r8, r9
//          syscall: __ctx = (void *)ctx->di; reads di, si, dx, r10, r8, r9
// The first arm64 syscall argument is orig_x0: the kernel's own
// syscall_get_arguments() reads it (arch/arm64/include/asm/syscall.h); the
// wrapper's regs[0] equals it on entry but is overwritten by the return value.
//
// REQUIRES: kernel-arm64, kernel-x86_64
// RUN: bpf-xcc --arch arm64 --kernel %headers_arm64 %s -o %t.arm64.o --emit-c | grep -v "^//" | FileCheck %s --check-prefix=ARM64
// RUN: bpf-xcc --arch x86_64 --kernel %headers_x86_64 %s -o %t.x86.o --emit-c | grep -v "^//" | FileCheck %s --check-prefix=X86
// The compiled arm64 code reads the first syscall argument at orig_x0's
// offset in struct pt_regs (31 regs + sp + pc + pstate = 272 = 0x110).
// RUN: bpf-xcc --arch arm64 --kernel %headers_arm64 %s -o %t.arm64.o
// RUN: llvm-objdump -d --no-show-raw-insn %t.arm64.o | FileCheck %s --check-prefix=ARM64CODE

#include <uapi/linux/ptrace.h>

BPF_HASH(seen, u64, u64);

// ARM64: int kprobe__vfs_read(struct pt_regs *ctx) { {{.*}}a1 = {{.*}}ctx->regs[0];{{.*}}a2 = {{.*}}ctx->regs[1];{{.*}}a3 = {{.*}}ctx->regs[2];{{.*}}a4 = {{.*}}ctx->regs[3];{{.*}}a5 = {{.*}}ctx->regs[4];{{.*}}a6 = {{.*}}ctx->regs[5];
// X86: int kprobe__vfs_read(struct pt_regs *ctx) { {{.*}}a1 = {{.*}}ctx->di;{{.*}}a2 = {{.*}}ctx->si;{{.*}}a3 = {{.*}}ctx->dx;{{.*}}a4 = {{.*}}ctx->cx;{{.*}}a5 = {{.*}}ctx->r8;{{.*}}a6 = {{.*}}ctx->r9;
int kprobe__vfs_read(struct pt_regs *ctx, long a1, long a2, long a3, long a4, long a5, long a6) {
  u64 k = a1 + a2 + a3 + a4 + a5 + a6;
  seen.increment(k);
  return 0;
}

// ARM64: int syscall__execve(struct pt_regs *ctx) { {{.*}}a1 = {{.*}}ctx->regs[0]{{.*}}->orig_x0{{.*}}a2 = {{.*}}ctx->regs[0]{{.*}}->regs[1]{{.*}}a3 = {{.*}}->regs[2]{{.*}}a4 = {{.*}}->regs[3]{{.*}}a5 = {{.*}}->regs[4]{{.*}}a6 = {{.*}}->regs[5]
// X86: int syscall__execve(struct pt_regs *ctx) { {{.*}}a1 = {{.*}}ctx->di{{.*}}->di{{.*}}a2 = {{.*}}ctx->di{{.*}}->si{{.*}}a3 = {{.*}}->dx{{.*}}a4 = {{.*}}->r10{{.*}}a5 = {{.*}}->r8{{.*}}a6 = {{.*}}->r9
// ARM64CODE-LABEL: <syscall__execve>:
// ARM64CODE: += 0x110
// ARM64CODE: call 0x71
int syscall__execve(struct pt_regs *ctx, long a1, long a2, long a3, long a4, long a5, long a6) {
  u64 k = a1;
  u64 v = a6;
  seen.update(&k, &v);
  return 0;
}
