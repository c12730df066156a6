// opensnoop-style: the openat syscall's tracepoints (entry keeps the file
// name's address by thread, exit sends pid, result and name through a
// perf event array).
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>

struct trace_event_raw_sys_exit {
  struct trace_entry ent;
  long id;
  long ret;
} __attribute__((preserve_access_index));

struct event {
  u32 pid;
  s32 ret;
  char name[64];
};

struct {
  __uint(type, BPF_MAP_TYPE_HASH);
  __type(key, u32);
  __type(value, u64);
  __uint(max_entries, 1024);
} names SEC(".maps");

struct {
  __uint(type, BPF_MAP_TYPE_PERF_EVENT_ARRAY);
  __uint(key_size, sizeof(u32));
  __uint(value_size, sizeof(u32));
} events SEC(".maps");

SEC("tracepoint/syscalls/sys_enter_openat")
int openat_enter(struct trace_event_raw_sys_enter *ctx) {
  u32 tid = (u32)bpf_get_current_pid_tgid();
  u64 name = ctx->args[1];
  bpf_map_update_elem(&names, &tid, &name, BPF_ANY);
  return 0;
}

SEC("tracepoint/syscalls/sys_exit_openat")
int openat_exit(struct trace_event_raw_sys_exit *ctx) {
  u64 id = bpf_get_current_pid_tgid();
  u32 tid = (u32)id;
  u64 *name = bpf_map_lookup_elem(&names, &tid);
  if (!name)
    return 0;
  struct event e = {.pid = id >> 32, .ret = ctx->ret};
  bpf_probe_read_user_str(e.name, sizeof e.name, (const void *)*name);
  bpf_perf_event_output(ctx, &events, BPF_F_CURRENT_CPU, &e, sizeof e);
  bpf_map_delete_elem(&names, &tid);
  return 0;
}

char LICENSE[] SEC("license") = "GPL";
