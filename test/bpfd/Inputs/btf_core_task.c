// A libbpf-style CO-RE program: task_struct is declared here with a few
// fields at offsets of our choosing (preserve_access_index, as vmlinux.h
// declares it; named with a ___flavour suffix, which candidate matching
// drops), so only relocations against the device's BTF make the reads right. Results, one u64 each, in `results`:
//   0: the task's pid read at the relocated offset == bpf_get_current_pid_tgid's
//   1: the tgid likewise
//   2: field existence: pid 1, no_such_field 0 (as 1 + 2*exists), and the
//      read of no_such_field it guards is never made (+4 if it were): its
//      offset relocation poisons the instruction, left to the verifier as
//      dead code, as libbpf does
//   3: the kernel's size of comm (16; declared 4 here)
//   4: the comm read at the relocated offset, first 4 bytes (bpfd's "bpfd")
typedef unsigned int u32;
typedef unsigned long long u64;
#define SEC(name) __attribute__((section(name), used))
#define __uint(name, val) int (*name)[val]
#define __type(name, val) typeof(val) *name

struct task_struct___bpfd {
  int no_such_field;
  char comm[4];
  int tgid;
  int pid;
} __attribute__((preserve_access_index));

static void *(*bpf_map_lookup_elem)(void *map, const void *key) = (void *)1;
static u64 (*bpf_get_current_pid_tgid)(void) = (void *)14;
static u64 (*bpf_get_current_task)(void) = (void *)35;
static long (*bpf_probe_read_kernel)(void *dst, u32 size, const void *src) = (void *)113;

struct {
  __uint(type, 2);
  __type(key, u32);
  __type(value, u64);
  __uint(max_entries, 5);
} results SEC(".maps");

static __attribute__((always_inline)) void put(u32 key, u64 value) {
  u64 *slot = bpf_map_lookup_elem(&results, &key);
  if (slot)
    *slot = value;
}

SEC("kprobe/__sys_bpf") int core_task(void *ctx) {
  struct task_struct___bpfd *task = (void *)bpf_get_current_task();
  u64 id = bpf_get_current_pid_tgid();
  int pid = 0, tgid = 0;
  u32 comm = 0;
  int gone = 7;
  bpf_probe_read_kernel(&pid, sizeof pid, &task->pid);
  bpf_probe_read_kernel(&tgid, sizeof tgid, &task->tgid);
  bpf_probe_read_kernel(&comm, sizeof comm, &task->comm);
  if (__builtin_preserve_field_info(task->no_such_field, 2))
    bpf_probe_read_kernel(&gone, sizeof gone, &task->no_such_field);
  put(0, pid == (u32)id);
  put(1, tgid == (u32)(id >> 32));
  put(2, __builtin_preserve_field_info(task->pid, 2) + 2 * __builtin_preserve_field_info(task->no_such_field, 2) +
             4 * (gone != 7));
  put(3, __builtin_preserve_field_info(task->comm, 1));
  put(4, comm);
  return 0;
}

char LICENSE[] SEC("license") = "GPL";
