// A kprobe function's extra parameters: BCC 0.26 reads every one (a
// syscall__ parameter with a bpf_probe_read_kernel each); 0.28 and later
// ("rewriter: Init only the requested parameters") only those the body
// uses. A parameter named only in sizeof is declared, unread.
// REQUIRES: kernel-arm64
// RUN: bpf-xcc --arch arm64 --kernel %headers_arm64 %s -o %t.o --emit-c | grep -v "^//" | FileCheck %s --check-prefix=B026
// RUN: bpf-xcc --bcc-version 0.28.0 --arch arm64 --kernel %headers_arm64 %s -o %t.o --emit-c | grep -v "^//" | FileCheck %s --check-prefix=B028
// RUN: bpf-xcc --arch arm64 --kernel %headers_arm64 %s -o %t.26.o
// RUN: bpf-xcc --bcc-version 0.37.0 --arch arm64 --kernel %headers_arm64 %s -o %t.37.o
// RUN: llvm-objdump -d --no-show-raw-insn %t.26.o | FileCheck %s --check-prefix=CODE026
// RUN: llvm-objdump -d --no-show-raw-insn %t.37.o | FileCheck %s --check-prefix=CODE037

#include <uapi/linux/ptrace.h>

BPF_HASH(seen, u64, u64);

// B026-LABEL: int syscall__openat(struct pt_regs *ctx) {
// B026-SAME: int dfd = ({ u64 __v = 0; bpf_probe_read_kernel(
// B026-SAME: const char *filename = ({ u64 __v = 0; bpf_probe_read_kernel(
// B026-SAME: int flags = ({ u64 __v = 0; bpf_probe_read_kernel(
// B028-LABEL: int syscall__openat(struct pt_regs *ctx) {
// B028-NOT: int dfd
// B028-SAME: const char *filename;
// B028-SAME: int flags = ({ u64 __v = 0; bpf_probe_read_kernel(
// B028-NOT: dfd
// CODE026-LABEL: <syscall__openat>:
// CODE026-COUNT-3: call 0x71
// CODE026-NOT: call 0x71
// CODE037-LABEL: <syscall__openat>:
// CODE037-COUNT-1: call 0x71
// CODE037-NOT: call 0x71
int syscall__openat(struct pt_regs *ctx, int dfd, const char *filename, int flags) {
  u64 k = flags, v = sizeof(filename);
  seen.update(&k, &v);
  return 0;
}

// B026-LABEL: int kprobe__vfs_read(struct pt_regs *ctx) {
// B026-SAME: void *file = (__typeof__(file))ctx->regs[0];
// B026-SAME: char *buf = (__typeof__(buf))ctx->regs[1];
// B028-LABEL: int kprobe__vfs_read(struct pt_regs *ctx) {
// B028-NOT: file
// B028-SAME: char *buf = (__typeof__(buf))ctx->regs[1];
int kprobe__vfs_read(struct pt_regs *ctx, void *file, char *buf) {
  u64 k = (u64)buf, v = 1;
  seen.update(&k, &v);
  return 0;
}
