// A tracepoint program (raw_syscalls/sys_enter) that sends the guest's
// syscall entries through a perf event array (bpf_perf_event_output) until
// max_events have been delivered: an entry before the loader has opened
// the perf buffer (its CPU's slot still empty) fails and does not count,
// so the delivered records are the same in every run, whichever loader:
// seq 0..7, 200 + seq, 1 (the syscall number in range), "perf", 20 (the
// record's size, which needs no padding in a perf sample).
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>

struct event {
  u32 seq;
  u32 value;
  u32 id_ok;
  u32 magic;
  u32 size;
};

const volatile u32 max_events = 8;
u32 delivered;

struct {
  __uint(type, BPF_MAP_TYPE_PERF_EVENT_ARRAY);
  __uint(key_size, sizeof(u32));
  __uint(value_size, sizeof(u32));
} events SEC(".maps");

SEC("tracepoint/raw_syscalls/sys_enter")
int on_sys_enter(struct trace_event_raw_sys_enter *ctx) {
  if (delivered >= max_events)
    return 0;
  struct event e = {
      .seq = delivered,
      .value = 200 + delivered,
      .id_ok = ctx->id >= 0 && ctx->id < 1024,
      .magic = 0x66726570,
      .size = sizeof e,
  };
  if (bpf_perf_event_output(ctx, &events, BPF_F_CURRENT_CPU, &e, sizeof e) == 0)
    delivered++;
  return 0;
}

char LICENSE[] SEC("license") = "GPL";
