// A BPF object in the shape bpf-xcc and `clang -target bpf -O2 -g -c` give:
// BTF-defined maps, a .rodata constant, a bpf-to-bpf call into .text, a
// kprobe program that counts calls and sends an event per call.
// The kprobe is on __sys_bpf, which bpfd's own later commands hit.
typedef unsigned int u32;
typedef unsigned long long u64;

#define SEC(name) __attribute__((section(name), used))
#define __uint(name, val) int (*name)[val]
#define __type(name, val) typeof(val) *name

enum { MAP_ARRAY = 2, MAP_PERF_EVENT_ARRAY = 4 };
#define BPF_F_CURRENT_CPU 0xffffffffULL

static void *(*bpf_map_lookup_elem)(void *map, const void *key) = (void *)1;
static u64 (*bpf_get_current_pid_tgid)(void) = (void *)14;
static long (*bpf_perf_event_output)(void *ctx, void *map, u64 flags, void *data, u64 size) = (void *)25;

struct {
  __uint(type, MAP_ARRAY);
  __type(key, u32);
  __type(value, u64);
  __uint(max_entries, 1);
} counts SEC(".maps");

struct {
  __uint(type, MAP_PERF_EVENT_ARRAY);
  __uint(key_size, sizeof(u32));
  __uint(value_size, sizeof(u32));
} events SEC(".maps");

const volatile u32 magic = 0x12345678;

struct event {
  u32 magic;
  u32 pid;
};

static __attribute__((noinline)) int bump(u64 *counter) {
  __sync_fetch_and_add(counter, 1);
  return 1;
}

SEC("kprobe/__sys_bpf")
int on_sys_bpf(void *ctx) {
  u32 key = 0;
  u64 *counter = bpf_map_lookup_elem(&counts, &key);
  if (counter)
    bump(counter);
  struct event e = {magic, (u32)(bpf_get_current_pid_tgid() >> 32)};
  bpf_perf_event_output(ctx, &events, BPF_F_CURRENT_CPU, &e, sizeof e);
  return 0;
}

char LICENSE[] SEC("license") = "GPL";
