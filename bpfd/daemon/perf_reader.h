// Per-CPU perf ring buffers for BPF_MAP_TYPE_PERF_EVENT_ARRAY output.
#ifndef BPFD_DAEMON_PERF_READER_H
#define BPFD_DAEMON_PERF_READER_H

#include "reply.h"

namespace bpfd {

struct PerfRing {
  int cpu;
  int fd;
  void *base;    // mmapped header page + data pages
  size_t dataSize;
};

class PerfReader {
public:
  ~PerfReader();
  // Opens one BPF_OUTPUT event per possible CPU, each with `pages` data pages,
  // and stores the fds in mapFd at key cpu. Returns 0 or -errno with msg.
  int open(int mapFd, unsigned pages, char *msg, size_t msgCap);
  int handle() const { return rings_.empty() ? -1 : rings_[0].fd; }
  const Vec<PerfRing> &rings() const { return rings_; }
  Vec<PerfRing> &rings() { return rings_; }

private:
  Vec<PerfRing> rings_;
};

// Appends "+ sample H CPU B64" / "+ lost H CPU N" lines for the records of
// every ring of `readers`, at most `budget`, in the order the kernel stamped
// them (PERF_SAMPLE_TIME), across CPUs and readers: a task that migrates
// between two outputs (execve moves the exec'ing task to another CPU) has
// its events delivered in the order it wrote them, whichever ring holds
// them. A ring's lost-records note comes before its later samples.
size_t drainInTimeOrder(const Vec<PerfReader *> &readers, Reply &out, size_t budget);

} // namespace bpfd

#endif
