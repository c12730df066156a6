// bpf-xcc agrees with BCC v0.26.0 + bcc-patches (0002, 0003, 0005) on the kernel
// flags for Debian's split headers: the kernel Makefile's LINUXINCLUDE/USERINCLUDE order
// (source tree -common, build tree -ARCH), kconfig.h from the source tree,
// __TARGET_ARCH_ in the kernel/libbpf spelling, and the BPF byte order. Patched BCC prints
// the same list with BCC_KBUILD_DEBUG=1 (recorded in bcc-patches/README.md).
// REQUIRES: kernel-arm64, kernel-x86_64
// RUN: bpf-xcc -v --arch aarch64 --kernel %headers_arm64 %s -o %t.arm64.o 2>&1 | FileCheck %s --check-prefix=ARM64
// RUN: bpf-xcc -v --arch x86_64 --kernel %headers_x86_64 %s -o %t.x86.o 2>&1 | FileCheck %s --check-prefix=X86

// ARM64: bpf-xcc: arch arm64 (aarch64-linux-gnu -> bpfel)
// ARM64: kernel flags: -I{{[^ ]*}}-common/arch/arm64/include -I{{[^ ]*}}-arm64/arch/arm64/include/generated -I{{[^ ]*}}-common/include -I{{[^ ]*}}-arm64/include -I{{[^ ]*}}-common/arch/arm64/include/uapi -I{{[^ ]*}}-arm64/arch/arm64/include/generated/uapi -I{{[^ ]*}}-common/include/uapi -I{{[^ ]*}}-arm64/include/generated/uapi -include {{[^ ]*}}-common/include/linux/kconfig.h -D__KERNEL__ -DKBUILD_MODNAME="bcc"
// ARM64-SAME: -D__TARGET_ARCH_arm64
// ARM64-NOT: __TARGET_ARCH_x86

// X86: bpf-xcc: arch x86_64 (x86_64-linux-gnu -> bpfel)
// X86: kernel flags: -I{{[^ ]*}}-common/arch/x86/include -I{{[^ ]*}}-amd64/arch/x86/include/generated -I{{[^ ]*}}-common/include -I{{[^ ]*}}-amd64/include -I{{[^ ]*}}-common/arch/x86/include/uapi -I{{[^ ]*}}-amd64/arch/x86/include/generated/uapi -I{{[^ ]*}}-common/include/uapi -I{{[^ ]*}}-amd64/include/generated/uapi -include {{[^ ]*}}-common/include/linux/kconfig.h -D__KERNEL__ -DKBUILD_MODNAME="bcc"
// X86-SAME: -D__TARGET_ARCH_x86

int kprobe__vfs_read(struct pt_regs *ctx) { return 0; }
