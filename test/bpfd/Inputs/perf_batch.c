// Bursts of perf samples on demand, for PERF_READER_POLL's reply forms
// (perf-batch-*.test). A command sets a count in `go`; the next syscall entry
// in the guest (bpfd's own write of the reply) takes it (xchg with 0) and
// writes that many samples in one run, on its CPU:
//   go[0] = N: samples 0..N-1 of 8, 16, 24, 32 bytes (by i % 4), to `events`,
//              every tenth (i % 10 == 9) to `other`;
//   go[1] = N: samples of 252 bytes to `big` (256 with their length word);
//   go[2] = N: samples of 8 bytes to `tiny` (opened with one page: a burst
//              larger than the ring loses samples).
// Each sample's first word is i | N << 32, so two bursts of the same N are
// the same stream. (clang -target bpf -mcpu=v3: xchg.)
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
  __uint(max_entries, 3);
} go SEC(".maps");

#define PERF_MAP(name)                                                                             \
  struct {                                                                                         \
    __uint(type, MAP_PERF_EVENT_ARRAY);                                                            \
    __uint(key_size, sizeof(u32));                                                                 \
    __uint(value_size, sizeof(u32));                                                               \
  } name SEC(".maps")

PERF_MAP(events);
PERF_MAP(other);
PERF_MAP(big);
PERF_MAP(tiny);

static __attribute__((always_inline)) u64 take(u32 key) {
  u64 *n = bpf_map_lookup_elem(&go, &key);
  if (!n)
    return 0;
  return __sync_lock_test_and_set(n, 0);
}

SEC("tracepoint/raw_syscalls/sys_enter")
int on_sys_enter(void *ctx) {
  u64 buf[32];
  for (u32 k = 0; k < 32; ++k)
    buf[k] = 0x0101010101010101ULL * (k + 1);
  u64 n = take(0);
  for (u32 i = 0; i < 4000 && i < n; ++i) {
    buf[0] = i | n << 32;
    u64 size = ((i & 3) + 1) * 8;
    bpf_perf_event_output(ctx, i % 10 == 9 ? (void *)&other : (void *)&events, BPF_F_CURRENT_CPU, buf, size);
  }
  n = take(1);
  for (u32 i = 0; i < 2000 && i < n; ++i) {
    buf[0] = i | n << 32;
    bpf_perf_event_output(ctx, &big, BPF_F_CURRENT_CPU, buf, 252);
  }
  n = take(2);
  for (u32 i = 0; i < 1000 && i < n; ++i) {
    buf[0] = i | n << 32;
    bpf_perf_event_output(ctx, &tiny, BPF_F_CURRENT_CPU, buf, 8);
  }
  return 0;
}

char LICENSE[] SEC("license") = "GPL";
