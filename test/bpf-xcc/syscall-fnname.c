// kprobe__NAME / kretprobe__NAME attach where BCC 0.26's _trace_autoload()
// attaches them: NAME goes through fix_syscall_fnname(), so a syscall entry
// point written with any architecture's prefix (sys_, __x64_sys_,
// __arm64_sys_, ...) becomes the target's own (__arm64_sys_clone on arm64,
// __x64_sys_clone on x86_64: both 6.1 trees have syscall wrappers); other
// functions keep their name. Attached in the guests by
// bcc-rewrites-in-guest.test.
// REQUIRES: kernel-arm64, kernel-x86_64
// RUN: bpf-xcc --arch arm64 --kernel %headers_arm64 %s -o %t.arm64.o
// RUN: llvm-readelf -S %t.arm64.o | FileCheck %s --check-prefix=ARM64
// RUN: bpf-xcc --arch x86_64 --kernel %headers_x86_64 %s -o %t.x86.o
// RUN: llvm-readelf -S %t.x86.o | FileCheck %s --check-prefix=X86
// RUN: llvm-objcopy --dump-section=.bpfd.target=%t.stamp %t.x86.o /dev/null
// RUN: FileCheck %s --check-prefix=STAMP < %t.stamp

// ARM64-DAG: ] kprobe/__arm64_sys_clone PROGBITS
// ARM64-DAG: ] kretprobe/__arm64_sys_clone PROGBITS
// ARM64-DAG: ] kprobe/__arm64_sys_getpid PROGBITS
// ARM64-DAG: ] kprobe/do_sys_openat2 PROGBITS
// ARM64-DAG: ] kprobe/vfs_read PROGBITS
// X86-DAG: ] kprobe/__x64_sys_clone PROGBITS
// X86-DAG: ] kretprobe/__x64_sys_clone PROGBITS
// X86-DAG: ] kprobe/__x64_sys_getpid PROGBITS
// X86-DAG: ] kprobe/do_sys_openat2 PROGBITS
// STAMP-DAG: attach=kprobe__sys_clone kprobe/__x64_sys_clone
// STAMP-DAG: attach=kretprobe__sys_clone kretprobe/__x64_sys_clone
// STAMP-DAG: attach=kprobe____arm64_sys_getpid kprobe/__x64_sys_getpid

#include <uapi/linux/ptrace.h>

BPF_HASH(calls, u32, u64);

int kprobe__sys_clone(struct pt_regs *ctx) {
  u32 k = 0;
  calls.increment(k);
  return 0;
}

int kretprobe__sys_clone(struct pt_regs *ctx) {
  u32 k = 1;
  calls.increment(k);
  return 0;
}

int kprobe____arm64_sys_getpid(struct pt_regs *ctx) {
  u32 k = 2;
  calls.increment(k);
  return 0;
}

// Not a syscall entry point: kept.
int kprobe__do_sys_openat2(struct pt_regs *ctx) {
  u32 k = 3;
  calls.increment(k);
  return 0;
}

int kprobe__vfs_read(struct pt_regs *ctx) { return 0; }
