// The shapes of BCC tools' data that bpf-run shows the way their Python does:
// a perf event with a pid_tgid `id`, a microsecond `ts` and a kernel stack id;
// an entry/return scratch hash the program deletes from (opensnoop's
// infotmp); a hash with a scalar key; a hash keyed by stack ids; one function
// attached at several points (the `attach=` lines bpf-xcc writes into
// `.bpfd.target`). Built by Debian's clang-19 (no bpf-xcc), with the hints
// bpf-xcc writes into `.bpfd.meta`.
typedef unsigned int __u32;
typedef int __s32;
typedef unsigned long long __u64;
#define SEC(n) __attribute__((section(n), used))
#define __uint(name, val) int (*name)[val]
#define __type(name, val) typeof(val) *name

static __u64 (*bpf_get_current_pid_tgid)(void) = (void *)14;
static long (*bpf_get_current_comm)(void *buf, __u32 size) = (void *)16;
static __u64 (*bpf_ktime_get_ns)(void) = (void *)5;
static long (*bpf_perf_event_output)(void *ctx, void *map, __u64 flags, void *data,
                                     __u64 size) = (void *)25;
static void *(*bpf_map_lookup_elem)(void *map, const void *key) = (void *)1;
static long (*bpf_map_update_elem)(void *map, const void *key, const void *value,
                                   __u64 flags) = (void *)2;
static long (*bpf_map_delete_elem)(void *map, const void *key) = (void *)3;
static long (*bpf_get_stackid)(void *ctx, void *map, __u64 flags) = (void *)27;

struct data_t { __u64 id; __u64 ts; __s32 kernel_stack_id; char comm[16]; };
struct { __uint(type, 4); __uint(key_size, 4); __uint(value_size, 4); } events SEC(".maps");
struct val_t { __u64 id; char comm[16]; };
struct { __uint(type, 1); __type(key, __u64); __type(value, struct val_t);
         __uint(max_entries, 1024); } infotmp SEC(".maps");
struct { __uint(type, 1); __type(key, __u32); __type(value, __u64);
         __uint(max_entries, 1024); } counts SEC(".maps");
struct { __uint(type, 7); __uint(key_size, 4); __uint(value_size, 8 * 127);
         __uint(max_entries, 1024); } stack_traces SEC(".maps");
struct stack_key_t { __u32 tgid; __s32 kernel_stack_id; };
struct { __uint(type, 1); __type(key, struct stack_key_t); __type(value, __u64);
         __uint(max_entries, 1024); } stacks SEC(".maps");

static struct data_t *__bpfd_event_events SEC(".bpfd.meta");
char __bpfd_target[] SEC(".bpfd.target") =
    "arch=arm64\n"
    "producer=bpf-xcc\n"
    "attach=trace_entry kprobe/do_open\n"
    "attach=trace_return kretprobe/do_open\n"
    "attach=trace_return kretprobe/do_open2\n"
    "attach=trace_return kretprobe/do_gone\n"
    "attach=trace_return tracepoint/syscalls/sys_exit_open\n"
    "attach=trace_return uretprobe//bin/bash:readline\n";

SEC("kprobe/do_open") int trace_entry(void *ctx) {
  __u64 id = bpf_get_current_pid_tgid();
  struct val_t val = {};
  val.id = id;
  bpf_get_current_comm(val.comm, sizeof(val.comm));
  bpf_map_update_elem(&infotmp, &id, &val, 0);
  return 0;
}

SEC("kretprobe/do_open") int trace_return(void *ctx) {
  __u64 id = bpf_get_current_pid_tgid();
  struct val_t *valp = bpf_map_lookup_elem(&infotmp, &id);
  if (!valp)
    return 0;
  struct data_t data = {};
  data.id = valp->id;
  data.ts = bpf_ktime_get_ns() / 1000;
  data.kernel_stack_id = bpf_get_stackid(ctx, &stack_traces, 0);
  bpf_get_current_comm(data.comm, sizeof(data.comm));
  bpf_perf_event_output(ctx, &events, 0xffffffffULL, &data, sizeof(data));
  __u32 pid = id >> 32;
  __u64 one = 1, *count = bpf_map_lookup_elem(&counts, &pid);
  if (count)
    __sync_fetch_and_add(count, 1);
  else
    bpf_map_update_elem(&counts, &pid, &one, 0);
  struct stack_key_t key = {pid, data.kernel_stack_id};
  bpf_map_update_elem(&stacks, &key, &one, 0);
  bpf_map_delete_elem(&infotmp, &id);
  return 0;
}
char _license[] SEC("license") = "GPL";
