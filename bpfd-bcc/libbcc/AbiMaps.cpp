//===- AbiMaps.cpp - libbcc's map operations, on the device's maps --------===//
//
// libbpf.h of BCC 0.26: each call returns 0, or -1 with errno, on a map
// whose descriptor stands for a device map (HostFds.h).
//
// BCC's Python walks a map key by key (get_first_key, get_next_key, one
// lookup per key). Each step would be a round trip to the device, so the
// first key of a walk fetches the whole map (BPF_DUMP_MAP) and the walk's
// next keys and lookups are answered from that snapshot. The snapshot is a
// view of the map as at the walk's start, like any walk concurrent with the
// programs that write it; it is dropped by a new walk and after one second.
// An update or delete of a key through this process goes to the device and
// makes that key's snapshot value stale (its lookups go to the device too),
// but the walk's order stays: BCC's clear() deletes each key of a walk, and
// the next key after a deleted one is still the snapshot's next.
//
//===----------------------------------------------------------------------===//
#include "AbiMaps.h"
#include "Device.h"
#include "HostFds.h"
#include "Module.h"

#include <linux/bpf.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <map>
#include <mutex>
#include <vector>

using namespace bpfdbcc;

namespace {
struct Snapshot {
  std::vector<std::pair<std::string, std::string>> Entries;
  std::vector<bool> Stale; ///< updated or deleted since: ask the device
  std::map<std::string, size_t> Index;
  std::chrono::steady_clock::time_point Taken;
};
std::mutex SnapLock;
std::map<long long, Snapshot> &snapshots() {
  static auto *S = new std::map<long long, Snapshot>();
  return *S;
}
void dropSnapshot(long long Map) {
  std::lock_guard<std::mutex> G(SnapLock);
  snapshots().erase(Map);
}
// An update or delete of Key: its snapshot value is no longer the map's.
void staleKey(long long Map, const std::string &Key) {
  std::lock_guard<std::mutex> G(SnapLock);
  auto It = snapshots().find(Map);
  if (It == snapshots().end())
    return;
  auto K = It->second.Index.find(Key);
  if (K != It->second.Index.end())
    It->second.Stale[K->second] = true;
}

bool isPerCpu(uint32_t Type) {
  return Type == BPF_MAP_TYPE_PERCPU_HASH || Type == BPF_MAP_TYPE_PERCPU_ARRAY ||
         Type == BPF_MAP_TYPE_LRU_PERCPU_HASH ||
         Type == BPF_MAP_TYPE_PERCPU_CGROUP_STORAGE;
}
} // namespace

namespace bpfdbcc {

bool mapOf(int Fd, HostHandle &H) {
  if (!lookupHostFd(Fd, H))
    return false;
  if (H.Kind != HandleKind::Map) {
    errno = EBADF;
    return false;
  }
  return true;
}

size_t valueBytes(const HostHandle &H) {
  if (isPerCpu(H.MapType))
    return ((H.ValueSize + 7) / 8) * 8 * possibleCpus();
  return H.ValueSize;
}

} // namespace bpfdbcc

static int command(const std::string &Line, bpfd::Reply &Out) {
  auto R = Device::get().command(Line);
  if (!R)
    return setErrno(R.error());
  Out = std::move(*R);
  if (!Out.ok())
    return setErrno(Out);
  return 0;
}

static bool snapshotValue(long long Map, const std::string &Key, std::string &Value) {
  std::lock_guard<std::mutex> G(SnapLock);
  auto It = snapshots().find(Map);
  if (It == snapshots().end())
    return false;
  if (std::chrono::steady_clock::now() - It->second.Taken > std::chrono::seconds(1)) {
    snapshots().erase(It);
    return false;
  }
  auto K = It->second.Index.find(Key);
  if (K == It->second.Index.end() || It->second.Stale[K->second])
    return false;
  Value = It->second.Entries[K->second].second;
  return true;
}

// 1: the next key is in Next; 0: Key was the snapshot's last; -1: no answer.
static int snapshotNext(long long Map, const std::string &Key, std::string &Next) {
  std::lock_guard<std::mutex> G(SnapLock);
  auto It = snapshots().find(Map);
  if (It == snapshots().end())
    return -1;
  if (std::chrono::steady_clock::now() - It->second.Taken > std::chrono::seconds(1)) {
    snapshots().erase(It);
    return -1;
  }
  auto K = It->second.Index.find(Key);
  if (K == It->second.Index.end())
    return -1;
  size_t I = K->second + 1;
  if (I >= It->second.Entries.size())
    return 0;
  Next = It->second.Entries[I].first;
  return 1;
}

