// Attach points: kprobe__/kretprobe__/syscall__/raw_tracepoint__ naming,
// syscall__ arguments read from the wrapper's own pt_regs (arm64 and x86_64
// 6.1 have syscall wrappers), explicit --attach, all listed in .bpfd.target.
// REQUIRES: kernel-arm64, kernel-x86_64
// RUN: bpf-xcc --arch arm64 --kernel %headers_arm64 %s -o %t.o --attach trace_entry=kprobe/vfs_write --attach trace_entry=kprobe/vfs_writev
// RUN: llvm-readelf -S %t.o | FileCheck %s --check-prefix=SECTIONS
// RUN: llvm-objcopy --dump-section=.bpfd.target=%t.stamp %t.o /dev/null
// RUN: FileCheck %s --check-prefix=STAMP < %t.stamp
// RUN: bpf-xcc --arch arm64 --kernel %headers_arm64 %s -o %t.o --emit-c | grep -v "^//" | FileCheck %s --check-prefix=ARM64
// RUN: bpf-xcc --arch x86_64 --kernel %headers_x86_64 %s -o %t.x86.o --emit-c | grep -v "^//" | FileCheck %s --check-prefix=X86
// RUN: bpf-xcc --arch x86_64 --kernel %headers_x86_64 %s -o %t.x86.o --attach do_ret=syscall-ret/execve
// RUN: llvm-readelf -S %t.x86.o | FileCheck %s --check-prefix=X86SECTIONS
// RUN: not bpf-xcc --arch arm64 --kernel %headers_arm64 %s -o %t.o --attach nosuch=kprobe/x 2>&1 | FileCheck %s --check-prefix=NOFN
// RUN: not bpf-xcc --arch arm64 --kernel %headers_arm64 %s -o %t.o --attach do_ret=uprobes/x 2>&1 | FileCheck %s --check-prefix=BADKIND
// A section of a known kind that bpfd could not read is refused here (bpfconv),
// not at load on the device:
// RUN: not bpf-xcc --arch arm64 --kernel %headers_arm64 %s -o %t.o --attach do_ret=tracepoint/sched 2>&1 | FileCheck %s --check-prefix=BADTP
// RUN: not bpf-xcc --arch arm64 --kernel %headers_arm64 %s -o %t.o --attach do_ret=perf_event/1/0/freq=0 2>&1 | FileCheck %s --check-prefix=BADPERF
// RUN: not bpf-xcc --arch arm64 --kernel %headers_arm64 %s -o %t.o --attach do_ret=uprobe/bin-no-symbol 2>&1 | FileCheck %s --check-prefix=BADUPROBE
// RUN: not bpf-xcc --arch arm64 --kernel %headers_arm64 %s -o %t.o --attach do_ret=fentry/do-x 2>&1 | FileCheck %s --check-prefix=BADFENTRY

// SECTIONS-DAG: ] kprobe/__arm64_sys_execve PROGBITS
// SECTIONS-DAG: ] kretprobe/vfs_read PROGBITS
// SECTIONS-DAG: ] raw_tracepoint/sched_switch PROGBITS
// SECTIONS-DAG: ] kprobe/vfs_write PROGBITS
// SECTIONS-DAG: ] kprobe PROGBITS
// STAMP-DAG: attach=syscall__execve kprobe/__arm64_sys_execve
// STAMP-DAG: attach=trace_entry kprobe/vfs_write
// STAMP-DAG: attach=trace_entry kprobe/vfs_writev
// STAMP-DAG: attach=kretprobe__vfs_read kretprobe/vfs_read
// STAMP-DAG: attach=raw_tracepoint__sched_switch raw_tracepoint/sched_switch
// STAMP-DAG: attach=do_ret kprobe
// X86SECTIONS-DAG: ] kprobe/__x64_sys_execve PROGBITS
// X86SECTIONS-DAG: ] kretprobe/__x64_sys_execve PROGBITS
// NOFN: error: --attach nosuch=...: {{.*}}attach-naming.c defines no probe function 'nosuch'
// BADKIND: error: --attach 'do_ret=uprobes/x': unknown attach kind 'uprobes'
// BADTP: error: --attach 'do_ret=tracepoint/sched': section 'tracepoint/sched': expected tracepoint/CATEGORY/NAME
// BADPERF: error: --attach 'do_ret=perf_event/1/0/freq=0': section 'perf_event/1/0/freq=0': the rate must be a positive number
// BADUPROBE: error: --attach 'do_ret=uprobe/bin-no-symbol': section 'uprobe/bin-no-symbol': expected uprobe/BINARY:SYMBOL
// BADFENTRY: error: --attach 'do_ret=fentry/do-x': section 'fentry/do-x': expected fentry/FUNCTION, a C identifier

#include <uapi/linux/ptrace.h>
#include <linux/sched.h>

BPF_HASH(h, u64, u64);

// ARM64: int syscall__execve(struct pt_regs *ctx) { const char __user *filename = ({ u64 __v = 0; bpf_probe_read_kernel(&__v, sizeof(__v), &((struct pt_regs *)ctx->regs[0])->orig_x0); (__typeof__(filename))__v; }); const char __user *const __user *argv = ({ {{.*}}&((struct pt_regs *)ctx->regs[0])->regs[1]);
// X86: int syscall__execve(struct pt_regs *ctx) { {{.*}}&((struct pt_regs *)ctx->di)->di);{{.*}}&((struct pt_regs *)ctx->di)->si);{{.*}}&((struct pt_regs *)ctx->di)->dx);{{.*}}&((struct pt_regs *)ctx->di)->r10);
int syscall__execve(struct pt_regs *ctx, const char __user *filename,
                    const char __user *const __user *argv, void *envp, u64 fourth) {
  u64 k = (u64)filename;
  h.update(&k, &fourth);
  return 0;
}

// ARM64: int trace_entry(struct pt_regs *ctx) { void *file = (__typeof__(file))ctx->regs[0]; u64 count = (__typeof__(count))ctx->regs[1]; u64 fourth = (__typeof__(fourth))ctx->regs[2];
// X86: int trace_entry(struct pt_regs *ctx) { void *file = (__typeof__(file))ctx->di; u64 count = (__typeof__(count))ctx->si; u64 fourth = (__typeof__(fourth))ctx->dx;
int trace_entry(struct pt_regs *ctx, void *file, u64 count, u64 fourth) {
  h.increment(count);
  return 0;
}

int kretprobe__vfs_read(struct pt_regs *ctx) {
  u64 rc = PT_REGS_RC(ctx);
  h.increment(rc);
  return 0;
}

int do_ret(struct pt_regs *ctx) { return 0; }

RAW_TRACEPOINT_PROBE(sched_switch) {
  struct task_struct *prev = (struct task_struct *)ctx->args[1];
  u64 pid = prev->pid;
  h.increment(pid);
  return 0;
}
