// A uprobe program in the shape bpf-xcc gives: its section names the probe,
// "uprobe/BINARY:SYMBOL" (-DTARGET=BINARY:SYMBOL). It counts the calls and
// sums their first argument (-DARG0_OFFSET: where the first argument
// register is in struct pt_regs), and sends one event at the EXPECTED-th
// call so that a poll wakes when all calls are in. With -DRC_OFFSET (where
// the return value register is) it is the uretprobe "uretprobe/BINARY:SYMBOL"
// instead, counting returns and summing the return values.
typedef unsigned int u32;
typedef unsigned long long u64;

#define SEC(name) __attribute__((section(name), used))
#define __uint(name, val) int (*name)[val]
#define __type(name, val) typeof(val) *name
#define STR2(x) #x
#define STR(x) STR2(x)

enum { MAP_ARRAY = 2, MAP_PERF_EVENT_ARRAY = 4 };
#define BPF_F_CURRENT_CPU 0xffffffffULL

static void *(*bpf_map_lookup_elem)(void *map, const void *key) = (void *)1;
static long (*bpf_perf_event_output)(void *ctx, void *map, u64 flags, void *data, u64 size) = (void *)25;

struct {
  __uint(type, MAP_ARRAY);
  __type(key, u32);
  __type(value, u64);
  __uint(max_entries, 2); // 0: calls (returns), 1: sum of the arguments (values)
} hits SEC(".maps");

struct {
  __uint(type, MAP_PERF_EVENT_ARRAY);
  __uint(key_size, sizeof(u32));
  __uint(value_size, sizeof(u32));
} done SEC(".maps");

static __attribute__((always_inline)) int count(void *ctx, int offset) {
  u32 k0 = 0, k1 = 1;
  u64 *calls = bpf_map_lookup_elem(&hits, &k0);
  u64 *sum = bpf_map_lookup_elem(&hits, &k1);
  if (!calls || !sum)
    return 0;
  *sum += *(u64 *)((char *)ctx + offset) & 0xffffffff;
  u64 n = ++*calls;
  if (n == EXPECTED)
    bpf_perf_event_output(ctx, &done, BPF_F_CURRENT_CPU, &n, sizeof n);
  return 0;
}

#ifdef RC_OFFSET
SEC("uretprobe/" STR(TARGET))
int on_return(void *ctx) { return count(ctx, RC_OFFSET); }
#else
SEC("uprobe/" STR(TARGET))
int on_call(void *ctx) { return count(ctx, ARG0_OFFSET); }
#endif

char LICENSE[] SEC("license") = "GPL";
