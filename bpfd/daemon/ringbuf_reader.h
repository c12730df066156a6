// The consumer side of a BPF_MAP_TYPE_RINGBUF map: one shared ring for all
// CPUs, written with bpf_ringbuf_output or bpf_ringbuf_reserve/submit/discard.
#ifndef BPFD_DAEMON_RINGBUF_READER_H
#define BPFD_DAEMON_RINGBUF_READER_H

#include "reply.h"

namespace bpfd {

class RingbufReader {
public:
  ~RingbufReader();
  // Maps the ring of mapFd (a ringbuf map): its consumer page read-write,
  // its producer page and data pages (mapped twice, back to back, by the
  // kernel) read-only. The handle is a duplicate of mapFd, so that closing
  // the reader leaves the map's own handle open. Returns 0 or -errno with msg.
  int open(int mapFd, char *msg, size_t msgCap);
  int handle() const { return fd_; }
  // Appends a "+ ringbuf H B64" line for each committed record (discarded
  // ones are skipped, uncounted), in the order they were reserved, at most
  // `budget`, stopping at a record still being written; each record's space
  // is given back to the kernel as it is read. Returns the records appended.
  size_t drain(Reply &out, size_t budget);

private:
  int fd_ = -1;
  void *consumer_ = nullptr;       // one page: consumer_pos
  void *producer_ = nullptr;       // one page (producer_pos), then 2 x dataSize_
  size_t dataSize_ = 0;
};

} // namespace bpfd

#endif
