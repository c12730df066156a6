// Pointer fields of a tracepoint's args (args->skaddr) and a raw
// tracepoint's args[i] are kernel pointers, also once handed to a helper
// function (as BCC's ProbeVisitor); other fields are plain context reads.
// REQUIRES: kernel-arm64
// RUN: bpf-xcc --arch arm64 --kernel %headers_arm64 --profile %S/Inputs/profile-tcp-arm64.txt %s -o %t.o --emit-c | grep -v "^//" | FileCheck %s
// RUN: bpf-xcc --arch arm64 --kernel %headers_arm64 --profile %S/Inputs/profile-tcp-arm64.txt %s -o %t.o

#include <uapi/linux/ptrace.h>
#include <net/sock.h>
#include <linux/sched.h>

BPF_HASH(seen, u32, u64);

// CHECK: struct sock *sk = (struct sock *)args->skaddr;
// CHECK-NEXT: u32 state = args->state;
// CHECK-NEXT: u64 family = ({ __typeof__(sk->__sk_common.skc_family) _val; {{.*}}(void *)&(sk->__sk_common.skc_family)); _val; });
TRACEPOINT_PROBE(tcp, tcp_retransmit_skb) {
  struct sock *sk = (struct sock *)args->skaddr;
  u32 state = args->state;
  u64 family = sk->__sk_common.skc_family;
  seen.update(&state, &family);
  return 0;
}

// CHECK: __attribute__((always_inline)) static int wakeup(struct bpf_raw_tracepoint_args *ctx, struct task_struct *p) {
// CHECK-NEXT: u32 pid = ({ __typeof__(p->pid) _val; {{.*}}(void *)&(p->pid)); _val; });
static int wakeup(struct bpf_raw_tracepoint_args *ctx, struct task_struct *p) {
  u32 pid = p->pid;
  u64 one = 1;
  seen.update(&pid, &one);
  return 0;
}

// CHECK: struct task_struct *p = (struct task_struct *)ctx->args[0];
// CHECK-NEXT: return wakeup(ctx, p);
RAW_TRACEPOINT_PROBE(sched_wakeup) {
  struct task_struct *p = (struct task_struct *)ctx->args[0];
  return wakeup(ctx, p);
}
