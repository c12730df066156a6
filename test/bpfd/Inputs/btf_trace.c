// BTF-attached programs (bpfconv: fentry/, fexit/, tp_btf/), counting into
// `counts` (u64 each):
//   0: do_sys_openat2 entries whose dfd argument is AT_FDCWD (fentry)
//   1: do_sys_openat2 returns of a file descriptor (fexit, ret >= 0)
//   2: do_sys_openat2 returns of -ENOENT (fexit)
//   3: sched_process_exec events (tp_btf)
// With -DTP_BTF_ONLY, the tp_btf program alone (a kernel without BPF
// trampolines: arm64 before 6.4).
// A tracing program's context is the target's arguments as u64s; fexit's
// return value follows them (do_sys_openat2 has three). It is read as an
// int: 7.x's do_sys_openat2 returns int (6.x's long), and the trampoline
// keeps the register whole, so a long read of 7.x's -ENOENT is 0xfffffffe.
typedef unsigned int u32;
typedef unsigned long long u64;
#define SEC(name) __attribute__((section(name), used))
#define __uint(name, val) int (*name)[val]
#define __type(name, val) typeof(val) *name

static void *(*bpf_map_lookup_elem)(void *map, const void *key) = (void *)1;

struct {
  __uint(type, 2);
  __type(key, u32);
  __type(value, u64);
  __uint(max_entries, 4);
} counts SEC(".maps");

// Never written: the test's PERF_READER_POLL on it is a sleep.
struct {
  __uint(type, 4);
  __uint(key_size, 4);
  __uint(value_size, 4);
} idle SEC(".maps");

static __attribute__((always_inline)) void bump(u32 key) {
  u64 *slot = bpf_map_lookup_elem(&counts, &key);
  if (slot)
    __sync_fetch_and_add(slot, 1);
}

#ifndef TP_BTF_ONLY
SEC("fentry/do_sys_openat2") int open_entry(u64 *ctx) {
  if ((int)ctx[0] == -100)
    bump(0);
  return 0;
}

SEC("fexit/do_sys_openat2") int open_exit(u64 *ctx) {
  int ret = (int)ctx[3];
  if (ret >= 0)
    bump(1);
  else if (ret == -2)
    bump(2);
  return 0;
}
#endif

SEC("tp_btf/sched_process_exec") int exec_seen(u64 *ctx) {
  bump(3);
  return 0;
}

char LICENSE[] SEC("license") = "GPL";
