#include "perf_reader.h"

#include "bpf_syscall.h"

#include <errno.h>
#include <string.h>
#include <stdio.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <unistd.h>

namespace bpfd {

PerfReader::~PerfReader() {
  for (auto &r : rings_) {
    if (r.base) munmap(r.base, r.dataSize + (size_t)sysconf(_SC_PAGESIZE));
    if (r.fd >= 0) close(r.fd);
  }
}

int PerfReader::open(int mapFd, unsigned pages, char *msg, size_t msgCap) {
  size_t page = (size_t)sysconf(_SC_PAGESIZE);
  int ncpu = possibleCpus();
  for (int cpu = 0; cpu < ncpu; ++cpu) {
    struct perf_event_attr attr;
    memset(&attr, 0, sizeof attr);
    attr.size = sizeof attr;
    attr.type = PERF_TYPE_SOFTWARE;
    attr.config = PERF_COUNT_SW_BPF_OUTPUT;
    attr.sample_type = PERF_SAMPLE_TIME | PERF_SAMPLE_RAW; // time: drainInTimeOrder
    attr.sample_period = 1;
    attr.wakeup_events = 1;
    int fd = sysPerfEventOpen(&attr, -1, cpu, -1, PERF_FLAG_FD_CLOEXEC);
    if (fd == -ENODEV || fd == -EINVAL) continue; // CPU possible but offline
    if (fd < 0) {
      snprintf(msg, msgCap, "perf_event_open(BPF_OUTPUT, cpu %d) failed: %s", cpu, strerror(-fd));
      return fd;
    }
    PerfRing r = {cpu, fd, nullptr, pages * page};
    rings_.push(r);
    void *base = mmap(nullptr, (pages + 1) * page, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    if (base == MAP_FAILED) {
      int e = errno;
      snprintf(msg, msgCap, "mmap of the cpu %d ring failed: %s", cpu, strerror(e));
      return -e;
    }
    rings_.back().base = base;
    uint32_t key = (uint32_t)cpu, val = (uint32_t)fd;
    int err = bpfMapUpdate(mapFd, &key, &val, BPF_ANY);
    if (err < 0) {
      snprintf(msg, msgCap, "storing the cpu %d ring in the map failed: %s", cpu, strerror(-err));
      return err;
    }
    ioctl(fd, PERF_EVENT_IOC_ENABLE, 0);
  }
  if (rings_.empty()) {
    snprintf(msg, msgCap, "no CPU accepted a BPF_OUTPUT perf event");
    return -ENODEV;
  }
  return 0;
}

namespace {

// Where one ring's reading stands during a drain.
struct RingCursor {
  PerfReader *reader;
  PerfRing *ring;
  const uint8_t *data;
  uint64_t head, tail;
  perf_event_header hdr; // of the record at tail, when ready
  uint64_t time;         // its PERF_SAMPLE_TIME (0: a lost note, due at once)
  bool ready;
};

// n bytes at offset from the cursor's record: the data pages are a ring, so
// at most two pieces.
void copyOut(const RingCursor &c, uint64_t offset, void *dst, size_t n) {
  size_t mask = c.ring->dataSize - 1;
  size_t at = (size_t)((c.tail + offset) & mask);
  size_t first = c.ring->dataSize - at;
  if (first > n) first = n;
  memcpy(dst, c.data + at, first);
  if (n > first) memcpy(static_cast<uint8_t *>(dst) + first, c.data, n - first);
}

// The samples of one ring that a batch line gathers (drainInTimeOrder).
struct BatchRun {
  const RingCursor *ring = nullptr;
  size_t count = 0;
  Bytes bytes; // u32 LE length + the raw bytes, per sample

  void flush(Reply &out) {
    if (!count) return;
    out.beginPayload();
    out.textf("samples %d %d %llu ", ring->reader->handle(), ring->ring->cpu, (unsigned long long)count);
    out.base64Direct(bytes.data(), bytes.size());
    out.endPayload();
    count = 0;
    bytes.clear();
  }
};

// Reads the header (and time) of the record at the cursor's tail, skipping
// records of other types. A corrupt ring is dropped, rather than read past.
void peek(RingCursor &c) {
  c.ready = false;
  while (c.tail < c.head) {
    copyOut(c, 0, &c.hdr, sizeof c.hdr);
    if (c.hdr.size < sizeof c.hdr || c.hdr.size > c.head - c.tail || c.hdr.size > c.ring->dataSize) {
      c.tail = c.head;
      return;
    }
    if (c.hdr.type == PERF_RECORD_SAMPLE && c.hdr.size >= sizeof c.hdr + 12) {
      copyOut(c, sizeof c.hdr, &c.time, 8);
      c.ready = true;
      return;
    }
    if (c.hdr.type == PERF_RECORD_LOST && c.hdr.size >= sizeof c.hdr + 16) {
      c.time = 0;
      c.ready = true;
      return;
    }
    c.tail += c.hdr.size;
  }
}

} // namespace

size_t drainInTimeOrder(const Vec<PerfReader *> &readers, Reply &out, size_t budget, bool batch) {
  size_t page = (size_t)sysconf(_SC_PAGESIZE);
  Vec<RingCursor> cursors;
  for (PerfReader *r : readers)
    for (PerfRing &ring : r->rings()) {
      auto *meta = static_cast<struct perf_event_mmap_page *>(ring.base);
      RingCursor c;
      c.reader = r;
      c.ring = &ring;
      c.data = static_cast<const uint8_t *>(ring.base) + page;
      c.head = __atomic_load_n(&meta->data_head, __ATOMIC_ACQUIRE);
      c.tail = meta->data_tail;
      peek(c);
      if (!cursors.push(c)) return 0;
    }
  Bytes scratch;
  BatchRun run;
  size_t records = 0;
  while (records < budget) {
    RingCursor *next = nullptr;
    for (RingCursor &c : cursors)
      if (c.ready && (!next || c.time < next->time)) next = &c;
    if (!next) break;
    RingCursor &c = *next;
    if (c.hdr.type == PERF_RECORD_SAMPLE) {
      // header, u64 time, u32 size, raw bytes
      uint32_t size;
      copyOut(c, sizeof c.hdr + 8, &size, 4);
      uint32_t room = c.hdr.size - (uint32_t)sizeof c.hdr - 12;
      if (size > room) size = room;
      if (batch) {
        if (run.count && (run.ring != &c || run.bytes.size() + 4 + size > kBatchLineBytes)) run.flush(out);
        if (!run.bytes.reserve(run.bytes.size() + 4 + size)) break;
        uint8_t *p = run.bytes.data() + run.bytes.size();
        p[0] = (uint8_t)size;
        p[1] = (uint8_t)(size >> 8);
        p[2] = (uint8_t)(size >> 16);
        p[3] = (uint8_t)(size >> 24);
        copyOut(c, sizeof c.hdr + 12, p + 4, size);
        run.bytes.commit(4 + size);
        run.ring = &c;
        ++run.count;
        ++records;
        c.tail += c.hdr.size;
        peek(c);
        continue;
      }
      if (!scratch.resize(size)) break;
      copyOut(c, sizeof c.hdr + 12, scratch.data(), size);
      out.beginPayload();
      out.textf("sample %d %d ", c.reader->handle(), c.ring->cpu);
      out.base64(scratch.data(), size);
      out.endPayload();
    } else {
      uint64_t lost;
      copyOut(c, sizeof c.hdr + 8, &lost, 8);
      run.flush(out); // the note keeps its place among the samples
      out.payloadf("lost %d %d %llu", c.reader->handle(), c.ring->cpu, (unsigned long long)lost);
    }
    ++records;
    c.tail += c.hdr.size;
    peek(c);
  }
  run.flush(out);
  for (RingCursor &c : cursors) {
    auto *meta = static_cast<struct perf_event_mmap_page *>(c.ring->base);
    __atomic_store_n(&meta->data_tail, c.tail, __ATOMIC_RELEASE);
  }
  return records;
}

} // namespace bpfd
