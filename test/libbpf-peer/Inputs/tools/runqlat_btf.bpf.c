// runqlat-style: BTF-typed raw tracepoints on sched_wakeup,
// sched_wakeup_new and sched_switch (tp_btf), the wakeup time by pid in a
// hash map, a log2 histogram of run queue latencies.
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_tracing.h>

#define SLOTS 32

struct {
  __uint(type, BPF_MAP_TYPE_HASH);
  __type(key, u32);
  __type(value, u64);
  __uint(max_entries, 4096);
} start SEC(".maps");

struct {
  __uint(type, BPF_MAP_TYPE_ARRAY);
  __type(key, u32);
  __type(value, u64);
  __uint(max_entries, SLOTS);
} hist SEC(".maps");

static __always_inline int enqueued(struct task_struct *p) {
  u32 pid = p->pid;
  u64 ts = bpf_ktime_get_ns();
  if (pid)
    bpf_map_update_elem(&start, &pid, &ts, BPF_ANY);
  return 0;
}

SEC("tp_btf/sched_wakeup")
int BPF_PROG(on_wakeup, struct task_struct *p) { return enqueued(p); }

SEC("tp_btf/sched_wakeup_new")
int BPF_PROG(on_wakeup_new, struct task_struct *p) { return enqueued(p); }

SEC("tp_btf/sched_switch")
int BPF_PROG(on_switch, bool preempt, struct task_struct *prev, struct task_struct *next) {
  u32 pid = next->pid;
  u64 *ts = bpf_map_lookup_elem(&start, &pid);
  if (!ts)
    return 0;
  u64 delta = (bpf_ktime_get_ns() - *ts) / 1000;
  u32 slot = 0;
  for (int i = 0; i < SLOTS - 1 && delta > 1; ++i) {
    delta >>= 1;
    ++slot;
  }
  u64 *count = bpf_map_lookup_elem(&hist, &slot);
  if (count)
    __sync_fetch_and_add(count, 1);
  bpf_map_delete_elem(&start, &pid);
  return 0;
}

char LICENSE[] SEC("license") = "GPL";
