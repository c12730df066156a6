// syscount-style: raw tracepoints on sys_enter and sys_exit (raw_tp,
// BPF_PROG's untyped arguments), counts by syscall number in an LRU hash
// map, a per-CPU array of totals.
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_tracing.h>

struct {
  __uint(type, BPF_MAP_TYPE_LRU_HASH);
  __type(key, u32);
  __type(value, u64);
  __uint(max_entries, 512);
} counts SEC(".maps");

struct {
  __uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
  __type(key, u32);
  __type(value, u64);
  __uint(max_entries, 2);
} totals SEC(".maps");

static __always_inline void total(u32 which) {
  u64 *t = bpf_map_lookup_elem(&totals, &which);
  if (t)
    *t += 1;
}

SEC("raw_tp/sys_enter")
int BPF_PROG(on_enter, struct pt_regs *regs, long id) {
  u32 key = id;
  u64 one = 1, *count = bpf_map_lookup_elem(&counts, &key);
  if (count)
    __sync_fetch_and_add(count, 1);
  else
    bpf_map_update_elem(&counts, &key, &one, BPF_NOEXIST);
  total(0);
  return 0;
}

SEC("raw_tp/sys_exit")
int BPF_PROG(on_exit, struct pt_regs *regs, long ret) {
  total(1);
  return 0;
}

char LICENSE[] SEC("license") = "GPL";
