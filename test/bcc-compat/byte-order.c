// bpf-xcc writes objects in the target's byte order, as BCC v0.26.0 +
// bcc-patches (0003) does: bpfeb for s390x, bpfel for the others, whatever
// the host (x86_64, little endian).
//
// Patched BCC, measured by hand: objects written by its offline mode
// (bpf_module_compile_object() from a throwaway C caller, ARCH=arm64|x86_64|
// riscv64|s390x|ppc64le, BCC_KERNEL_SOURCE=the Debian headers or the
// Inputs/configured-tree.py trees, a syscall__ program) read with
// llvm-readelf -h: "2's complement, big endian" for s390x, "little endian"
// for the others, Machine EM_BPF each. 32-bit arm: BCC cannot compile (its
// helpers.h uses __int128); the arm triple's byte order is little endian.
//
// REQUIRES: kernel-arm64, kernel-x86_64
// RUN: rm -rf %t && mkdir -p %t
// RUN: python3 %S/Inputs/configured-tree.py %headers_arm64 s390x %t/s390x
// RUN: python3 %S/Inputs/configured-tree.py %headers_arm64 riscv64 %t/riscv64
// RUN: python3 %S/Inputs/configured-tree.py %headers_arm64 ppc64le %t/ppc64le
// RUN: python3 %S/Inputs/configured-tree.py %headers_arm64 arm %t/arm
// RUN: bpf-xcc --arch s390x --kernel %t/s390x %s -o %t/s390x.o
// RUN: llvm-readelf -h %t/s390x.o | FileCheck %s --check-prefix=BIG
// RUN: bpf-xcc --arch arm64 --kernel %headers_arm64 %s -o %t/arm64.o
// RUN: llvm-readelf -h %t/arm64.o | FileCheck %s --check-prefix=LITTLE
// RUN: bpf-xcc --arch x86_64 --kernel %headers_x86_64 %s -o %t/x86_64.o
// RUN: llvm-readelf -h %t/x86_64.o | FileCheck %s --check-prefix=LITTLE
// RUN: bpf-xcc --arch riscv64 --kernel %t/riscv64 %s -o %t/riscv64.o
// RUN: llvm-readelf -h %t/riscv64.o | FileCheck %s --check-prefix=LITTLE
// RUN: bpf-xcc --arch ppc64le --kernel %t/ppc64le %s -o %t/ppc64le.o
// RUN: llvm-readelf -h %t/ppc64le.o | FileCheck %s --check-prefix=LITTLE
// RUN: bpf-xcc --arch arm --kernel %t/arm %s -o %t/arm.o
// RUN: llvm-readelf -h %t/arm.o | FileCheck %s --check-prefix=LITTLE
// The -v line names the BPF triple too.
// RUN: bpf-xcc -v --arch s390x --kernel %t/s390x %s -o %t/s390x.o 2>&1 | FileCheck %s --check-prefix=VERBOSE

// BIG: Data: 2's complement, big endian
// BIG: Machine: EM_BPF
// LITTLE: Data: 2's complement, little endian
// LITTLE: Machine: EM_BPF
// VERBOSE: bpf-xcc: arch s390x (s390x-linux-gnu -> bpfeb)

#include <uapi/linux/ptrace.h>

BPF_HASH(seen, u64, u64);

int syscall__execve(struct pt_regs *ctx, long filename) {
  u64 k = filename;
  seen.increment(k);
  return 0;
}
