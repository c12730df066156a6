// TRACEPOINT_PROBE's args struct comes from the target profile's format
// (fields at the profile's offsets, __data_loc as data_loc_<name>); the
// program lands in tracepoint/CAT/EV. Without a profile the kernel tree gives
// the same struct (TracepointStructs).
// REQUIRES: kernel-arm64
// RUN: bpf-xcc --arch arm64 --kernel %headers_arm64 --profile %S/Inputs/profile-arm64.txt %s -o %t.o
// RUN: llvm-readelf -S %t.o | FileCheck %s --check-prefix=SECTIONS
// RUN: llvm-objdump -d --no-show-raw-insn %t.o | FileCheck %s
// RUN: bpf-xcc --arch arm64 --kernel %headers_arm64 --profile %S/Inputs/profile-arm64.txt %s -o %t.o --emit-c | grep -v "^//" | FileCheck %s --check-prefix=STRUCT
// RUN: bpf-xcc --arch arm64 --kernel %headers_arm64 %s -o %t.o --emit-c | grep -v "^//" | FileCheck %s --check-prefix=STRUCT

// SECTIONS-DAG: ] tracepoint/sched/sched_switch PROGBITS
// SECTIONS-DAG: ] tracepoint/sched/sched_process_exec PROGBITS
// STRUCT: struct tracepoint__sched__sched_switch { u64 __do_not_use__; char prev_comm[16]; pid_t prev_pid; int prev_prio; long prev_state; char next_comm[16]; pid_t next_pid; int next_prio; };
// STRUCT: struct tracepoint__sched__sched_process_exec { u64 __do_not_use__; int data_loc_filename; pid_t pid; pid_t old_pid; };

BPF_HASH(switches, u32, u64);

// CHECK-LABEL: <tracepoint__sched__sched_switch>:
// CHECK: = *(u32 *)(r1 + 0x38)
TRACEPOINT_PROBE(sched, sched_switch) {
  u32 pid = args->next_pid;
  switches.increment(pid);
  return 0;
}

// CHECK-LABEL: <tracepoint__sched__sched_process_exec>:
// CHECK: = *(u32 *)(r1 + 0x10)
TRACEPOINT_PROBE(sched, sched_process_exec) {
  u32 old = args->old_pid;
  switches.increment(old);
  return 0;
}
