// object-attach-points.test: one program attached at three points, and a
// perf_event program, all through .bpfd.target (bpf-xcc --attach).
#include <uapi/linux/ptrace.h>
#include <uapi/linux/bpf_perf_event.h>

BPF_ARRAY(counts, u64, 2);
BPF_PERF_OUTPUT(idle); // never written: the test polls it to wait

int count_return(struct pt_regs *ctx) {
  counts.increment(0);
  return 0;
}

int count_sample(struct bpf_perf_event_data *ctx) {
  counts.increment(1);
  return 0;
}
