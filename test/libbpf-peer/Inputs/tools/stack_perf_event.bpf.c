// profile-style: a perf_event program (libbpf leaves it loaded: a tool
// opens the perf events and attaches it) counting kernel and user stacks
// through a stack trace map.
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>

struct {
  __uint(type, BPF_MAP_TYPE_STACK_TRACE);
  __uint(key_size, sizeof(u32));
  __uint(value_size, 32 * sizeof(u64));
  __uint(max_entries, 1024);
} stacks SEC(".maps");

struct key {
  u32 pid;
  s32 kernel_stack;
  s32 user_stack;
};

struct {
  __uint(type, BPF_MAP_TYPE_HASH);
  __type(key, struct key);
  __type(value, u64);
  __uint(max_entries, 1024);
} counts SEC(".maps");

SEC("perf_event")
int sample(void *ctx) {
  struct key k = {.pid = bpf_get_current_pid_tgid() >> 32};
  k.kernel_stack = bpf_get_stackid(ctx, &stacks, 0);
  k.user_stack = bpf_get_stackid(ctx, &stacks, BPF_F_USER_STACK);
  u64 one = 1, *count = bpf_map_lookup_elem(&counts, &k);
  if (count)
    __sync_fetch_and_add(count, 1);
  else
    bpf_map_update_elem(&counts, &k, &one, BPF_NOEXIST);
  return 0;
}

char LICENSE[] SEC("license") = "GPL";
