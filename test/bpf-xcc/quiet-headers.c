// A program with no fault compiles in silence against both arches' kernel
// headers: the kernel flags define __HAVE_BUILTIN_BSWAP{16,32,64}__ empty,
// as x86's compiler-clang.h does under CONFIG_ARCH_USE_BUILTIN_BSWAP (defined
// as 1, every x86_64 compile printed three -Wmacro-redefined warnings).
// REQUIRES: kernel-arm64, kernel-x86_64
// RUN: bpf-xcc --arch x86_64 --kernel %headers_x86_64 %s -o %t.x86.o 2>&1 | count 0
// RUN: bpf-xcc --arch arm64 --kernel %headers_arm64 %s -o %t.arm64.o 2>&1 | count 0
// RUN: bpf-xcc -v --arch x86_64 --kernel %headers_x86_64 %s -o %t.x86.o 2>&1 | FileCheck %s
// CHECK: kernel flags: {{.*}} -D__HAVE_BUILTIN_BSWAP16__= -D__HAVE_BUILTIN_BSWAP32__= -D__HAVE_BUILTIN_BSWAP64__=
// CHECK-NOT: warning:

#include <uapi/linux/ptrace.h>

BPF_HASH(counts, u32, u64);

int kprobe__vfs_read(struct pt_regs *ctx) {
  u32 pid = bpf_get_current_pid_tgid() >> 32;
  counts.increment(pid);
  return 0;
}
