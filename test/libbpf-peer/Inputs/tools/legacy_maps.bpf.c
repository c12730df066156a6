// A map in the legacy SEC("maps") form (struct bpf_map_def), which libbpf
// 1.0 stopped accepting; bpfd still loads it (docs/protocol.md).
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_tracing.h>

struct bpf_map_def {
  unsigned int type;
  unsigned int key_size;
  unsigned int value_size;
  unsigned int max_entries;
  unsigned int map_flags;
};

struct bpf_map_def SEC("maps") hits = {
    .type = BPF_MAP_TYPE_ARRAY,
    .key_size = sizeof(u32),
    .value_size = sizeof(u64),
    .max_entries = 1,
};

SEC("kprobe/__sys_bpf")
int BPF_KPROBE(bpf_call) {
  u32 zero = 0;
  u64 *v = bpf_map_lookup_elem(&hits, &zero);
  if (v)
    __sync_fetch_and_add(v, 1);
  return 0;
}

char LICENSE[] SEC("license") = "GPL";
