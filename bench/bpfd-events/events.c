// bench/bpfd-events.py: one perf event per system call entry (its timestamp)
// and a count of every event generated, to compare with what a reader
// forwards. BCC's C; the same text for both sides: BCC compiles it in the
// guest (bcc-events.py), bpf-xcc on the host for bpfd. on_sys_enter is
// attached to raw_syscalls:sys_enter once the perf buffer is open.
BPF_ARRAY(generated, u64, 1);
BPF_PERF_OUTPUT(events);

int on_sys_enter(void *ctx) {
  u32 key = 0;
  u64 *n = generated.lookup(&key);
  if (n)
    __sync_fetch_and_add(n, 1);
  u64 ts = bpf_ktime_get_ns();
  events.perf_submit(ctx, &ts, sizeof ts);
  return 0;
}
