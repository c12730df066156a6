// libbpf-style CO-RE reads of the current task in a kprobe (BPF_KPROBE on
// __sys_bpf: whoever makes a bpf() call after the attach, the loader
// itself), against Inputs/vmlinux.h's task_struct (fields in another order
// than the kernel's). Each slot of `results` (u32 -> u64) holds what both
// loaders must agree on, the same whichever task ran the probe:
//   0: BPF_CORE_READ(task, pid) == bpf_get_current_pid_tgid's pid
//   1: BPF_CORE_READ(task, tgid) == its tgid
//   2: BPF_CORE_READ(task, group_leader, pid) == its tgid (two hops)
//   3: BPF_CORE_READ(task, real_parent, tgid): the guest's init, 1
//   4: field existence, 1*pid + 2*no_such_field + 4*__state + 8*state
//      (task_struct___old's, the field's name before 5.14): 5
//   5: bpf_core_field_size(comm), declared 4 in task_struct___small: 16
//   6: the comm read with BPF_CORE_READ_STR_INTO == bpf_get_current_comm's
//   7: type and enumerator existence, 1*task_struct + 2*no_such_type +
//      4*BPF_MAP_TYPE_RINGBUF + 8*an enumerator the kernel lacks: 5
//   8: bpf_core_enum_value of BPF_MAP_TYPE_RINGBUF, declared 99: 27
//   9: bpf_core_enum_value of memory_cgrp_id (0 in vmlinux.h; the kernel's
//      value follows its configuration)
//  10: the running task's __state (BPF_CORE_READ): TASK_RUNNING, 0
//  11: BPF_KPROBE's first argument (the bpf() command) was 1
//      (BPF_MAP_LOOKUP_ELEM) at least once: 1
#include "vmlinux.h"
#include <bpf/bpf_core_read.h>
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_tracing.h>

struct task_struct___old {
  long state;
} __attribute__((preserve_access_index));

struct task_struct___small {
  int no_such_field;
  char comm[4];
} __attribute__((preserve_access_index));

struct no_such_type {
  int x;
};

enum bpf_map_type___shifted {
  BPF_MAP_TYPE_NO_SUCH___shifted = 98,
  BPF_MAP_TYPE_RINGBUF___shifted = 99,
};

struct {
  __uint(type, BPF_MAP_TYPE_ARRAY);
  __type(key, u32);
  __type(value, u64);
  __uint(max_entries, 12);
} results SEC(".maps");

static __always_inline void put(u32 key, u64 value) {
  u64 *slot = bpf_map_lookup_elem(&results, &key);
  if (slot)
    *slot = value;
}

SEC("kprobe/__sys_bpf")
int BPF_KPROBE(core_task, int cmd) {
  struct task_struct *task = (void *)bpf_get_current_task();
  struct task_struct___small *small = (void *)task;
  u64 id = bpf_get_current_pid_tgid();
  char comm[16] = {}, own[16] = {};

  put(0, BPF_CORE_READ(task, pid) == (u32)id);
  put(1, BPF_CORE_READ(task, tgid) == (u32)(id >> 32));
  put(2, BPF_CORE_READ(task, group_leader, pid) == (u32)(id >> 32));
  put(3, BPF_CORE_READ(task, real_parent, tgid));
  put(4, bpf_core_field_exists(task->pid) + 2 * bpf_core_field_exists(small->no_such_field) +
             4 * bpf_core_field_exists(task->__state) +
             8 * bpf_core_field_exists(((struct task_struct___old *)task)->state));
  put(5, bpf_core_field_size(small->comm));
  BPF_CORE_READ_STR_INTO(&comm, task, comm);
  bpf_get_current_comm(own, sizeof own);
  int same = 1;
  for (int i = 0; i < 16; ++i)
    if (comm[i] != own[i])
      same = 0;
  put(6, same);
  put(7, bpf_core_type_exists(struct task_struct) + 2 * bpf_core_type_exists(struct no_such_type) +
             4 * bpf_core_enum_value_exists(enum bpf_map_type___shifted,
                                            BPF_MAP_TYPE_RINGBUF___shifted) +
             8 * bpf_core_enum_value_exists(enum bpf_map_type___shifted,
                                            BPF_MAP_TYPE_NO_SUCH___shifted));
  put(8, bpf_core_enum_value(enum bpf_map_type___shifted, BPF_MAP_TYPE_RINGBUF___shifted));
  put(9, bpf_core_enum_value(enum cgroup_subsys_id, memory_cgrp_id));
  put(10, BPF_CORE_READ(task, __state));
  if (cmd == 1)
    put(11, 1);
  return 0;
}

char LICENSE[] SEC("license") = "GPL";
