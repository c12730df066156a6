// kprobes and uprobes through tracefs (kprobe_events / uprobe_events), for
// kernels without the kprobe and uprobe PMUs (before 4.17, e.g. Android 4.14
// devices): an event bpfd/<k|u><pid>_<n> is created, opened as a tracepoint
// perf event, and removed again once its perf event is closed.
#ifndef BPFD_DAEMON_PROBE_EVENTS_H
#define BPFD_DAEMON_PROBE_EVENTS_H

#include "support.h"

namespace bpfd {

// Set by `bpfd --tracefs-probes`: use tracefs even where the PMUs exist.
extern bool gTracefsProbes;

// TARGET: "FUNC" or "FUNC+0xOFF" (kprobe), "PATH:0xOFF" (uprobe). Returns the
// perf event fd (pid -1: every process, on CPU 0's event), or -errno with msg.
int openTracefsProbe(bool uprobe, bool ret, const char *target, int pid, char *msg, size_t cap);

// After fd was closed: removes the tracefs event made for it, if any.
void removeTracefsProbe(int fd);

// Removes the events of bpfd processes that are gone (a bpfd that was
// SIGKILLed cannot remove its own): bpfd/<k|u><pid>_<n> whose PID is not a
// running bpfd. Each is named on stderr. Returns how many were removed.
int reapStaleProbeEvents();

} // namespace bpfd

#endif
