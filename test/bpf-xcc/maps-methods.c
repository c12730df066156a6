// BCC map declarations become BTF-defined maps in .maps; map methods become
// helper calls on them: lookup (1), update/insert (2), delete (3),
// perf_submit (bpf_perf_event_output, 25), get_stackid (27),
// increment (lookup + add in place) and atomic_increment (lookup + atomic
// add), a missing entry inserted for BPF_MAP_TYPE_HASH only, as BCC 0.26,
// lookup_or_try_init; bpf_log2l and bpf_trace_printk (6) from the helpers.
// REQUIRES: kernel-arm64
// RUN: bpf-xcc --arch arm64 --kernel %headers_arm64 %s -o %t.o
// RUN: llvm-readelf -s %t.o | FileCheck %s --check-prefix=SYMS
// RUN: llvm-objdump -dr --no-show-raw-insn %t.o | FileCheck %s
// RUN: bpf-xcc --arch arm64 --kernel %headers_arm64 %s -o %t.o --emit-c | grep -v "^//" | FileCheck %s --check-prefix=PROLOGUE

#include <uapi/linux/ptrace.h>

struct data_t { u32 pid; u64 ts; };
BPF_HASH(start, u32, u64);
BPF_HASH(counts);
BPF_PERF_OUTPUT(events);
BPF_HISTOGRAM(dist);
BPF_STACK_TRACE(stacks, 1024);
BPF_ARRAY(arr, u64, 4);
BPF_PERCPU_ARRAY(pc, u64, 2);

// PROLOGUE: #define __bpf_xcc_maptype_start BPF_MAP_TYPE_HASH
// PROLOGUE: #define __bpf_xcc_maptype_counts BPF_MAP_TYPE_HASH
// PROLOGUE: #define __bpf_xcc_maptype_dist BPF_MAP_TYPE_ARRAY
// PROLOGUE: #define __bpf_xcc_maptype_stacks BPF_MAP_TYPE_STACK_TRACE
// PROLOGUE: #define __bpf_xcc_maptype_arr BPF_MAP_TYPE_ARRAY
// PROLOGUE: #define __bpf_xcc_maptype_pc BPF_MAP_TYPE_PERCPU_ARRAY
// SYMS-DAG: OBJECT GLOBAL DEFAULT {{[0-9]+}} start
// SYMS-DAG: OBJECT GLOBAL DEFAULT {{[0-9]+}} events
// SYMS-DAG: OBJECT GLOBAL DEFAULT {{[0-9]+}} stacks

// CHECK-LABEL: <kprobe__vfs_read>:
// CHECK: R_BPF_64_64 start
// CHECK: call 0x2
// CHECK: R_BPF_64_64 events
// CHECK: call 0x19
// CHECK: R_BPF_64_64 counts
// CHECK: call 0x1
// CHECK-NOT: lock
// CHECK: r1 += 0x1
// CHECK-NEXT: *(u64 *)(r0 + 0x0) = r1
// CHECK: R_BPF_64_64 counts
// CHECK: call 0x2
// CHECK: R_BPF_64_64 stacks
// CHECK: call 0x1b
// CHECK: R_BPF_64_64 arr
// CHECK: call 0x1
// CHECK: lock *(u64 *)
int kprobe__vfs_read(struct pt_regs *ctx, void *file, void *buf, size_t count) {
  u32 pid = bpf_get_current_pid_tgid();
  u64 ts = bpf_ktime_get_ns();
  start.update(&pid, &ts);
  struct data_t data = {.pid = pid, .ts = ts};
  events.perf_submit(ctx, &data, sizeof(data));
  counts.increment(count);
  dist.increment(bpf_log2l(count));
  int id = stacks.get_stackid(ctx, 0);
  arr.atomic_increment(id & 3);
  pc.increment(1);
  return 0;
}

// CHECK-LABEL: <kretprobe__vfs_read>:
// CHECK: R_BPF_64_64 start
// CHECK: call 0x1
// CHECK: R_BPF_64_64 start
// CHECK: call 0x3
// CHECK: call 0x6
int kretprobe__vfs_read(struct pt_regs *ctx) {
  u32 pid = bpf_get_current_pid_tgid();
  u64 *tsp = start.lookup(&pid);
  if (tsp == 0)
    return 0;
  start.delete(&pid);
  bpf_trace_printk("ret %d\n", PT_REGS_RC(ctx));
  return 0;
}
