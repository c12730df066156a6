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
  // Appends "+ sample H CPU B64" / "+ lost H CPU N" lines; at most budget records.
  size_t drain(Reply &out, size_t budget);
  const Vec<PerfRing> &rings() const { return rings_; }

private:
  Vec<PerfRing> rings_;
  Bytes scratch_;
};

} // namespace bpfd

#endif
