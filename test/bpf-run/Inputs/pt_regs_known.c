/* The register table (bpf-xcc's PT_REGS_* for the target) read on a real
   kernel, from calls whose arguments are known:
   - kind 1: kprobe on ksys_mmap_pgoff, called by the workload's mmap:3 as
     ksys_mmap_pgoff(0x10000000, 3 pages, PROT_READ, MAP_PRIVATE|MAP_ANONYMOUS,
     -1, 7): PT_REGS_PARM1..6; PT_REGS_SP and PT_REGS_FP in the task's kernel
     stack; at PT_REGS_IP the kprobe's breakpoint (c.ebreak 0x9002 or ebreak
     0x00100073 on riscv), before it the 8 bytes of the ftrace site bpfd moved
     the kprobe past (two nops, 0x0000001300000013).
   - kind 2: syscall__mmap (the syscall wrapper's own pt_regs argument):
     PT_REGS_PARM1..6_SYSCALL, through bpf-xcc's syscall__ parameters.
   - kind 3/4: uprobe / uretprobe on probe-target's probe_target_hit(i),
     which returns i * 2: PT_REGS_PARM1 and PT_REGS_RC of user registers.
   Only the workload's and probe-target's calls count. */
#include <uapi/linux/ptrace.h>
#include <linux/sched.h>

struct regs_t {
  u64 kind;
  u64 p1, p2, p3, p4, p5, p6;
  u64 in_stack; /* SP and FP both within the task's kernel stack */
  u64 insn;     /* the instruction (2 bytes) at PT_REGS_IP */
  u64 before;   /* the 8 bytes before PT_REGS_IP */
};
BPF_PERF_OUTPUT(events);

static int in_task_stack(u64 addr) {
  struct task_struct *t = (struct task_struct *)bpf_get_current_task();
  u64 stack = (u64)t->stack;
  return addr > stack && addr - stack < THREAD_SIZE;
}

int kprobe__ksys_mmap_pgoff(struct pt_regs *ctx) {
  if (PT_REGS_PARM1(ctx) != 0x10000000)
    return 0;
  struct regs_t r = {};
  r.kind = 1;
  r.p1 = PT_REGS_PARM1(ctx);
  r.p2 = PT_REGS_PARM2(ctx);
  r.p3 = PT_REGS_PARM3(ctx);
  r.p4 = PT_REGS_PARM4(ctx);
  r.p5 = PT_REGS_PARM5(ctx);
  r.p6 = PT_REGS_PARM6(ctx);
  r.in_stack = in_task_stack(PT_REGS_SP(ctx)) && in_task_stack(PT_REGS_FP(ctx));
  u16 insn = 0;
  bpf_probe_read_kernel(&insn, sizeof(insn), (void *)PT_REGS_IP(ctx));
  r.insn = insn;
  bpf_probe_read_kernel(&r.before, sizeof(r.before), (void *)(PT_REGS_IP(ctx) - 8));
  events.perf_submit(ctx, &r, sizeof(r));
  return 0;
}

int syscall__mmap(struct pt_regs *ctx, unsigned long addr, unsigned long len, unsigned long prot,
                  unsigned long flags, unsigned long fd, unsigned long off) {
  if (addr != 0x10000000)
    return 0;
  struct regs_t r = {};
  r.kind = 2;
  r.p1 = addr;
  r.p2 = len;
  r.p3 = prot;
  r.p4 = flags;
  r.p5 = fd;
  r.p6 = off;
  events.perf_submit(ctx, &r, sizeof(r));
  return 0;
}

int on_hit(struct pt_regs *ctx) {
  struct regs_t r = {};
  r.kind = 3;
  r.p1 = PT_REGS_PARM1(ctx);
  events.perf_submit(ctx, &r, sizeof(r));
  return 0;
}

int on_hit_return(struct pt_regs *ctx) {
  struct regs_t r = {};
  r.kind = 4;
  r.p1 = PT_REGS_RC(ctx);
  events.perf_submit(ctx, &r, sizeof(r));
  return 0;
}
