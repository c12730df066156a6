// TRACEPOINT_PROBE is found in the preprocessed program, not in its text: one
// in a comment or an #if 0 block names no tracepoint, so a tracepoint no
// header defines there demands no format; one reached through a macro of the
// program's own is found at the line of its use.
// REQUIRES: kernel-arm64
// RUN: bpf-xcc --arch arm64 --kernel %headers_arm64 %s -o %t.o 2>&1 | FileCheck %s --allow-empty --check-prefix=QUIET
// RUN: llvm-readelf -S %t.o | FileCheck %s --check-prefix=SECTIONS
// RUN: not bpf-xcc --arch arm64 --kernel %headers_arm64 -DREACH_MISSING %s -o %t.o 2>&1 | FileCheck %s --check-prefix=MISSING

// QUIET-NOT: error
// QUIET-NOT: warning
// SECTIONS: ] tracepoint/sched/sched_switch PROGBITS
// SECTIONS-NOT: nosuchcat
// MISSING: tp-probe-detection.c:[[@LINE+15]]: error: no format for tracepoint nosuchcat:nosuchevent: no header under {{.*}}/include/trace/events defines TRACE_SYSTEM nosuchcat

/* A commented-out probe:
TRACEPOINT_PROBE(nosuchcat, nosuchevent) { return 0; }
*/
// TRACEPOINT_PROBE(nosuchcat, nosuchevent2) { return 0; }

#if 0
TRACEPOINT_PROBE(nosuchcat, nosuchevent3) { return 0; }
struct tracepoint__nosuchcat__nosuchevent4 *p;
#endif

#define PROBE_OF(cat, ev) TRACEPOINT_PROBE(cat, ev)

#ifdef REACH_MISSING
PROBE_OF(nosuchcat, nosuchevent) { return 0; }
#endif

BPF_HASH(counts, u32, u64);

PROBE_OF(sched, sched_switch) {
  u32 pid = args->next_pid;
  counts.increment(pid);
  return 0;
}
