// Every syscall entry in the guest takes the next number of one global
// sequence and writes it to the per-CPU perf buffer of the CPU it runs on, so
// the order in which bpfd delivers samples can be compared with the order in
// which they were written, across CPUs. (clang -target bpf -mcpu=v3: the
// fetch-and-add's result is used.)
typedef unsigned int u32;
typedef unsigned long long u64;

#define SEC(name) __attribute__((section(name), used))
#define __uint(name, val) int (*name)[val]
#define __type(name, val) typeof(val) *name

enum { MAP_ARRAY = 2, MAP_PERF_EVENT_ARRAY = 4 };
#define BPF_F_CURRENT_CPU 0xffffffffULL

static void *(*bpf_map_lookup_elem)(void *map, const void *key) = (void *)1;
static long (*bpf_perf_event_output)(void *ctx, void *map, u64 flags, void *data, u64 size) = (void *)25;

struct {
  __uint(type, MAP_ARRAY);
  __type(key, u32);
  __type(value, u64);
  __uint(max_entries, 1);
} sequence SEC(".maps");

struct {
  __uint(type, MAP_PERF_EVENT_ARRAY);
  __uint(key_size, sizeof(u32));
  __uint(value_size, sizeof(u32));
} events SEC(".maps");

SEC("tracepoint/raw_syscalls/sys_enter")
int on_sys_enter(void *ctx) {
  u32 key = 0;
  u64 *next = bpf_map_lookup_elem(&sequence, &key);
  if (!next)
    return 0;
  u64 n = __sync_fetch_and_add(next, 1);
  bpf_perf_event_output(ctx, &events, BPF_F_CURRENT_CPU, &n, sizeof n);
  return 0;
}

char LICENSE[] SEC("license") = "GPL";
