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
//
// batch (PERF_READER_POLL TIMEOUT_MS batch ...): the same records in the same
// order, samples framed as "+ samples H CPU COUNT B64" lines instead: each
// line holds a run of consecutive samples of one ring (the next record of
// the merge from another ring, a lost note, or a line's kBatchLineBytes
// ends it), B64 the records one after the other, each a little-endian u32
// length and its bytes; a record is never split between two lines.
size_t drainInTimeOrder(const Vec<PerfReader *> &readers, Reply &out, size_t budget, bool batch = false);

// The most bytes (length words included) a batch line's B64 encodes: its
// base64 is 262,144 characters, a quarter of max_line. A sample (at most
// 65,535 bytes: perf records have 16-bit sizes) always fits whole.
constexpr size_t kBatchLineBytes = 196608;

} // namespace bpfd

#endif
