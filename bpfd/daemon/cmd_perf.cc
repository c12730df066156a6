// Perf buffer commands: open per-CPU rings for a perf_event_array map, poll them.
#include "bpf_syscall.h"
#include "perf_reader.h"
#include "session.h"

#include <errno.h>
#include <poll.h>
#include <stdio.h>

namespace bpfd {

void waitForInput(Vec<struct pollfd> &pfds, uint64_t timeoutMs) {
  struct pollfd out = {1, 0, 0};
  pfds.push(out);
  int ready = poll(pfds.data(), pfds.size(), 0);
  if (ready == 0 && timeoutMs) poll(pfds.data(), pfds.size(), (int)timeoutMs);
}

void cmdOpenPerfBuffer(Session &s, const Args &a) {
  Handle *m = s.findHandle(a.v[0], a, kindBit(HandleKind::Map));
  if (!m) return;
  uint64_t pages = 8;
  if (a.n > 1 && (!parseU64(a.v[1], &pages) || pages == 0 || pages > 256 || (pages & (pages - 1)))) {
    fail(s, a, EINVAL, "PAGES must be a power of two from 1 to 256");
    return;
  }
  struct bpf_map_info info;
  int err = bpfMapInfo(m->fd, &info);
  if (err < 0 || info.type != BPF_MAP_TYPE_PERF_EVENT_ARRAY) {
    fail(s, a, EINVAL, "map %d is not a perf_event_array", m->fd);
    return;
  }
  PerfReader *r = new PerfReader;
  if (!r) { fail(s, a, ENOMEM, "out of memory"); return; }
  char msg[256];
  err = r->open(m->fd, (unsigned)pages, msg, sizeof msg);
  if (err < 0) { delete r; fail(s, a, -err, "%s", msg); return; }
  s.addHandle(r->handle(), HandleKind::Reader, m->name, nullptr, 0, r);
  succeed(s, a, r->handle());
}

void cmdPerfReaderPoll(Session &s, const Args &a) {
  uint64_t timeout;
  if (!parseU64(a.v[0], &timeout) || timeout > 10000) { fail(s, a, EINVAL, "TIMEOUT_MS must be 0 to 10000"); return; }
  // "batch" before the readers: samples framed in runs (drainInTimeOrder).
  size_t first = 1;
  bool batch = a.v[1].eq("batch");
  if (batch) first = 2;
  if (first == a.n || a.n - first > 32) {
    fail(s, a, EINVAL, "usage: PERF_READER_POLL TIMEOUT_MS [batch] READER [READER...] (1 to 32 readers)");
    return;
  }
  Vec<PerfReader *> readers;
  for (size_t i = first; i < a.n; ++i) {
    Handle *h = s.findHandle(a.v[i], a, kindBit(HandleKind::Reader));
    if (!h) return;
    // A reader named twice is drained once (two cursors on one ring would
    // deliver its records twice).
    bool seen = false;
    for (PerfReader *r : readers) seen = seen || r == h->reader;
    if (!seen && !readers.push(h->reader)) { fail(s, a, ENOMEM, "out of memory"); return; }
  }
  Vec<struct pollfd> pfds;
  for (PerfReader *r : readers)
    for (const PerfRing &ring : r->rings()) {
      struct pollfd p = {ring.fd, POLLIN, 0};
      pfds.push(p);
    }
  waitForInput(pfds, timeout);
  size_t total = drainInTimeOrder(readers, s.out(), kMaxPollRecords, batch);
  succeed(s, a, (int64_t)total);
}

void cmdClosePerfBuffer(Session &s, const Args &a) {
  Handle *h = s.findHandle(a.v[0], a, kindBit(HandleKind::Reader));
  if (!h) return;
  s.closeHandle(h);
  succeed(s, a, 0);
}

} // namespace bpfd
