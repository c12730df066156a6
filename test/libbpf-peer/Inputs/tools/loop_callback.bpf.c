// bpf_loop with a callback: the callback's address is an ld_imm64 of a
// function (BPF_PSEUDO_FUNC), relocated by the loader; in a kprobe.
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_tracing.h>

u64 sum;

static long add_square(u32 index, void *ctx) {
  *(u64 *)ctx += (u64)index * index;
  return 0;
}

SEC("kprobe/__sys_bpf")
int BPF_KPROBE(bpf_call) {
  u64 total = 0;
  bpf_loop(4, add_square, &total, 0);
  sum = total;
  return 0;
}

char LICENSE[] SEC("license") = "GPL";
