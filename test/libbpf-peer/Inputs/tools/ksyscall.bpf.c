// libbpf's syscall probes: ksyscall and kretsyscall on getppid
// (BPF_KSYSCALL, whose argument reading depends on the __kconfig extern
// LINUX_HAS_SYSCALL_WRAPPER that libbpf fills in).
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_tracing.h>

struct {
  __uint(type, BPF_MAP_TYPE_ARRAY);
  __type(key, u32);
  __type(value, u64);
  __uint(max_entries, 2);
} calls SEC(".maps");

static __always_inline void count(u32 which) {
  u64 *c = bpf_map_lookup_elem(&calls, &which);
  if (c)
    __sync_fetch_and_add(c, 1);
}

SEC("ksyscall/getppid")
int BPF_KSYSCALL(getppid_entry) {
  count(0);
  return 0;
}

SEC("kretsyscall/getppid")
int BPF_KRETPROBE(getppid_return, long ret) {
  count(1);
  return 0;
}

char LICENSE[] SEC("license") = "GPL";
