// fentry and fexit (BPF trampolines) on security_bpf, the LSM hook of
// every bpf() command: whoever makes a bpf() call after the attach, the
// loader itself. BPF_PROG gives the hook's typed arguments; the task from
// bpf_get_current_task_btf is read directly (a BTF pointer, its field
// offsets relocated against the guest's BTF, Inputs/vmlinux.h's order being
// another). Slots of `results` (u32 -> u64), the same in every run:
//   0: fentry saw command 1 (BPF_MAP_LOOKUP_ELEM): 1
//   1: fentry's task->pid == bpf_get_current_pid_tgid's pid: 1
//   2: fentry's task->group_leader->tgid == its tgid: 1
//   3: fentry's size argument is not 0: 1
//   4: fexit saw command 1 return 0: 1
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_tracing.h>

struct {
  __uint(type, BPF_MAP_TYPE_ARRAY);
  __type(key, u32);
  __type(value, u64);
  __uint(max_entries, 5);
} results SEC(".maps");

static __always_inline void put(u32 key, u64 value) {
  u64 *slot = bpf_map_lookup_elem(&results, &key);
  if (slot)
    *slot = value;
}

SEC("fentry/security_bpf")
int BPF_PROG(enter_bpf, int cmd, union bpf_attr *attr, unsigned int size) {
  struct task_struct *task = bpf_get_current_task_btf();
  u64 id = bpf_get_current_pid_tgid();
  if (cmd == 1)
    put(0, 1);
  put(1, task->pid == (u32)id);
  put(2, task->group_leader->tgid == (u32)(id >> 32));
  put(3, size != 0);
  return 0;
}

SEC("fexit/security_bpf")
int BPF_PROG(exit_bpf, int cmd, union bpf_attr *attr, unsigned int size, int ret) {
  if (cmd == 1 && ret == 0)
    put(4, 1);
  return 0;
}

char LICENSE[] SEC("license") = "GPL";
