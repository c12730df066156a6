// Ring buffer commands: open a reader on a ringbuf map, poll readers.
#include "ringbuf_reader.h"
#include "session.h"

#include <errno.h>
#include <poll.h>

namespace bpfd {

void cmdOpenRingbuf(Session &s, const Args &a) {
  Handle *m = s.findHandle(a.v[0], a, kindBit(HandleKind::Map));
  if (!m) return;
  RingbufReader *r = new RingbufReader;
  if (!r) { fail(s, a, ENOMEM, "out of memory"); return; }
  char msg[256];
  int err = r->open(m->fd, msg, sizeof msg);
  if (err < 0) { delete r; fail(s, a, -err, "%s", msg); return; }
  if (s.addHandle(r->handle(), HandleKind::Ringbuf, m->name) < 0) {
    delete r;
    fail(s, a, ENOMEM, "out of memory");
    return;
  }
  s.handles().back().ringbuf = r;
  succeed(s, a, r->handle());
}

void cmdRingbufPoll(Session &s, const Args &a) {
  uint64_t timeout;
  if (!parseU64(a.v[0], &timeout) || timeout > 10000) { fail(s, a, EINVAL, "TIMEOUT_MS must be 0 to 10000"); return; }
  Vec<RingbufReader *> readers;
  Vec<struct pollfd> pfds;
  for (size_t i = 1; i < a.n; ++i) {
    Handle *h = s.findHandle(a.v[i], a, kindBit(HandleKind::Ringbuf));
    if (!h) return;
    struct pollfd p = {h->fd, POLLIN, 0};
    if (!readers.push(h->ringbuf) || !pfds.push(p)) { fail(s, a, ENOMEM, "out of memory"); return; }
  }
  waitForInput(pfds, timeout);
  size_t total = 0;
  for (RingbufReader *r : readers) total += r->drain(s.out(), kMaxPollRecords - total);
  succeed(s, a, (int64_t)total);
}

} // namespace bpfd
