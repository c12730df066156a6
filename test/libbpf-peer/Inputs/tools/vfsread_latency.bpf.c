// biolatency-style: a kprobe and a kretprobe on vfs_read (BPF_KPROBE,
// BPF_KRETPROBE), start times by thread in a hash map, a log2 histogram of
// the latencies in an array.
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_tracing.h>

#define SLOTS 32

struct {
  __uint(type, BPF_MAP_TYPE_HASH);
  __type(key, u32);
  __type(value, u64);
  __uint(max_entries, 1024);
} start SEC(".maps");

struct {
  __uint(type, BPF_MAP_TYPE_ARRAY);
  __type(key, u32);
  __type(value, u64);
  __uint(max_entries, SLOTS);
} hist SEC(".maps");

static __always_inline u32 log2l(u64 v) {
  u32 r = 0;
  for (int i = 0; i < 63 && v > 1; ++i) {
    v >>= 1;
    ++r;
  }
  return r;
}

SEC("kprobe/vfs_read")
int BPF_KPROBE(read_entry, struct file *file, char *buf, unsigned long count) {
  u32 tid = (u32)bpf_get_current_pid_tgid();
  u64 ts = bpf_ktime_get_ns();
  bpf_map_update_elem(&start, &tid, &ts, BPF_ANY);
  return 0;
}

SEC("kretprobe/vfs_read")
int BPF_KRETPROBE(read_return, long ret) {
  u32 tid = (u32)bpf_get_current_pid_tgid();
  u64 *ts = bpf_map_lookup_elem(&start, &tid);
  if (!ts)
    return 0;
  u32 slot = log2l((bpf_ktime_get_ns() - *ts) / 1000);
  if (slot >= SLOTS)
    slot = SLOTS - 1;
  u64 *count = bpf_map_lookup_elem(&hist, &slot);
  if (count)
    __sync_fetch_and_add(count, 1);
  bpf_map_delete_elem(&start, &tid);
  return 0;
}

char LICENSE[] SEC("license") = "GPL";
