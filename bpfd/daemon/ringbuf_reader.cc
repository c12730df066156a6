#include "ringbuf_reader.h"

#include "bpf_syscall.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <sys/mman.h>
#include <unistd.h>

namespace bpfd {

namespace {
// The record header of the kernel's ring buffer (struct bpf_ringbuf_hdr):
// u32 len with the BUSY and DISCARD bits, u32 page offset; the record follows,
// padded to 8 bytes.
constexpr uint32_t kBusyBit = 1u << 31;
constexpr uint32_t kDiscardBit = 1u << 30;
constexpr size_t kHeaderSize = 8;
} // namespace

RingbufReader::~RingbufReader() {
  size_t page = (size_t)sysconf(_SC_PAGESIZE);
  if (producer_) munmap(producer_, page + 2 * dataSize_);
  if (consumer_) munmap(consumer_, page);
  if (fd_ >= 0) close(fd_);
}

int RingbufReader::open(int mapFd, char *msg, size_t msgCap) {
  struct bpf_map_info info;
  int err = bpfMapInfo(mapFd, &info);
  if (err < 0) {
    snprintf(msg, msgCap, "reading the info of map %d failed: %s", mapFd, strerror(-err));
    return err;
  }
  if (info.type != BPF_MAP_TYPE_RINGBUF) {
    snprintf(msg, msgCap, "map %d is not a ringbuf", mapFd);
    return -EINVAL;
  }
  size_t page = (size_t)sysconf(_SC_PAGESIZE);
  dataSize_ = info.max_entries;
  fd_ = fcntl(mapFd, F_DUPFD_CLOEXEC, 3);
  if (fd_ < 0) {
    int e = errno;
    snprintf(msg, msgCap, "duplicating map %d failed: %s", mapFd, strerror(e));
    return -e;
  }
  void *p = mmap(nullptr, page, PROT_READ | PROT_WRITE, MAP_SHARED, fd_, 0);
  if (p == MAP_FAILED) {
    int e = errno;
    snprintf(msg, msgCap, "mmap of ringbuf %d's consumer page failed: %s", mapFd, strerror(e));
    return -e;
  }
  consumer_ = p;
  p = mmap(nullptr, page + 2 * dataSize_, PROT_READ, MAP_SHARED, fd_, (off_t)page);
  if (p == MAP_FAILED) {
    int e = errno;
    snprintf(msg, msgCap, "mmap of ringbuf %d's data pages failed: %s", mapFd, strerror(e));
    return -e;
  }
  producer_ = p;
  return 0;
}

size_t RingbufReader::drain(Reply &out, size_t budget) {
  size_t page = (size_t)sysconf(_SC_PAGESIZE);
  auto *consPos = static_cast<unsigned long *>(consumer_);
  auto *prodPos = static_cast<const unsigned long *>(producer_);
  const uint8_t *data = static_cast<const uint8_t *>(producer_) + page;
  size_t mask = dataSize_ - 1;
  unsigned long cons = *consPos; // only we write it
  size_t records = 0;
  while (records < budget) {
    unsigned long prod = __atomic_load_n(prodPos, __ATOMIC_ACQUIRE);
    if (cons >= prod) break;
    const uint8_t *rec = data + (cons & mask);
    uint32_t len = __atomic_load_n(reinterpret_cast<const uint32_t *>(rec), __ATOMIC_ACQUIRE);
    if (len & kBusyBit) break; // reserved, not yet submitted or discarded
    uint32_t size = len & ~(kBusyBit | kDiscardBit);
    if (size > dataSize_ - kHeaderSize) { // a corrupt ring: drop what is there, rather than read past
      cons = prod;
    } else {
      if (!(len & kDiscardBit)) {
        // The data pages are mapped twice in a row: a record that wraps is
        // contiguous here.
        out.beginPayload();
        out.textf("ringbuf %d ", fd_);
        out.base64(rec + kHeaderSize, size);
        out.endPayload();
        ++records;
      }
      cons += (kHeaderSize + size + 7) & ~(size_t)7;
    }
    __atomic_store_n(consPos, cons, __ATOMIC_RELEASE);
  }
  return records;
}

} // namespace bpfd
