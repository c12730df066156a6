// BCC tools with a container filter put code before their #include block
// (tcpconnect, opensnoop): bpf-xcc reads that block first, so that the
// cached preamble holds its headers, and the code after it, at its own
// lines. header-cache-identical.test.
static inline int _cgroup_filter() { return 0; }

static inline int container_should_be_filtered() { return _cgroup_filter(); }

#include <uapi/linux/ptrace.h>
#include <linux/sched.h>

BPF_PERF_OUTPUT(events);

int kprobe__do_exit(struct pt_regs *ctx) {
  if (container_should_be_filtered())
    return 0;
  struct task_struct *t = (struct task_struct *)bpf_get_current_task();
  u32 pid = t->tgid;
  events.perf_submit(ctx, &pid, sizeof(pid));
  return 0;
}
