// A kprobe.multi program (one link, many functions: here vfs_read and
// its kin, through a pattern), counting calls.
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_tracing.h>

u64 calls;

SEC("kprobe.multi/vfs_read*")
int BPF_KPROBE(vfs_rw) {
  __sync_fetch_and_add(&calls, 1);
  return 0;
}

char LICENSE[] SEC("license") = "GPL";
