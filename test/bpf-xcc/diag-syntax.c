// Errors in the program are reported clang-style at file:line:col.
// REQUIRES: kernel-arm64
// RUN: not bpf-xcc --arch arm64 --kernel %headers_arm64 %s -o %t.o 2>&1 | FileCheck %s
// CHECK: diag-syntax.c:[[@LINE+3]]:15: error: use of undeclared identifier 'nosuchvar'
// CHECK-NOT: error:
int kprobe__vfs_read(void *ctx) {
  u64 x = 1 + nosuchvar;
  return x;
}
