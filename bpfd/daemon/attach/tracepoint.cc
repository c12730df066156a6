// tracepoint/CAT/NAME (a perf event of the tracefs event) and
// raw_tracepoint/NAME (BPF_RAW_TRACEPOINT_OPEN).
#include "attach/family.h"
#include "bpf_syscall.h"
#include "kernel_info.h"

#include <stdio.h>
#include <unistd.h>

namespace bpfd {

int attachTracepoint(int progFd, StrRef cat, StrRef name, AttachReport &r) {
  int id = traceEventId(cat, name, r.msg, sizeof r.msg);
  if (id < 0) return id;
  int fd = perfTracepointOpen(id, -1);
  if (fd < 0) { snprintf(r.msg, sizeof r.msg, "perf_event_open(tracepoint %.*s/%.*s) failed: %s", (int)cat.n, cat.p, (int)name.n, name.p, strerror(-fd)); return fd; }
  int err = attachPerfFd(fd, progFd);
  if (err < 0) { close(fd); snprintf(r.msg, sizeof r.msg, "attaching the program to the tracepoint failed: %s", strerror(-err)); return err; }
  return fd;
}

int attachRawTracepoint(int progFd, const char *name, AttachReport &r) {
  int fd = bpfRawTracepointOpen(name, progFd);
  if (fd < 0) snprintf(r.msg, sizeof r.msg, "BPF_RAW_TRACEPOINT_OPEN(%s) failed: %s", name, strerror(-fd));
  return fd;
}

} // namespace bpfd
