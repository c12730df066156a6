// __ksym externs: a typed per-CPU kernel variable (bpf_prog_active,
// through bpf_this_cpu_ptr: its BTF id resolved by the loader) and an
// untyped one (vfs_read: its address from kallsyms), in a kprobe.
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_tracing.h>

extern const int bpf_prog_active __ksym;
extern const void vfs_read __ksym;

u64 active;
u64 read_address;

SEC("kprobe/__sys_bpf")
int BPF_KPROBE(bpf_call) {
  const int *a = bpf_this_cpu_ptr(&bpf_prog_active);
  active = *a;
  read_address = (u64)&vfs_read;
  return 0;
}

char LICENSE[] SEC("license") = "GPL";
