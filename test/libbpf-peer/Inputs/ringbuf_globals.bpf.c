// A tracepoint program (raw_syscalls/sys_enter, its context through
// vmlinux.h's trace_event_raw_sys_enter) that writes the guest's first
// max_events syscall entries to a ring buffer, the even ones reserved and
// submitted, the odd ones with bpf_ringbuf_output, and keeps its state in
// global data: max_events and magic in .rodata (const volatile), base in
// .data, emitted in .bss. Each record: seq (0, 1, ...), base + seq, 1 if
// the syscall number read from the context is in range, magic. The guest
// has one CPU and a tracepoint program does not nest, so the records are
// the same in every run: seq 0..7, 100..107, 1, 0x70656572 ("reep").
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>

struct event {
  u32 seq;
  u32 value;
  u32 id_ok;
  u32 magic;
};

const volatile u32 max_events = 8;
const volatile u32 magic = 0x70656572;
u32 base = 100;
u32 emitted;

struct {
  __uint(type, BPF_MAP_TYPE_RINGBUF);
  __uint(max_entries, 4096);
} events SEC(".maps");

SEC("tracepoint/raw_syscalls/sys_enter")
int on_sys_enter(struct trace_event_raw_sys_enter *ctx) {
  if (emitted >= max_events)
    return 0;
  u32 seq = emitted++;
  struct event e = {
      .seq = seq,
      .value = base + seq,
      .id_ok = ctx->id >= 0 && ctx->id < 1024,
      .magic = magic,
  };
  if (seq % 2) {
    bpf_ringbuf_output(&events, &e, sizeof e, 0);
    return 0;
  }
  struct event *slot = bpf_ringbuf_reserve(&events, sizeof *slot, 0);
  if (!slot)
    return 0;
  *slot = e;
  bpf_ringbuf_submit(slot, 0);
  return 0;
}

char LICENSE[] SEC("license") = "GPL";
