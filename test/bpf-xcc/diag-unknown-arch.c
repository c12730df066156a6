// An unknown ARCH is an error (BCC silently falls back to x86); aarch64 is
// arm64; ARCH and BCC_KERNEL_SOURCE come from the environment.
// REQUIRES: kernel-arm64
// RUN: not bpf-xcc --arch mips --kernel %headers_arm64 %s -o %t.o 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// UNKNOWN: error: unknown architecture 'mips' (known: arm64, x86_64, arm, riscv64, s390x, ppc64le, aarch64)
// RUN: env ARCH=aarch64 BCC_KERNEL_SOURCE=%headers_arm64 bpf-xcc %s -o %t.o
// RUN: llvm-objcopy --dump-section=.bpfd.target=%t.stamp %t.o /dev/null
// RUN: FileCheck %s --check-prefix=STAMP < %t.stamp
// STAMP: arch=arm64
// RUN: env -u ARCH not bpf-xcc --kernel %headers_arm64 %s -o %t.o 2>&1 | FileCheck %s --check-prefix=NOARCH
// NOARCH: error: no target architecture: give --arch or set ARCH

int kprobe__vfs_read(void *ctx) { return 0; }
