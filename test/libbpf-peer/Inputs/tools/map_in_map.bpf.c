// A BTF-defined map of maps (array of arrays, its inner map described by
// __array and its first slot filled at load by the loader), read in a
// kprobe.
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_tracing.h>

struct inner {
  __uint(type, BPF_MAP_TYPE_ARRAY);
  __type(key, u32);
  __type(value, u64);
  __uint(max_entries, 1);
} inner_a SEC(".maps"), inner_b SEC(".maps");

struct {
  __uint(type, BPF_MAP_TYPE_ARRAY_OF_MAPS);
  __uint(max_entries, 2);
  __type(key, u32);
  __array(values, struct inner);
} outer SEC(".maps") = {
    .values = {&inner_a, &inner_b},
};

SEC("kprobe/__sys_bpf")
int BPF_KPROBE(bpf_call) {
  u32 zero = 0;
  void *inner = bpf_map_lookup_elem(&outer, &zero);
  if (!inner)
    return 0;
  u64 *v = bpf_map_lookup_elem(inner, &zero);
  if (v)
    __sync_fetch_and_add(v, 1);
  return 0;
}

char LICENSE[] SEC("license") = "GPL";
