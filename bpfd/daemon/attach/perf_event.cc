// perf_event/TYPE/CONFIG/freq=HZ|period=N: a perf event on every CPU (or
// one), each with the program attached, kept as one PerfEvent handle.
#include "attach/family.h"
#include "bpf_syscall.h"

#include <errno.h>
#include <stdio.h>
#include <unistd.h>

namespace bpfd {

int attachPerfEvent(Session &s, int progFd, uint32_t type, uint64_t config, uint64_t period, bool freq, int cpu,
                    AttachReport &r) {
  int ncpu = possibleCpus();
  int first = cpu < 0 ? 0 : cpu, last = cpu < 0 ? ncpu - 1 : cpu;
  Vec<int> fds;
  for (int c = first; c <= last; ++c) {
    struct perf_event_attr attr;
    memset(&attr, 0, sizeof attr);
    attr.size = sizeof attr;
    attr.type = type;
    attr.config = config;
    attr.freq = freq;
    attr.sample_period = period; // sample_freq shares the field
    int fd = sysPerfEventOpen(&attr, -1, c, -1, PERF_FLAG_FD_CLOEXEC);
    if (fd == -ENODEV && cpu < 0) continue; // offline CPU
    int err = fd < 0 ? fd : attachPerfFd(fd, progFd);
    if (err < 0) {
      if (fd >= 0) close(fd);
      for (int f : fds) close(f);
      snprintf(r.msg, sizeof r.msg, "perf event type %u config %llu on cpu %d: %s", type, (unsigned long long)config, c,
               strerror(-err));
      return err;
    }
    fds.push(fd);
  }
  if (fds.empty()) { snprintf(r.msg, sizeof r.msg, "no CPU took the perf event"); return -ENODEV; }
  int *extra = nullptr;
  int extraCount = (int)fds.size() - 1;
  if (extraCount) {
    extra = static_cast<int *>(malloc(sizeof(int) * extraCount));
    if (!extra) { for (int f : fds) close(f); snprintf(r.msg, sizeof r.msg, "out of memory"); return -ENOMEM; }
    memcpy(extra, fds.data() + 1, sizeof(int) * extraCount);
  }
  char name[64];
  snprintf(name, sizeof name, "%u:%llu", type, (unsigned long long)config);
  s.addHandle(fds[0], HandleKind::PerfEvent, name, extra, extraCount);
  return fds[0];
}

} // namespace bpfd
