// Subprograms as libbpf objects have them: a global function (verified on
// its own, through its BTF) and a static noinline one, called from a
// kprobe.
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_tracing.h>

u64 sum;

__noinline int scaled(int v) {
  return v * 3;
}

static __noinline u64 square(u64 v) {
  return v * v;
}

SEC("kprobe/__sys_bpf")
int BPF_KPROBE(bpf_call) {
  sum = square(3) + scaled(1);
  return 0;
}

char LICENSE[] SEC("license") = "GPL";
