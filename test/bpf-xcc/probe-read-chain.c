// Reads through probe arguments and bpf_get_current_task() become chained
// bpf_probe_read_kernel calls (helper 113) at the target's own offsets:
// task_struct.pid is at 1352 on arm64 and 2416 on x86_64 (Debian 6.1).
// REQUIRES: kernel-arm64, kernel-x86_64
// RUN: bpf-xcc --arch arm64 --kernel %headers_arm64 %s -o %t.arm64.o
// RUN: llvm-objdump -d --no-show-raw-insn %t.arm64.o | FileCheck %s --check-prefixes=CHECK,ARM64
// RUN: bpf-xcc --arch x86_64 --kernel %headers_x86_64 %s -o %t.x86.o
// RUN: llvm-objdump -d --no-show-raw-insn %t.x86.o | FileCheck %s --check-prefixes=CHECK,X86
// RUN: bpf-xcc --arch arm64 --kernel %headers_arm64 %s -o %t.o --emit-c | grep -v "^//" | FileCheck %s --check-prefix=REWRITE

#include <uapi/linux/ptrace.h>
#include <linux/sched.h>
#include <linux/fs.h>

BPF_HASH(seen, u32, u64);

// CHECK-LABEL: <kprobe__vfs_read>:
// ARM64: r{{[0-9]}} += 0x548
// X86: r{{[0-9]}} += 0x970
// CHECK: call 0x71
int kprobe__vfs_read(struct pt_regs *ctx, struct file *file) {
  struct task_struct *t = (struct task_struct *)bpf_get_current_task();
  u32 pid = t->pid;
  u64 ino = file->f_path.dentry->d_inode->i_ino;
  seen.update(&pid, &ino);
  return 0;
}
// REWRITE: int kprobe__vfs_read(struct pt_regs *ctx) { struct file *file = (__typeof__(file))ctx->regs[0];
// REWRITE: u32 pid = ({ __typeof__(t->pid) _val; {{.*}}bpf_probe_read_kernel(&_val, sizeof(_val), (void *)&(t->pid)); _val; });
// REWRITE: bpf_probe_read_kernel(&_val, sizeof(_val), (void *)&(({ __typeof__(file->f_path.dentry) _val;{{.*}}(void *)&(file->f_path.dentry)); _val; })->d_inode)); _val; })->i_ino)); _val; });
