// __kconfig externs libbpf fills in itself: LINUX_KERNEL_VERSION (from
// uname) and LINUX_HAS_SYSCALL_WRAPPER, copied into .bss by a kprobe. (A
// CONFIG_ option, even __weak, makes libbpf read the kernel's
// configuration, which the guests do not have: Debian's kernels have no
// /proc/config.gz and the guest no /boot; libbpf refuses the object.)
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_tracing.h>

extern unsigned int LINUX_KERNEL_VERSION __kconfig;
extern bool LINUX_HAS_SYSCALL_WRAPPER __kconfig;

u64 version;
u64 wrapper;

SEC("kprobe/__sys_bpf")
int BPF_KPROBE(bpf_call) {
  version = LINUX_KERNEL_VERSION;
  wrapper = LINUX_HAS_SYSCALL_WRAPPER;
  return 0;
}

char LICENSE[] SEC("license") = "GPL";
