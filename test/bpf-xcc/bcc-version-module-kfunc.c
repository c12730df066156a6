// MODULE_KFUNC_PROBE / MODULE_KRETFUNC_PROBE (BCC 0.28): kfunc__MOD__FN, a
// function of module MOD, gets libbpf's section fentry/MOD:FN; a hand-named
// kfunc__vmlinux__FN is vmlinux's fentry/FN. Before 0.28 the macros do not
// exist (the program does not compile), and kfunc__vmlinux__FN still names
// fentry/FN (bpf-xcc's reading for 0.26).
// REQUIRES: kernel-arm64
// RUN: bpf-xcc --bcc-version 0.28.0 --arch arm64 --kernel %headers_arm64 %s -o %t.o
// RUN: llvm-readelf -sS %t.o | FileCheck %s
// RUN: llvm-objcopy --dump-section=.bpfd.target=%t.stamp %t.o /dev/null
// RUN: FileCheck %s --check-prefix=STAMP < %t.stamp
// RUN: not bpf-xcc --arch arm64 --kernel %headers_arm64 %s -o %t.26.o 2>&1 | FileCheck %s --check-prefix=B026

#include <linux/fs.h>

// CHECK-DAG: ] fentry/ext4:ext4_file_open PROGBITS
// CHECK-DAG: ] fexit/xfs:xfs_file_read_iter PROGBITS
// CHECK-DAG: ] fentry/vfs_open PROGBITS
// CHECK-DAG: FUNC GLOBAL DEFAULT {{[0-9]+}} kfunc__ext4__ext4_file_open
// CHECK-DAG: FUNC GLOBAL DEFAULT {{[0-9]+}} kretfunc__xfs__xfs_file_read_iter
// STAMP-DAG: attach=kfunc__ext4__ext4_file_open fentry/ext4:ext4_file_open
// STAMP-DAG: attach=kretfunc__xfs__xfs_file_read_iter fexit/xfs:xfs_file_read_iter
// STAMP-DAG: attach=kfunc__vmlinux__vfs_open fentry/vfs_open
// B026: bcc-version-module-kfunc.c:[[@LINE+1]]:{{[0-9]+}}: error:
MODULE_KFUNC_PROBE(ext4, ext4_file_open, struct inode *inode, struct file *filp) {
  return 0;
}
MODULE_KRETFUNC_PROBE(xfs, xfs_file_read_iter, void *iocb, void *to, long ret) {
  return 0;
}
int kfunc__vmlinux__vfs_open(unsigned long long *ctx) { return 0; }
