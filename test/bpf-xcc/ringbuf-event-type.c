// BPF_RINGBUF_OUTPUT's records get an event type for bpf-run as a perf map's
// do (.bpfd.meta's __bpfd_event_<map>): the struct passed to ringbuf_output,
// or the reservation given to ringbuf_submit; each map its own.
// REQUIRES: kernel-arm64
// RUN: bpf-xcc --arch arm64 --kernel %headers_arm64 %s -o %t.o
// RUN: bpf-run --describe %t.o | FileCheck %s
// CHECK-DAG: map sent type=ringbuf key_size=0 value_size=0 max_entries=8192
// CHECK-DAG: events struct sent_t: pid@0/4 len@4/4
// CHECK-DAG: map reserved type=ringbuf key_size=0 value_size=0 max_entries=4096
// CHECK-DAG: events struct reserved_t: ts(time)@0/8 comm@8/16

#include <uapi/linux/ptrace.h>

struct sent_t {
  u32 pid;
  u32 len;
};
struct reserved_t {
  u64 ts;
  char comm[16];
};
BPF_RINGBUF_OUTPUT(sent, 2);
BPF_RINGBUF_OUTPUT(reserved, 1);

int kprobe__vfs_read(struct pt_regs *ctx) {
  struct sent_t s = {};
  s.pid = bpf_get_current_pid_tgid() >> 32;
  s.len = 1;
  sent.ringbuf_output(&s, sizeof(s), 0);
  struct reserved_t *r = reserved.ringbuf_reserve(sizeof(struct reserved_t));
  if (!r)
    return 0;
  r->ts = bpf_ktime_get_ns();
  bpf_get_current_comm(&r->comm, sizeof(r->comm));
  reserved.ringbuf_submit(r, 0);
  return 0;
}
