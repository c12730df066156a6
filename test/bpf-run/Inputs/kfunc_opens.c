// BCC's KFUNC_PROBE and KRETFUNC_PROBE (fentry/fexit sections, bpf-xcc):
// entries to do_sys_openat2 counted by their dfd argument, and an event per
// return with its value.
#include <uapi/linux/ptrace.h>
#include <linux/sched.h>

struct data_t {
  u32 pid;
  long ret;
  char comm[TASK_COMM_LEN];
};
BPF_PERF_OUTPUT(events);
BPF_HASH(entries, u32, u64);

KFUNC_PROBE(do_sys_openat2, int dfd, const char __user *filename)
{
  u32 key = dfd;
  entries.increment(key);
  return 0;
}

KRETFUNC_PROBE(do_sys_openat2, int dfd, const char __user *filename, void *how, long ret)
{
  struct data_t d = {};
  d.pid = bpf_get_current_pid_tgid() >> 32;
  d.ret = ret;
  bpf_get_current_comm(&d.comm, sizeof(d.comm));
  events.perf_submit(ctx, &d, sizeof(d));
  return 0;
}
