//===- AbiRingbuf.cpp - libbcc's ring buffers, on bpfd's ring readers -----===//
//
// BCC's Python (open_ring_buffer, ring_buffer_poll/consume) keeps one ring
// buffer manager for all of a tool's BPF_RINGBUF_OUTPUT maps: bpf_new_ringbuf
// makes it with the first map, bpf_add_ringbuf adds the others, and a poll
// calls each record's map's callback, in the order the programs reserved the
// records (libbpf's ring_buffer__poll, which BCC wraps). Here each map is a
// bpfd ring reader (BPF_OPEN_RINGBUF) and a poll is one RINGBUF_POLL over all
// of them. A callback that returns a negative value stops the poll with that
// value, as libbpf's does; the records after it stay for the next poll.
//
//===----------------------------------------------------------------------===//
#include "CallbackSignals.h"
#include "Device.h"
#include "HostFds.h"

#include <algorithm>
#include <cerrno>
#include <deque>
#include <sstream>
#include <string>
#include <vector>

using namespace bpfdbcc;

typedef int (*ring_buffer_sample_fn)(void *ctx, void *data, size_t size);

namespace {

struct RingbufMap {
  long long Reader; ///< bpfd's ring reader handle
  std::string Name;
  ring_buffer_sample_fn Callback;
  void *Ctx;
};

struct Record {
  size_t Map; ///< index in Maps
  std::string Data;
};

struct RingbufManager {
  std::vector<RingbufMap> Maps;
  std::deque<Record> Pending; ///< drained from the device, not yet delivered
};

int addMap(RingbufManager &M, int MapFd, ring_buffer_sample_fn Callback, void *Ctx) {
  HostHandle H;
  if (!lookupHostFd(MapFd, H) || H.Kind != HandleKind::Map) {
    warn("ring buffer: descriptor " + std::to_string(MapFd) + " is no map of this libbcc");
    errno = EBADF;
    return -1;
  }
  auto R = Device::get().command("BPF_OPEN_RINGBUF " + std::to_string(H.Device));
  if (!R)
    return setErrno(R.error());
  if (!R->ok()) {
    warn("opening the ring buffer '" + H.Name + "' on the device failed: " + R->Message);
    return setErrno(*R);
  }
  M.Maps.push_back({R->Ret, H.Name, Callback, Ctx});
  return 0;
}

/// One RINGBUF_POLL over all of M's readers, its records queued.
int fetch(RingbufManager &M, int TimeoutMs) {
  std::string Line = "RINGBUF_POLL " + std::to_string(TimeoutMs);
  for (const RingbufMap &Map : M.Maps)
    Line += " " + std::to_string(Map.Reader);
  auto R = Device::get().interruptibleCommand(Line);
  if (!R)
    return setErrno(R.error());
  if (!R->ok())
    return setErrno(*R);
  for (const std::string &P : R->Payload) {
    std::istringstream SS(P);
    std::string Kind, Blob;
    long long Reader;
    if (!(SS >> Kind >> Reader >> Blob) || Kind != "ringbuf")
      continue;
    auto It = std::find_if(M.Maps.begin(), M.Maps.end(),
                           [&](const RingbufMap &Map) { return Map.Reader == Reader; });
    Record Rec{size_t(It - M.Maps.begin()), ""};
    if (It == M.Maps.end() || !fromBlob(Blob, Rec.Data))
      continue;
    M.Pending.push_back(std::move(Rec));
  }
  return 0;
}

/// Calls back for the queued records; the count delivered, or a callback's
/// negative value (the records after it stay queued).
int deliver(RingbufManager &M) {
  HoldInterrupts Held;
  int Delivered = 0;
  while (!M.Pending.empty()) {
    Record Rec = std::move(M.Pending.front());
    M.Pending.pop_front();
    const RingbufMap &Map = M.Maps[Rec.Map];
    int Ret = Map.Callback ? Map.Callback(Map.Ctx, Rec.Data.data(), Rec.Data.size()) : 0;
    if (Ret < 0)
      return Ret;
    ++Delivered;
  }
  return Delivered;
}

/// Records queued from an earlier poll first; else one RINGBUF_POLL.
int pollOnce(RingbufManager &M, int TimeoutMs) {
  if (M.Pending.empty() && fetch(M, TimeoutMs) < 0)
    return -errno;
  return deliver(M);
}

} // namespace

extern "C" {

void *bpf_new_ringbuf(int map_fd, ring_buffer_sample_fn sample_cb, void *ctx) {
  auto *M = new RingbufManager;
  if (addMap(*M, map_fd, sample_cb, ctx) < 0) {
    delete M;
    return nullptr;
  }
  return M;
}

int bpf_add_ringbuf(void *rb, int map_fd, ring_buffer_sample_fn sample_cb, void *ctx) {
  if (!rb) {
    errno = EINVAL;
    return -1;
  }
  return addMap(*static_cast<RingbufManager *>(rb), map_fd, sample_cb, ctx);
}

int bpf_poll_ringbuf(void *rb, int timeout_ms) {
  if (!rb)
    return -EINVAL;
  auto &M = *static_cast<RingbufManager *>(rb);
  // bpfd waits at most 10 s a command; a longer or endless wait is a loop of
  // 1 s polls (a signal ends it: the tool's Ctrl-C).
  for (;;) {
    int Slice = timeout_ms < 0 ? 1000 : std::min(timeout_ms, 1000);
    int N = pollOnce(M, Slice);
    if (N != 0)
      return N;
    if (timeout_ms >= 0) {
      timeout_ms -= Slice;
      if (timeout_ms <= 0)
        return 0;
    }
  }
}

int bpf_consume_ringbuf(void *rb) {
  if (!rb)
    return -EINVAL;
  return pollOnce(*static_cast<RingbufManager *>(rb), 0);
}

void bpf_free_ringbuf(void *rb) {
  auto *M = static_cast<RingbufManager *>(rb);
  if (!M)
    return;
  for (const RingbufMap &Map : M->Maps) {
    auto R = Device::get().command("BPF_CLOSE " + std::to_string(Map.Reader));
    (void)R;
  }
  delete M;
}

} // extern "C"
