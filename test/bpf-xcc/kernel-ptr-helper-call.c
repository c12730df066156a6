// A kernel pointer passed to a function of the same file makes that
// function's parameter a kernel pointer (as BCC's ProbeVisitor does), found
// to a fixed point over the call graph: inode_of() is defined before the
// probe that hands do_entry() the pointer that do_entry() hands it. Helper
// functions get always_inline (as BCC). A whole struct read through a kernel
// pointer is one probe read; the explicit bpf_probe_read_kernel keeps its
// arguments; the address of a kernel field is not a read.
// REQUIRES: kernel-arm64
// RUN: bpf-xcc --arch arm64 --kernel %headers_arm64 %s -o %t.o --emit-c | grep -v "^//" | FileCheck %s
// RUN: bpf-xcc --arch arm64 --kernel %headers_arm64 %s -o %t.o
// RUN: llvm-objdump -d --no-show-raw-insn %t.o | FileCheck %s --check-prefix=INLINED

#include <uapi/linux/ptrace.h>
#include <linux/fs.h>

BPF_HASH(counts, u64, u64);

// CHECK: __attribute__((always_inline)) static u64 inode_of(struct file *f) {
// CHECK-NEXT: return ({ __typeof__(f->f_inode->i_ino) _val; {{.*}}bpf_probe_read_kernel(&_val, sizeof(_val), (void *)&(({ __typeof__(f->f_inode) _val; {{.*}}(void *)&(f->f_inode)); _val; })->i_ino)); _val; });
static u64 inode_of(struct file *f) {
  return f->f_inode->i_ino;
}

// CHECK: __attribute__((always_inline)) static int do_entry(struct pt_regs *ctx, struct file *file, int is_read) {
// CHECK-NEXT: struct dentry *de = ({ __typeof__(file->f_path.dentry) _val; {{.*}}(void *)&(file->f_path.dentry)); _val; });
// CHECK-NEXT: struct qstr d_name = ({ __typeof__(de->d_name) _val; {{.*}}(void *)&(de->d_name)); _val; });
// CHECK-NEXT: char name[32];
// CHECK-NEXT: bpf_probe_read_kernel(&name, sizeof(name), d_name.name);
// CHECK-NEXT: bpf_probe_read_kernel(&name, sizeof(name), &de->d_iname);
// CHECK-NEXT: u64 ino = inode_of(file);
static int do_entry(struct pt_regs *ctx, struct file *file, int is_read) {
  struct dentry *de = file->f_path.dentry;
  struct qstr d_name = de->d_name;
  char name[32];
  bpf_probe_read_kernel(&name, sizeof(name), d_name.name);
  bpf_probe_read_kernel(&name, sizeof(name), &de->d_iname);
  u64 ino = inode_of(file);
  u64 n = is_read + name[0];
  counts.update(&ino, &n);
  return 0;
}

// CHECK: int trace_read_entry(struct pt_regs *ctx) { struct file *file = (__typeof__(file))ctx->regs[0];
// CHECK-NEXT: return do_entry(ctx, file, 1);
// INLINED-LABEL: <trace_read_entry>:
// INLINED-NOT: call -0x1
// INLINED: exit
int trace_read_entry(struct pt_regs *ctx, struct file *file) {
  return do_entry(ctx, file, 1);
}
