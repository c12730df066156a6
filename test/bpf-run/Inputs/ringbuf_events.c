// An object whose events go through a ring buffer: an open by the guest's
// workload is sent with bpf_ringbuf_output, and again reserved and submitted
// with ret = 1, then once more reserved and discarded (ret = 2, never shown).
// Built by Debian's clang-19 in the tests (no bpf-xcc), with the hint
// bpf-xcc writes into `.bpfd.meta`.
typedef unsigned int __u32;
typedef int __s32;
typedef unsigned long long __u64;
#define SEC(n) __attribute__((section(n), used))
#define __uint(name, val) int (*name)[val]

static long (*bpf_get_current_pid_tgid)(void) = (void *)14;
static long (*bpf_get_current_comm)(void *buf, __u32 size) = (void *)16;
static long (*bpf_ringbuf_output)(void *ringbuf, void *data, __u64 size, __u64 flags) = (void *)130;
static void *(*bpf_ringbuf_reserve)(void *ringbuf, __u64 size, __u64 flags) = (void *)131;
static void (*bpf_ringbuf_submit)(void *data, __u64 flags) = (void *)132;
static void (*bpf_ringbuf_discard)(void *data, __u64 flags) = (void *)133;

struct event { __u32 pid; char comm[16]; __s32 ret; };
struct { __uint(type, 27); __uint(max_entries, 16384); } events SEC(".maps");

static struct event *__bpfd_event_events SEC(".bpfd.meta");

SEC("kprobe/do_sys_openat2") int trace_open(void *ctx) {
  struct event e = {};
  e.pid = bpf_get_current_pid_tgid() >> 32;
  bpf_get_current_comm(e.comm, sizeof(e.comm));
  bpf_ringbuf_output(&events, &e, sizeof(e), 0);
  struct event *r = bpf_ringbuf_reserve(&events, sizeof(*r), 0);
  if (!r)
    return 0;
  *r = e;
  r->ret = 1;
  bpf_ringbuf_submit(r, 0);
  r = bpf_ringbuf_reserve(&events, sizeof(*r), 0);
  if (!r)
    return 0;
  *r = e;
  r->ret = 2;
  bpf_ringbuf_discard(r, 0);
  return 0;
}
char _license[] SEC("license") = "GPL";
