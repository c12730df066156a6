/* A BCC USDT program for the probes of sdt-operands.c: each function reads
   the arguments of the probe it is enabled for into the slots of `vals`
   (slot 9 counts the probes seen, slot 10 is wide's, 11 and 12 the first 8
   bytes of text's strings, 13 the sum of twice's); on_indexed, the last probe the target
   passes, also sends an event so that a poll wakes when all are in. */
#include <uapi/linux/ptrace.h>

BPF_ARRAY(vals, s64, 14);
BPF_PERF_OUTPUT(done);

static __always_inline void put(int slot, s64 v) {
  s64 *p = vals.lookup(&slot);
  if (p)
    *p = v;
}

static __always_inline void seen(void) {
  int slot = 9;
  s64 *p = vals.lookup(&slot);
  if (p)
    __sync_fetch_and_add(p, 1);
}

int on_regs(struct pt_regs *ctx) {
  int a = 0, c = 0;
  long b = 0;
  bpf_usdt_readarg(1, ctx, &a);
  bpf_usdt_readarg(2, ctx, &b);
  bpf_usdt_readarg(3, ctx, &c);
  put(0, a);
  put(1, b);
  put(2, c);
  seen();
  return 0;
}

int on_frame(struct pt_regs *ctx) {
  int local = 0;
  long long wide = 0;
  bpf_usdt_readarg(1, ctx, &local);
  bpf_usdt_readarg(2, ctx, &wide);
  put(3, local);
  put(4, wide);
  seen();
  return 0;
}

int on_wide(struct pt_regs *ctx) {
  long long v = 0;
  bpf_usdt_readarg(1, ctx, &v);
  put(10, v);
  seen();
  return 0;
}

int on_text(struct pt_regs *ctx) {
  s64 first = 0, second = 0;
  bpf_usdt_readarg_p(1, ctx, &first, sizeof(first));
  bpf_usdt_readarg_p(2, ctx, &second, sizeof(second));
  put(11, first);
  put(12, second);
  seen();
  return 0;
}

int on_twice(struct pt_regs *ctx) {
  int v = 0, slot = 13;
  bpf_usdt_readarg(1, ctx, &v);
  s64 *p = vals.lookup(&slot);
  if (p)
    __sync_fetch_and_add(p, v);
  seen();
  return 0;
}

int on_indexed(struct pt_regs *ctx) {
  int i = 0;
  long long l = 0;
  short s = 0;
  signed char c = 0;
  bpf_usdt_readarg(1, ctx, &i);
  bpf_usdt_readarg(2, ctx, &l);
  bpf_usdt_readarg(3, ctx, &s);
  bpf_usdt_readarg(4, ctx, &c);
  put(5, i);
  put(6, l);
  put(7, s);
  put(8, c);
  seen();
  u32 one = 1;
  done.perf_submit(ctx, &one, sizeof(one));
  return 0;
}
