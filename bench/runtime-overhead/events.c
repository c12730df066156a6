// bench/runtime-overhead.sh: one BCC-style program, run by both runtimes.
// One event per open of the workload's file: the opener's pid, its comm and
// the time, through a perf buffer.
#include <uapi/linux/ptrace.h>

struct event_t {
  u64 ts;
  u32 pid;
  char comm[16];
};
BPF_PERF_OUTPUT(events);

int kprobe__do_sys_openat2(struct pt_regs *ctx) {
  struct event_t e = {};
  e.ts = bpf_ktime_get_ns();
  e.pid = bpf_get_current_pid_tgid() >> 32;
  bpf_get_current_comm(&e.comm, sizeof(e.comm));
  events.perf_submit(ctx, &e, sizeof(e));
  return 0;
}
