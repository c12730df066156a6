// bench/bpfd-events.sh: one perf event per syscall entry (timestamp), and a
// counter of every event generated, to compare with what bpfd forwards.
typedef unsigned int u32;
typedef unsigned long long u64;
#define SEC(name) __attribute__((section(name), used))
#define __uint(name, val) int (*name)[val]
#define __type(name, val) typeof(val) *name
static void *(*bpf_map_lookup_elem)(void *map, const void *key) = (void *)1;
static u64 (*bpf_ktime_get_ns)(void) = (void *)5;
static long (*bpf_perf_event_output)(void *ctx, void *map, u64 flags, void *data, u64 size) = (void *)25;

struct { __uint(type, 2); __type(key, u32); __type(value, u64); __uint(max_entries, 1); } generated SEC(".maps");
struct { __uint(type, 4); __uint(key_size, 4); __uint(value_size, 4); } events SEC(".maps");

SEC("tracepoint/raw_syscalls/sys_enter")
int on_sys_enter(void *ctx) {
  u32 key = 0;
  u64 *n = bpf_map_lookup_elem(&generated, &key);
  if (n)
    __sync_fetch_and_add(n, 1);
  u64 ts = bpf_ktime_get_ns();
  bpf_perf_event_output(ctx, &events, 0xffffffffULL, &ts, sizeof ts);
  return 0;
}
char LICENSE[] SEC("license") = "GPL";
