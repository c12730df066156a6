// KFUNC_PROBE / KRETFUNC_PROBE per BCC release: 0.26 names the functions
// kfunc__FN / kretfunc__FN; 0.28 and later kfunc__vmlinux__FN (helpers.h),
// and their loader reads kfunc__MOD__FN. Both get libbpf's fentry/FN,
// fexit/FN. The default release is 0.26.0.
// REQUIRES: kernel-arm64
// RUN: bpf-xcc --arch arm64 --kernel %headers_arm64 %s -o %t.26.o
// RUN: llvm-readelf -sS %t.26.o | FileCheck %s --check-prefix=B026
// RUN: bpf-xcc --bcc-version 0.26.0 --arch arm64 --kernel %headers_arm64 %s -o %t.26e.o
// RUN: cmp %t.26.o %t.26e.o
// RUN: bpf-xcc --bcc-version 0.27.0 --arch arm64 --kernel %headers_arm64 %s -o %t.27.o
// RUN: cmp %t.26.o %t.27.o
// RUN: bpf-xcc --bcc-version 0.28.0 --arch arm64 --kernel %headers_arm64 %s -o %t.28.o
// RUN: llvm-readelf -sS %t.28.o | FileCheck %s --check-prefix=B028
// RUN: bpf-xcc --bcc-version 0.37.0 --arch arm64 --kernel %headers_arm64 %s -o %t.37.o
// RUN: llvm-readelf -sS %t.37.o | FileCheck %s --check-prefix=B028
// RUN: llvm-objcopy --dump-section=.bpfd.target=%t.stamp %t.37.o /dev/null
// RUN: FileCheck %s --check-prefix=STAMP < %t.stamp

#include <linux/fs.h>

// B026-DAG: ] fentry/vfs_read PROGBITS
// B026-DAG: ] fexit/vfs_write PROGBITS
// B026-DAG: FUNC GLOBAL DEFAULT {{[0-9]+}} kfunc__vfs_read
// B026-DAG: FUNC GLOBAL DEFAULT {{[0-9]+}} kretfunc__vfs_write
// B028-DAG: ] fentry/vfs_read PROGBITS
// B028-DAG: ] fexit/vfs_write PROGBITS
// B028-DAG: FUNC GLOBAL DEFAULT {{[0-9]+}} kfunc__vmlinux__vfs_read
// B028-DAG: FUNC GLOBAL DEFAULT {{[0-9]+}} kretfunc__vmlinux__vfs_write
// STAMP-DAG: attach=kfunc__vmlinux__vfs_read fentry/vfs_read
// STAMP-DAG: attach=kretfunc__vmlinux__vfs_write fexit/vfs_write
KFUNC_PROBE(vfs_read, struct file *file) {
  return 0;
}
KRETFUNC_PROBE(vfs_write, struct file *file, const char *buf, size_t count,
               long long *pos, long ret) {
  return 0;
}
