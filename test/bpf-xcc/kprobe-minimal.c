// A kprobe__ function compiles for arm64 into its own section with the
// license, version and target stamp sections and BTF.
// REQUIRES: kernel-arm64
// RUN: bpf-xcc --arch arm64 --kernel %headers_arm64 %s -o %t.o
// RUN: llvm-readelf -S %t.o | FileCheck %s --check-prefix=SECTIONS
// RUN: llvm-readelf -h %t.o | FileCheck %s --check-prefix=HEADER
// RUN: llvm-objcopy --dump-section=.bpfd.target=%t.stamp %t.o /dev/null
// RUN: FileCheck %s --check-prefix=STAMP -DRELEASE=%kernel_release_arm64 -DCODE=%kernel_version_code_arm64 < %t.stamp
// RUN: llvm-objdump -d %t.o | FileCheck %s --check-prefix=CODE

// SECTIONS-DAG: ] kprobe/do_sys_openat2 PROGBITS {{.*}} AX
// SECTIONS-DAG: ] license PROGBITS {{.*}} WA
// SECTIONS-DAG: ] version PROGBITS {{.*}} WA
// The stamp is non-alloc: no flags.
// SECTIONS-DAG: ] .bpfd.target PROGBITS {{[0-9a-f]+}} {{[0-9a-f]+}} {{[0-9a-f]+}} 00 0 0 1
// SECTIONS-DAG: ] .BTF PROGBITS
// SECTIONS-DAG: ] .BTF.ext PROGBITS
// HEADER: Machine: EM_BPF
// STAMP: arch=arm64
// STAMP: kernel=[[RELEASE]]
// STAMP: version_code=[[CODE]]
// STAMP: producer=bpf-xcc
// STAMP: attach=kprobe__do_sys_openat2 kprobe/do_sys_openat2
// CODE: <kprobe__do_sys_openat2>:
// CODE: call 0xe
// CODE: exit

#include <uapi/linux/ptrace.h>

int kprobe__do_sys_openat2(struct pt_regs *ctx) {
  u64 id = bpf_get_current_pid_tgid();
  return id >> 32 == 1;
}
