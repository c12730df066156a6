// A program whose leading #include block reads many kernel headers (the
// header cache's preamble): header-cache-*.test.
#include <uapi/linux/ptrace.h>
#include <linux/sched.h>
#include <linux/blkdev.h>
#include <linux/blk-mq.h>
#include <net/sock.h>
#include <net/inet_sock.h>
#include <linux/fs.h>
#ifdef WITH_LOCAL
#include "local.h"
#endif
#ifndef SLOTS
#define SLOTS 64
#endif

struct key_t {
  u32 pid;
  char comm[TASK_COMM_LEN];
};
BPF_HASH(starts, struct request *, u64);
BPF_HISTOGRAM(dist, int, SLOTS);
BPF_PERF_OUTPUT(events);

int kprobe__blk_account_io_start(struct pt_regs *ctx, struct request *req) {
  u64 ts = bpf_ktime_get_ns();
  starts.update(&req, &ts);
  return 0;
}

int kprobe__tcp_v4_connect(struct pt_regs *ctx, struct sock *sk) {
  struct key_t key = {};
  key.pid = bpf_get_current_pid_tgid() >> 32;
  bpf_get_current_comm(&key.comm, sizeof(key.comm));
  u16 dport = sk->__sk_common.skc_dport;
#ifdef LOCAL_SHIFT
  dport >>= LOCAL_SHIFT;
#endif
  dist.increment(bpf_log2l(dport));
  events.perf_submit(ctx, &key, sizeof(key));
  return 0;
}

TRACEPOINT_PROBE(sched, sched_process_exit) {
  struct task_struct *t = (struct task_struct *)bpf_get_current_task();
  u32 slot = (u32)t->prio % SLOTS;
  dist.increment(slot);
  return args->pid;
}
