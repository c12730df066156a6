// A BTF-typed raw tracepoint (tp_btf/sched_switch): BPF_PROG gives the
// tracepoint's typed arguments, prev and next read directly (BTF pointers,
// their field offsets relocated against the guest's BTF). Runs on every
// context switch after the attach. Slots of `results` (u32 -> u64), the
// same in every run:
//   0: a switch was seen: 1
//   1: prev->pid == bpf_get_current_pid_tgid's pid (prev is current): 1
//   2: prev != next: 1
//   3: next->__state is TASK_RUNNING (0): 1
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_tracing.h>

struct {
  __uint(type, BPF_MAP_TYPE_ARRAY);
  __type(key, u32);
  __type(value, u64);
  __uint(max_entries, 4);
} results SEC(".maps");

static __always_inline void put(u32 key, u64 value) {
  u64 *slot = bpf_map_lookup_elem(&results, &key);
  if (slot)
    *slot = value;
}

SEC("tp_btf/sched_switch")
int BPF_PROG(on_switch, bool preempt, struct task_struct *prev, struct task_struct *next) {
  u64 id = bpf_get_current_pid_tgid();
  put(0, 1);
  put(1, prev->pid == (u32)id);
  put(2, prev != next);
  put(3, next->__state == 0);
  return 0;
}

char LICENSE[] SEC("license") = "GPL";
