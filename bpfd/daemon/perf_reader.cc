#include "perf_reader.h"

#include "bpf_syscall.h"

#include <errno.h>
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
    attr.sample_type = PERF_SAMPLE_RAW;
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

size_t PerfReader::drain(Reply &out, size_t budget) {
  size_t records = 0;
  for (auto &r : rings_) {
    auto *meta = static_cast<struct perf_event_mmap_page *>(r.base);
    const uint8_t *data = static_cast<const uint8_t *>(r.base) + sysconf(_SC_PAGESIZE);
    uint64_t head = __atomic_load_n(&meta->data_head, __ATOMIC_ACQUIRE);
    uint64_t tail = meta->data_tail;
    while (tail < head && records < budget) {
      struct perf_event_header hdr;
      size_t mask = r.dataSize - 1;
      for (size_t i = 0; i < sizeof hdr; ++i) reinterpret_cast<uint8_t *>(&hdr)[i] = data[(tail + i) & mask];
      if (hdr.size < sizeof hdr || hdr.size > head - tail || hdr.size > r.dataSize) {
        tail = head; // corrupt ring: drop what is there rather than read past it
        break;
      }
      if (!scratch_.resize(hdr.size)) break;
      for (size_t i = 0; i < hdr.size; ++i) scratch_[i] = data[(tail + i) & mask];
      const uint8_t *rec = scratch_.data();
      if (hdr.type == PERF_RECORD_SAMPLE && hdr.size >= sizeof hdr + 4) {
        uint32_t size;
        memcpy(&size, rec + sizeof hdr, 4);
        if (size > hdr.size - sizeof hdr - 4) size = hdr.size - sizeof hdr - 4;
        out.beginPayload();
        out.textf("sample %d %d ", handle(), r.cpu);
        out.base64(rec + sizeof hdr + 4, size);
        out.endPayload();
        ++records;
      } else if (hdr.type == PERF_RECORD_LOST && hdr.size >= sizeof hdr + 16) {
        uint64_t lost;
        memcpy(&lost, rec + sizeof hdr + 8, 8);
        out.payloadf("lost %d %d %llu", handle(), r.cpu, (unsigned long long)lost);
        ++records;
      }
      tail += hdr.size;
    }
    __atomic_store_n(&meta->data_tail, tail, __ATOMIC_RELEASE);
  }
  return records;
}

} // namespace bpfd