extern "C" {

int bpf_lookup_elem(int fd, void *key, void *value) {
  HostHandle H;
  if (!mapOf(fd, H))
    return -1;
  std::string Key(static_cast<const char *>(key), key ? H.KeySize : 0), Value;
  size_t Want = valueBytes(H);
  if (!snapshotValue(H.Device, Key, Value)) {
    bpfd::Reply R;
    if (command("BPF_LOOKUP_ELEM " + std::to_string(H.Device) + " " +
                    bpfd::encodeBlob(Key.data(), Key.size()),
                R) < 0)
      return -1;
    if (R.Payload.empty() || !fromBlob(R.Payload[0], Value)) {
      errno = EPROTO;
      return -1;
    }
  }
  memcpy(value, Value.data(), std::min(Want, Value.size()));
  return 0;
}

int bpf_update_elem(int fd, void *key, void *value, unsigned long long flags) {
  HostHandle H;
  if (!mapOf(fd, H))
    return -1;
  if (H.MapType == BPF_MAP_TYPE_PERF_EVENT_ARRAY)
    return bindPerfReader(H, key, value);
  staleKey(H.Device, std::string(static_cast<const char *>(key), key ? H.KeySize : 0));
  bpfd::Reply R;
  return command("BPF_UPDATE_ELEM " + std::to_string(H.Device) + " " +
                     bpfd::encodeBlob(key, key ? H.KeySize : 0) + " " +
                     bpfd::encodeBlob(value, valueBytes(H)) + " " + std::to_string(flags),
                 R);
}

int bpf_delete_elem(int fd, void *key) {
  HostHandle H;
  if (!mapOf(fd, H))
    return -1;
  if (H.MapType == BPF_MAP_TYPE_PERF_EVENT_ARRAY)
    return 0; // the reader of that CPU was freed: bpfd closes its buffers
  staleKey(H.Device, std::string(static_cast<const char *>(key), H.KeySize));
  bpfd::Reply R;
  return command("BPF_DELETE_ELEM " + std::to_string(H.Device) + " " +
                     bpfd::encodeBlob(key, H.KeySize),
                 R);
}

int bpf_lookup_and_delete(int fd, void *key, void *value) {
  if (bpf_lookup_elem(fd, key, value) < 0)
    return -1;
  if (key)
    return bpf_delete_elem(fd, key);
  // Queues and stacks: a lookup peeks; a pop needs the kernel's
  // BPF_MAP_LOOKUP_AND_DELETE_ELEM, which bpfd does not offer.
  errno = ENOSYS;
  return -1;
}

int bpf_get_first_key(int fd, void *key, size_t key_size) {
  HostHandle H;
  if (!mapOf(fd, H))
    return -1;
  bpfd::Reply R;
  if (command("BPF_DUMP_MAP " + std::to_string(H.Device), R) < 0)
    return -1;
  Snapshot S;
  S.Taken = std::chrono::steady_clock::now();
  for (const std::string &Line : R.Payload) {
    size_t Sp = Line.find(' ');
    std::string K, V;
    if (Sp == std::string::npos || !fromBlob(Line.substr(0, Sp), K) ||
        !fromBlob(Line.substr(Sp + 1), V)) {
      errno = EPROTO;
      return -1;
    }
    S.Index[K] = S.Entries.size();
    S.Entries.emplace_back(std::move(K), std::move(V));
  }
  S.Stale.assign(S.Entries.size(), false);
  if (S.Entries.empty()) {
    dropSnapshot(H.Device);
    errno = ENOENT;
    return -1;
  }
  memcpy(key, S.Entries[0].first.data(), std::min(key_size, S.Entries[0].first.size()));
  std::lock_guard<std::mutex> G(SnapLock);
  snapshots()[H.Device] = std::move(S);
  return 0;
}

int bpf_get_next_key(int fd, void *key, void *next_key) {
  HostHandle H;
  if (!mapOf(fd, H))
    return -1;
  std::string Key(static_cast<const char *>(key), H.KeySize), Next;
  int S = snapshotNext(H.Device, Key, Next);
  if (S == 0) {
    errno = ENOENT;
    return -1;
  }
  if (S < 0) {
    bpfd::Reply R;
    if (command("BPF_GET_NEXT_KEY " + std::to_string(H.Device) + " " +
                    bpfd::encodeBlob(Key.data(), Key.size()),
                R) < 0)
      return -1;
    if (R.Payload.empty() || !fromBlob(R.Payload[0], Next)) {
      errno = EPROTO;
      return -1;
    }
  }
  memcpy(next_key, Next.data(), std::min<size_t>(H.KeySize, Next.size()));
  return 0;
}

// Batches: BCC's Python asks for the whole map in one call (count = the
// map's max entries); they are served from one BPF_DUMP_MAP.
static int lookupBatch(int fd, uint32_t *in_batch, uint32_t *out_batch, void *keys,
                       void *values, uint32_t *count, bool Delete) {
  HostHandle H;
  if (!mapOf(fd, H) || !count)
    return -1;
  if (in_batch && *in_batch) { // one batch holds everything: the walk is over
    *count = 0;
    errno = ENOENT;
    return -1;
  }
  bpfd::Reply R;
  if (command("BPF_DUMP_MAP " + std::to_string(H.Device) + " " + std::to_string(*count), R) < 0)
    return -1;
  size_t VB = valueBytes(H);
  uint32_t N = 0;
  for (const std::string &Line : R.Payload) {
    size_t Sp = Line.find(' ');
    std::string K, V;
    if (Sp == std::string::npos || !fromBlob(Line.substr(0, Sp), K) ||
        !fromBlob(Line.substr(Sp + 1), V) || K.size() != H.KeySize) {
      errno = EPROTO;
      return -1;
    }
    memcpy(static_cast<char *>(keys) + size_t(N) * H.KeySize, K.data(), H.KeySize);
    memcpy(static_cast<char *>(values) + size_t(N) * VB, V.data(), std::min(VB, V.size()));
    ++N;
    if (Delete) {
      bpfd::Reply D;
      if (command("BPF_DELETE_ELEM " + std::to_string(H.Device) + " " +
                      bpfd::encodeBlob(K.data(), K.size()),
                  D) < 0 &&
          errno != ENOENT)
        return -1;
    }
  }
  dropSnapshot(H.Device);
  // As libbpf over the kernel: the token first, the count last (BCC's
  // Python passes one variable for both), and -1 with ENOENT because the
  // walk reached the map's end.
  if (out_batch)
    *out_batch = 1;
  *count = N;
  errno = ENOENT;
  return -1;
}

int bpf_lookup_batch(int fd, uint32_t *in_batch, uint32_t *out_batch, void *keys,
                     void *values, uint32_t *count) {
  return lookupBatch(fd, in_batch, out_batch, keys, values, count, false);
}

int bpf_lookup_and_delete_batch(int fd, uint32_t *in_batch, uint32_t *out_batch,
                                void *keys, void *values, uint32_t *count) {
  return lookupBatch(fd, in_batch, out_batch, keys, values, count, true);
}

int bpf_delete_batch(int fd, void *keys, uint32_t *count) {
  HostHandle H;
  if (!mapOf(fd, H) || !count)
    return -1;
  dropSnapshot(H.Device);
  for (uint32_t I = 0; I < *count; ++I) {
    bpfd::Reply R;
    if (command("BPF_DELETE_ELEM " + std::to_string(H.Device) + " " +
                    bpfd::encodeBlob(static_cast<const char *>(keys) + size_t(I) * H.KeySize,
                           H.KeySize),
                R) < 0) {
      *count = I;
      return -1;
    }
  }
  return 0;
}

int bpf_update_batch(int fd, void *keys, void *values, uint32_t *count) {
  HostHandle H;
  if (!mapOf(fd, H) || !count)
    return -1;
  dropSnapshot(H.Device);
  size_t VB = valueBytes(H);
  for (uint32_t I = 0; I < *count; ++I) {
    bpfd::Reply R;
    if (command("BPF_UPDATE_ELEM " + std::to_string(H.Device) + " " +
                    bpfd::encodeBlob(static_cast<const char *>(keys) + size_t(I) * H.KeySize,
                           H.KeySize) +
                    " " + bpfd::encodeBlob(static_cast<const char *>(values) + size_t(I) * VB, VB),
                R) < 0) {
      *count = I;
      return -1;
    }
  }
  return 0;
}

} // extern "C"
