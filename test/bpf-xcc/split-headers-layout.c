// Debian's split headers: the -ARCH tree holds .config and the generated
// headers, the -common sibling the sources; -v shows both and the flags in
// the kernel's include order, with __TARGET_ARCH_<arch>.
// REQUIRES: kernel-arm64, kernel-x86_64
// RUN: bpf-xcc -v --arch arm64 --kernel %headers_arm64 %s -o %t.o 2>&1 | FileCheck %s --check-prefix=ARM64 -DRELEASE=%kernel_release_arm64 -DABI=%kernel_abi_arm64 -DCODE=%kernel_version_code_arm64
// ARM64: bpf-xcc: arch arm64 (aarch64-linux-gnu -> bpfel), kernel [[RELEASE]] (LINUX_VERSION_CODE [[CODE]])
// ARM64: bpf-xcc: source tree {{.*}}/linux-headers-[[ABI]]-common
// ARM64: bpf-xcc: build tree  {{.*}}/linux-headers-[[RELEASE]]
// ARM64: kernel flags: -I{{.*}}-common/arch/arm64/include -I{{.*}}-arm64/arch/arm64/include/generated -I{{.*}}-common/include -I{{.*}}-arm64/include -I{{.*}}-common/arch/arm64/include/uapi -I{{.*}}-arm64/arch/arm64/include/generated/uapi -I{{.*}}-common/include/uapi -I{{.*}}-arm64/include/generated/uapi -include {{.*}}-common/include/linux/kconfig.h -D__KERNEL__ {{.*}} -D__TARGET_ARCH_arm64
// ARM64: bpf-xcc: clang (analysis pass): -cc1 -triple aarch64-linux-gnu
// ARM64: bpf-xcc: clang (code pass): -cc1 -triple aarch64-linux-gnu
// RUN: bpf-xcc -v --arch x86_64 --kernel %headers_x86_64 %s -o %t.o 2>&1 | FileCheck %s --check-prefix=X86 -DRELEASE=%kernel_release_x86_64
// X86: (x86_64-linux-gnu -> bpfel), kernel [[RELEASE]]
// X86: -D__TARGET_ARCH_x86
// X86: clang (code pass): -cc1 -triple x86_64-linux-gnu

int kprobe__vfs_read(void *ctx) { return 0; }
