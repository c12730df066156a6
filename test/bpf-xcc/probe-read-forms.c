// Implicit kernel reads in the forms BCC's ProbeVisitor turns into probe
// reads: a chain of dereferences (t->real_parent->tgid), a member of a
// dereferenced member ((*file).f_path.dentry->d_inode->i_ino, and
// (*(*file).f_path.dentry).d_inode), through a helper function's return
// (pick(file)->f_inode->i_ino). A kprobe may not read kernel memory
// directly, so the verifier in the guests (bcc-rewrites-in-guest.test)
// accepts the program only when every one became bpf_probe_read_kernel.
// REQUIRES: kernel-arm64
// RUN: bpf-xcc --arch arm64 --kernel %headers_arm64 %s -o %t.o
// RUN: llvm-objdump -d --no-show-raw-insn %t.o | FileCheck %s
// Reads: 3 (a), 2 (b), 2 (c), 3 (d): 10 calls of bpf_probe_read_kernel (113).
// CHECK-LABEL: <kprobe__vfs_read>:
// CHECK-COUNT-10: call 0x71
// CHECK-NOT: call 0x71

#include <uapi/linux/ptrace.h>
#include <linux/sched.h>
#include <linux/fs.h>

BPF_HASH(seen, u32, u64);

static struct file *pick(struct file *f) { return f; }

int kprobe__vfs_read(struct pt_regs *ctx, struct file *file) {
  u64 a = (*file).f_path.dentry->d_inode->i_ino;
  u64 b = pick(file)->f_inode->i_ino;
  struct task_struct *t = (struct task_struct *)bpf_get_current_task();
  u32 c = t->real_parent->tgid;
  u64 d = (*(*file).f_path.dentry).d_inode->i_ino;
  u64 s = a + b + c + d;
  seen.update(&c, &s);
  return 0;
}
