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
//   5: the pid read as libbpf's BPF_CORE_READ_BITFIELD_PROBED reads a
//      bitfield (byte offset, byte size, left and right shift, signedness
//      relocations) == bpf_get_current_pid_tgid's
//   6: type and enumerator existence: task_struct 1, no_such_type 0,
//      BPF_MAP_TYPE_RINGBUF 1, an enumerator the kernel lacks 0 (as
//      1*task + 2*no_such_type + 4*RINGBUF + 8*missing)
//   7: the kernel's value of BPF_MAP_TYPE_RINGBUF (27; 99 here)
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

struct task_struct___bits { // pid: 32 bits at bit 7 of 8 bytes here, an int in the kernel
  long long pad : 7;
  long long pid : 32;
} __attribute__((preserve_access_index));

struct no_such_type___bpfd {
  int x;
};

enum bpf_map_type___bpfd {
  BPF_MAP_TYPE_NO_SUCH___bpfd = 98,
  BPF_MAP_TYPE_RINGBUF___bpfd = 99,
};

// libbpf's BPF_CORE_READ_BITFIELD_PROBED (bpf_core_read.h), spelled out.
#define READ_BITFIELD(s, field)                                                                      \
  ({                                                                                                 \
    u64 val = 0;                                                                                     \
    bpf_probe_read_kernel(&val, __builtin_preserve_field_info((s)->field, 1),                        \
                          (const void *)(s) + __builtin_preserve_field_info((s)->field, 0));         \
    val <<= __builtin_preserve_field_info((s)->field, 4);                                            \
    if (__builtin_preserve_field_info((s)->field, 3))                                                \
      val = (u64)((long long)val >> __builtin_preserve_field_info((s)->field, 5));                   \
    else                                                                                             \
      val = val >> __builtin_preserve_field_info((s)->field, 5);                                     \
    val;                                                                                             \
  })

static void *(*bpf_map_lookup_elem)(void *map, const void *key) = (void *)1;
static u64 (*bpf_get_current_pid_tgid)(void) = (void *)14;
static u64 (*bpf_get_current_task)(void) = (void *)35;
static long (*bpf_probe_read_kernel)(void *dst, u32 size, const void *src) = (void *)113;

struct {
  __uint(type, 2);
  __type(key, u32);
  __type(value, u64);
  __uint(max_entries, 8);
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
  put(5, (u32)READ_BITFIELD((struct task_struct___bits *)task, pid) == (u32)id);
  put(6, __builtin_preserve_type_info(*(struct task_struct___bpfd *)0, 0) +
             2 * __builtin_preserve_type_info(*(struct no_such_type___bpfd *)0, 0) +
             4 * __builtin_preserve_enum_value(*(enum bpf_map_type___bpfd *)BPF_MAP_TYPE_RINGBUF___bpfd, 0) +
             8 * __builtin_preserve_enum_value(*(enum bpf_map_type___bpfd *)BPF_MAP_TYPE_NO_SUCH___bpfd, 0));
  put(7, __builtin_preserve_enum_value(*(enum bpf_map_type___bpfd *)BPF_MAP_TYPE_RINGBUF___bpfd, 1));
  return 0;
}

char LICENSE[] SEC("license") = "GPL";
