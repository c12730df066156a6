// The target's LINUX_VERSION_CODE reaches the program (#if LINUX_VERSION_CODE,
// KERNEL_VERSION, LINUX_VERSION_{MAJOR,PATCHLEVEL,SUBLEVEL}) and the `version`
// section, as BCC_LINUX_VERSION_CODE does in patched BCC (bcc-patches 0006):
// from $BCC_LINUX_VERSION_CODE, else the profile's version_code, else the
// tree's version.h.
// REQUIRES: kernel-arm64
// RUN: sed '1a version_code 327680' %S/Inputs/profile-arm64.txt > %t.profile
// RUN: bpf-xcc -v --arch arm64 --kernel %headers_arm64 --profile %t.profile %s -o %t.o 2>&1 | FileCheck %s --check-prefix=VERBOSE
// RUN: llvm-readelf -S %t.o | FileCheck %s --check-prefix=OLD
// RUN: llvm-readelf -x version %t.o | FileCheck %s --check-prefix=OLDVERSION
// The tree's own code, whatever the fetched ABI (a fixed sublevel here broke
// the suite on an older kernel: testing.md):
// RUN: bpf-xcc --arch arm64 --kernel %headers_arm64 -DTREE_CODE=%kernel_version_code_arm64 %s -o %t.tree.o
// RUN: llvm-readelf -S %t.tree.o | FileCheck %s --check-prefix=NEW
// RUN: llvm-readelf -x version %t.tree.o | FileCheck %s --check-prefix=TREEVERSION -DLE32=%kernel_version_le32_arm64
// RUN: env BCC_LINUX_VERSION_CODE=0x50a00 bpf-xcc --arch arm64 --kernel %headers_arm64 --profile %t.profile %s -o %t.env.o
// RUN: llvm-readelf -x version %t.env.o | FileCheck %s --check-prefix=ENVVERSION
// RUN: not env BCC_LINUX_VERSION_CODE=6.1 bpf-xcc --arch arm64 --kernel %headers_arm64 %s -o %t.bad.o 2>&1 | FileCheck %s --check-prefix=BAD

// VERBOSE: bpf-xcc: LINUX_VERSION_CODE 327680 from the profile {{.*}}.profile
// OLD: ] kprobe/old_kernel_fn PROGBITS
// OLD-NOT: new_kernel_fn
// 327680 = 0x00050000, little endian
// OLDVERSION: 0x00000000 00000500
// NEW: ] kprobe/new_kernel_fn PROGBITS
// The tree's LINUX_VERSION_CODE as a little-endian word
// TREEVERSION: 0x00000000 [[LE32]]
// ENVVERSION: 0x00000000 000a0500
// BAD: error: BCC_LINUX_VERSION_CODE='6.1' is not a kernel version code

#include <linux/version.h>

#if defined(TREE_CODE) && LINUX_VERSION_CODE == TREE_CODE && LINUX_VERSION_MAJOR == 6 && \
    LINUX_VERSION_PATCHLEVEL == 1 && (LINUX_VERSION_SUBLEVEL > 255 ? 255 : LINUX_VERSION_SUBLEVEL) == (TREE_CODE & 255)
int kprobe__new_kernel_fn(struct pt_regs *ctx) { return 0; }
#elif LINUX_VERSION_CODE == KERNEL_VERSION(5, 0, 0) && LINUX_VERSION_MAJOR == 5 && \
    LINUX_VERSION_SUBLEVEL == 0
int kprobe__old_kernel_fn(struct pt_regs *ctx) { return 0; }
#else
int kprobe__neither(struct pt_regs *ctx) { return 0; }
#endif
