// Kernel reads through fields whose offsets move between Debian's kernels
// (arm64: task_struct's real_parent 1368 in 6.1, 1392 in 6.12, 1832 in 7.2;
// file's f_path 16, 64, 64 and f_inode 32, 40, 32), each checked against
// what the kernel says another way: the workload (the guest's init
// started it, so its parent is 1) reading /etc/modules. The kinds of read
// bpf-xcc --core relocates: implicit reads of a member chain, through a
// PT_REGS_PARM1 cast, and a bpf_probe_read_kernel of a member.
#include <linux/sched.h>
#include <linux/fs.h>
#include <linux/dcache.h>
struct key_t {
  u32 ppid;    // current->real_parent->tgid
  u32 tgid_ok; // current->tgid is bpf_get_current_pid_tgid()'s tgid
  u32 pid_ok;  // current->pid, by bpf_probe_read_kernel, is its pid
  u32 isreg;   // the file's inode is a regular file's
  char name[16]; // file->f_path.dentry->d_name.name
};
BPF_HASH(reads, struct key_t, u64);
int kprobe__vfs_read(struct pt_regs *ctx) {
  char comm[16] = {};
  bpf_get_current_comm(comm, sizeof(comm));
  if (comm[0] != 'w' || comm[1] != 'o' || comm[2] != 'r' || comm[3] != 'k')
    return 0;
  struct task_struct *t = (struct task_struct *)bpf_get_current_task();
  struct file *f = (struct file *)PT_REGS_PARM1(ctx);
  u64 id = bpf_get_current_pid_tgid();
  struct key_t k = {};
  k.ppid = t->real_parent->tgid;
  k.tgid_ok = t->tgid == (u32)(id >> 32);
  u32 pid = 0;
  bpf_probe_read_kernel(&pid, sizeof(pid), &t->pid);
  k.pid_ok = pid == (u32)id;
  k.isreg = S_ISREG(f->f_inode->i_mode);
  bpf_probe_read_kernel_str(k.name, sizeof(k.name), f->f_path.dentry->d_name.name);
  reads.increment(k);
  return 0;
}
