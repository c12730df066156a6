// libbpf's syscall probes: ksyscall/SYSCALL and kretsyscall/SYSCALL
// (-DSYSCALL=NAME, bpf by default: bpfd's own calls hit it), counting their
// runs in `calls` (slot 0 the entries, 1 the returns). -DBARE: the sections
// without a syscall (loaded, not attached, as libbpf).
typedef unsigned int u32;
typedef unsigned long long u64;
#define SEC(name) __attribute__((section(name), used))
#define __uint(name, val) int (*name)[val]
#define __type(name, val) typeof(val) *name
#define STR(x) #x
#define XSTR(x) STR(x)
#ifndef SYSCALL
#define SYSCALL bpf
#endif
#ifdef BARE
#define ENTRY "ksyscall"
#define RETURN "kretsyscall"
#else
#define ENTRY "ksyscall/" XSTR(SYSCALL)
#define RETURN "kretsyscall/" XSTR(SYSCALL)
#endif

static void *(*bpf_map_lookup_elem)(void *map, const void *key) = (void *)1;

struct {
  __uint(type, 2);
  __type(key, u32);
  __type(value, u64);
  __uint(max_entries, 2);
} calls SEC(".maps");

static __attribute__((always_inline)) void count(u32 which) {
  u64 *c = bpf_map_lookup_elem(&calls, &which);
  if (c)
    __sync_fetch_and_add(c, 1);
}

SEC(ENTRY) int on_entry(void *ctx) {
  count(0);
  return 0;
}

SEC(RETURN) int on_return(void *ctx) {
  count(1);
  return 0;
}

char LICENSE[] SEC("license") = "GPL";
