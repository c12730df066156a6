// A kprobe (vfs_read) and a tracepoint (syscalls:sys_enter_openat), each
// counting by command: what a BCC tool asks of a kernel, for the newer
// suites' guests (kernel-suite-*.test).
#include <linux/sched.h>
struct key_t { char comm[TASK_COMM_LEN]; };
BPF_HASH(reads, struct key_t, u64);
BPF_HASH(opens, struct key_t, u64);
int kprobe__vfs_read(struct pt_regs *ctx) {
  struct key_t k = {};
  bpf_get_current_comm(&k.comm, sizeof(k.comm));
  reads.increment(k);
  return 0;
}
TRACEPOINT_PROBE(syscalls, sys_enter_openat) {
  struct key_t k = {};
  bpf_get_current_comm(&k.comm, sizeof(k.comm));
  opens.increment(k);
  return 0;
}
