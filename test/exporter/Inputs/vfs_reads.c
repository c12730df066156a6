// BCC C, compiled by bpf-xcc for each device's arch: vfs_read calls per
// comm, and a log2 histogram of their count argument per comm (BCC's
// bpf_log2l: bucket k holds the counts below 2^k).
#include <uapi/linux/ptrace.h>
#include <linux/fs.h>
#include <linux/sched.h>

struct comm_key {
  char comm[TASK_COMM_LEN];
};

struct slot_key {
  char comm[TASK_COMM_LEN];
  u64 slot;
};

BPF_HASH(vfs_reads_total, struct comm_key, u64);
BPF_HISTOGRAM(vfs_read_bytes, struct slot_key);

int kprobe__vfs_read(struct pt_regs *ctx, struct file *file, char __user *buf, size_t count) {
  struct comm_key k = {};
  bpf_get_current_comm(&k.comm, sizeof(k.comm));
  vfs_reads_total.increment(k);
  struct slot_key s = {};
  __builtin_memcpy(s.comm, k.comm, sizeof(s.comm));
  s.slot = bpf_log2l(count);
  vfs_read_bytes.increment(s);
  return 0;
}
