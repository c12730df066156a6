// A socket filter (libbpf leaves it loaded: a tool attaches it to its
// socket) keeping packets of at least 64 bytes, counted in .bss.
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>

u64 kept;

SEC("socket")
int keep_large(struct __sk_buff *skb) {
  if (skb->len < 64)
    return 0;
  __sync_fetch_and_add(&kept, 1);
  return -1;
}

char LICENSE[] SEC("license") = "GPL";
