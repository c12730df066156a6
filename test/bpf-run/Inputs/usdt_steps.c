/* probe-target's USDT probe bpfd_guest:loop passes i = 1, 2, 3, ...: each
   hit reads its argument with bpf_usdt_readarg and counts whether it is the
   previous hit's plus one. steps: key 0 hits, 1 steps of one, 2 others (the
   first hit is one). */
#include <uapi/linux/ptrace.h>

BPF_HASH(steps, int, u64);
BPF_ARRAY(last, int, 1);

int on_loop(struct pt_regs *ctx) {
  int i = 0, zero = 0, kind;
  bpf_usdt_readarg(1, ctx, &i);
  int *prev = last.lookup(&zero);
  if (!prev)
    return 0;
  kind = *prev && i == *prev + 1 ? 1 : 2;
  *prev = i;
  steps.increment(zero);
  steps.increment(kind);
  return 0;
}
