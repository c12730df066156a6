// A missing or unconfigured kernel tree, or a tree of another architecture,
// is a clear error.
// REQUIRES: kernel-arm64
// RUN: not bpf-xcc --arch arm64 --kernel %t.none %s -o %t.o 2>&1 | FileCheck %s --check-prefix=MISSING
// MISSING: error: kernel tree '{{.*}}.none': no such directory
// RUN: rm -rf %t.src && mkdir -p %t.src/include/linux
// RUN: not bpf-xcc --arch arm64 --kernel %t.src %s -o %t.o 2>&1 | FileCheck %s --check-prefix=UNCONFIGURED
// UNCONFIGURED: error: kernel tree '{{.*}}.src': not a configured kernel tree (needs .config and include/generated
// RUN: not bpf-xcc --arch x86_64 --kernel %headers_arm64 %s -o %t.o 2>&1 | FileCheck %s --check-prefix=OTHER
// OTHER: error: kernel tree '{{.*}}': has no arch/x86/include/generated: configured for another architecture than x86_64?
// RUN: env -u BCC_KERNEL_SOURCE not bpf-xcc --arch arm64 %s -o %t.o 2>&1 | FileCheck %s --check-prefix=NOTREE
// NOTREE: error: no kernel tree: give --kernel or set BCC_KERNEL_SOURCE

int kprobe__vfs_read(void *ctx) { return 0; }
