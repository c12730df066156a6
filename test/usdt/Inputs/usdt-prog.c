/* A BCC USDT program for the probes of sdt-target.c: each function reads
   the arguments of the probe it is enabled for, by number. */
#include <uapi/linux/ptrace.h>

struct data_t {
  int a;
  long b;
  int c;
  char path[16];
};
BPF_PERF_OUTPUT(events);

int on_regs(struct pt_regs *ctx) {
  struct data_t d = {};
  bpf_usdt_readarg(1, ctx, &d.a);
  bpf_usdt_readarg(2, ctx, &d.b);
  bpf_usdt_readarg(3, ctx, &d.c);
  events.perf_submit(ctx, &d, sizeof(d));
  return 0;
}

int on_mixed(struct pt_regs *ctx) {
  struct data_t d = {};
  long v = 0;
  bpf_usdt_readarg_p(1, ctx, &d.path, sizeof(d.path));
  bpf_usdt_readarg(2, ctx, &d.a);
  bpf_usdt_readarg(3, ctx, &v);
  d.b = v;
  events.perf_submit(ctx, &d, sizeof(d));
  return 0;
}

int on_frame(struct pt_regs *ctx) {
  struct data_t d = {};
  bpf_usdt_readarg(1, ctx, &d.a);
  bpf_usdt_readarg(2, ctx, &d.b);
  events.perf_submit(ctx, &d, sizeof(d));
  return 0;
}

int on_twice(struct pt_regs *ctx) {
  struct data_t d = {};
  bpf_usdt_readarg(1, ctx, &d.a);
  events.perf_submit(ctx, &d, sizeof(d));
  return 0;
}
