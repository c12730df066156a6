// A tiny object with one of each map bpf-run presents. Built by Debian's
// clang-19 in the tests (a plain BPF object, no bpf-xcc), with the hints
// bpf-xcc writes into `.bpfd.meta`.
typedef unsigned int __u32;
typedef int __s32;
typedef unsigned long long __u64;
#define SEC(n) __attribute__((section(n), used))
#define __uint(name, val) int (*name)[val]
#define __type(name, val) typeof(val) *name

static long (*bpf_get_current_pid_tgid)(void) = (void *)14;
static long (*bpf_get_current_comm)(void *buf, __u32 size) = (void *)16;
static long (*bpf_ktime_get_ns)(void) = (void *)5;
static long (*bpf_perf_event_output)(void *ctx, void *map, __u64 flags, void *data,
                                     __u64 size) = (void *)25;
static void *(*bpf_map_lookup_elem)(void *map, const void *key) = (void *)1;

struct event { __u32 pid; char comm[16]; __u64 ts; __s32 ret; };
struct { __uint(type, 4); __uint(key_size, 4); __uint(value_size, 4); } events SEC(".maps");
struct key_t { __u32 pid; char name[16]; };
struct val_t { __u64 reads; __u64 rbytes; };
struct { __uint(type, 1); __type(key, struct key_t); __type(value, struct val_t);
         __uint(max_entries, 1024); } counts SEC(".maps");
struct { __uint(type, 2); __type(key, int); __type(value, __u64);
         __uint(max_entries, 64); } dist SEC(".maps");

static struct event *__bpfd_event_events SEC(".bpfd.meta");
static int __bpfd_log2hist_dist SEC(".bpfd.meta");

SEC("kprobe/do_sys_openat2") int trace_open(void *ctx) {
  struct event e = {};
  e.pid = bpf_get_current_pid_tgid() >> 32;
  bpf_get_current_comm(e.comm, sizeof(e.comm));
  e.ts = bpf_ktime_get_ns();
  bpf_perf_event_output(ctx, &events, 0xffffffffULL, &e, sizeof(e));
  int slot = 3;
  __u64 *count = bpf_map_lookup_elem(&dist, &slot);
  if (count)
    __sync_fetch_and_add(count, 1);
  return 0;
}
char _license[] SEC("license") = "GPL";
