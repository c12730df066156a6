// Map commands: create, element access, iteration, dump and clear.
#include "base64.h"
#include "bpf_syscall.h"
#include "session.h"

#include <errno.h>
#include <stdio.h>

namespace bpfd {

namespace {
struct TypeName { const char *name; uint32_t value; };
const TypeName kMapTypes[] = {
    {"hash", BPF_MAP_TYPE_HASH}, {"array", BPF_MAP_TYPE_ARRAY},
    {"prog_array", BPF_MAP_TYPE_PROG_ARRAY}, {"perf_event_array", BPF_MAP_TYPE_PERF_EVENT_ARRAY},
    {"percpu_hash", BPF_MAP_TYPE_PERCPU_HASH}, {"percpu_array", BPF_MAP_TYPE_PERCPU_ARRAY},
    {"stack_trace", BPF_MAP_TYPE_STACK_TRACE}, {"cgroup_array", BPF_MAP_TYPE_CGROUP_ARRAY},
    {"lru_hash", BPF_MAP_TYPE_LRU_HASH}, {"lru_percpu_hash", BPF_MAP_TYPE_LRU_PERCPU_HASH},
    {"lpm_trie", BPF_MAP_TYPE_LPM_TRIE}, {"array_of_maps", BPF_MAP_TYPE_ARRAY_OF_MAPS},
    {"hash_of_maps", BPF_MAP_TYPE_HASH_OF_MAPS}, {"queue", BPF_MAP_TYPE_QUEUE},
    {"stack", BPF_MAP_TYPE_STACK}, {"ringbuf", BPF_MAP_TYPE_RINGBUF},
    {"bloom_filter", BPF_MAP_TYPE_BLOOM_FILTER},
};
const TypeName kProgTypes[] = {
    {"socket_filter", BPF_PROG_TYPE_SOCKET_FILTER}, {"kprobe", BPF_PROG_TYPE_KPROBE},
    {"sched_cls", BPF_PROG_TYPE_SCHED_CLS}, {"sched_act", BPF_PROG_TYPE_SCHED_ACT},
    {"tracepoint", BPF_PROG_TYPE_TRACEPOINT}, {"xdp", BPF_PROG_TYPE_XDP},
    {"perf_event", BPF_PROG_TYPE_PERF_EVENT}, {"cgroup_skb", BPF_PROG_TYPE_CGROUP_SKB},
    {"raw_tracepoint", BPF_PROG_TYPE_RAW_TRACEPOINT}, {"tracing", BPF_PROG_TYPE_TRACING},
    {"lsm", BPF_PROG_TYPE_LSM},
};

template <size_t N> bool parseTypeName(StrRef s, const TypeName (&table)[N], uint32_t *out) {
  uint64_t v;
  if (parseU64(s, &v)) {
    if (v > 1000) return false;
    *out = (uint32_t)v;
    return true;
  }
  for (const TypeName &t : table)
    if (equalsNoCase(s, t.name)) { *out = t.value; return true; }
  return false;
}

constexpr size_t kMaxBlob = 64u << 10;

bool isPerCpu(uint32_t type) {
  return type == BPF_MAP_TYPE_PERCPU_HASH || type == BPF_MAP_TYPE_PERCPU_ARRAY ||
         type == BPF_MAP_TYPE_LRU_PERCPU_HASH || type == BPF_MAP_TYPE_PERCPU_CGROUP_STORAGE;
}

struct MapShape {
  int fd;
  uint32_t type, keySize, valueSize; // valueSize: as the syscall reads/writes it
};

bool mapShape(Session &s, const Args &a, StrRef tok, MapShape *m) {
  Handle *h = s.findHandle(tok, a, kindBit(HandleKind::Map));
  if (!h) return false;
  struct bpf_map_info info;
  int err = bpfMapInfo(h->fd, &info);
  if (err < 0) { fail(s, a, -err, "BPF_OBJ_GET_INFO_BY_FD on map %d failed", h->fd); return false; }
  m->fd = h->fd;
  m->type = info.type;
  m->keySize = info.key_size;
  m->valueSize = info.value_size;
  if (isPerCpu(info.type)) m->valueSize = ((info.value_size + 7) & ~7u) * (uint32_t)possibleCpus();
  return true;
}

bool decodeExact(Session &s, const Args &a, StrRef tok, size_t size, const char *what, Bytes *out) {
  if (!base64Decode(tok, out, kMaxBlob)) {
    fail(s, a, EINVAL, "%s is not valid base64 (or over %zu bytes)", what, kMaxBlob);
    return false;
  }
  if (out->size() != size) {
    fail(s, a, EINVAL, "%s is %zu bytes, the map takes %zu", what, out->size(), size);
    return false;
  }
  return true;
}

} // namespace

bool readU32(Session &s, const Args &a, StrRef tok, const char *what, uint32_t *out) {
  uint64_t v;
  if (!parseU64(tok, &v) || v > UINT32_MAX) {
    fail(s, a, EINVAL, "%s '%.*s' is not a 32-bit unsigned number", what, (int)(tok.n > 32 ? 32 : tok.n), tok.p);
    return false;
  }
  *out = (uint32_t)v;
  return true;
}

bool parseMapType(StrRef s, uint32_t *type) { return parseTypeName(s, kMapTypes, type); }
bool parseProgType(StrRef s, uint32_t *type) { return parseTypeName(s, kProgTypes, type); }

void cmdCreateMap(Session &s, const Args &a) {
  uint32_t type, keySize, valueSize, maxEntries, flags;
  if (!parseMapType(a.v[0], &type)) { fail(s, a, EINVAL, "unknown map type '%.*s'", (int)(a.v[0].n > 32 ? 32 : a.v[0].n), a.v[0].p); return; }
  if (a.v[1].n > 64) { fail(s, a, ENAMETOOLONG, "map name longer than 64"); return; }
  if (!isPrintableText(a.v[1], 64)) { fail(s, a, EINVAL, "map NAME must be printable ASCII"); return; }
  if (!readU32(s, a, a.v[2], "KEY_SIZE", &keySize) || !readU32(s, a, a.v[3], "VALUE_SIZE", &valueSize) ||
      !readU32(s, a, a.v[4], "MAX_ENTRIES", &maxEntries) || !readU32(s, a, a.v[5], "FLAGS", &flags))
    return;
  if (keySize > kMaxBlob || valueSize > kMaxBlob) { fail(s, a, E2BIG, "key or value size over %zu", kMaxBlob); return; }
  char name[65];
  copyStr(name, sizeof name, a.v[1]);
  int fd = bpfMapCreate(type, name, keySize, valueSize, maxEntries, flags);
  if (fd < 0) { fail(s, a, -fd, "BPF_MAP_CREATE of '%s' failed: %s", name, strerror(-fd)); return; }
  s.addHandle(fd, HandleKind::Map, a.v[1]);
  succeed(s, a, fd);
}

void cmdMapInfo(Session &s, const Args &a) {
  Handle *h = s.findHandle(a.v[0], a, kindBit(HandleKind::Map));
  if (!h) return;
  struct bpf_map_info info;
  int err = bpfMapInfo(h->fd, &info);
  if (err < 0) { fail(s, a, -err, "BPF_OBJ_GET_INFO_BY_FD failed: %s", strerror(-err)); return; }
  s.out().payloadf("type=%u key_size=%u value_size=%u max_entries=%u flags=%u name=%s", info.type,
                   info.key_size, info.value_size, info.max_entries, info.map_flags,
                   info.name[0] ? info.name : "-");
  succeed(s, a, 0);
}

void cmdLookupElem(Session &s, const Args &a) {
  MapShape m;
  Bytes key, value;
  if (!mapShape(s, a, a.v[0], &m) || !decodeExact(s, a, a.v[1], m.keySize, "KEY", &key)) return;
  if (!value.resize(m.valueSize ? m.valueSize : 1)) { fail(s, a, ENOMEM, "out of memory"); return; }
  int err = bpfMapLookup(m.fd, key.data(), value.data());
  if (err < 0) { fail(s, a, -err, "lookup in map %d failed: %s", m.fd, strerror(-err)); return; }
  s.out().beginPayload();
  s.out().base64(value.data(), m.valueSize);
  s.out().endPayload();
  succeed(s, a, 0);
}

void cmdUpdateElem(Session &s, const Args &a) {
  MapShape m;
  Bytes key, value;
  uint32_t flags = 0;
  if (!mapShape(s, a, a.v[0], &m) || !decodeExact(s, a, a.v[1], m.keySize, "KEY", &key) ||
      !decodeExact(s, a, a.v[2], m.valueSize, "VALUE", &value))
    return;
  if (a.n > 3 && !readU32(s, a, a.v[3], "FLAGS", &flags)) return;
  int err = bpfMapUpdate(m.fd, key.data(), value.data(), flags);
  if (err < 0) { fail(s, a, -err, "update of map %d failed: %s", m.fd, strerror(-err)); return; }
  succeed(s, a, 0);
}

void cmdDeleteElem(Session &s, const Args &a) {
  MapShape m;
  Bytes key;
  if (!mapShape(s, a, a.v[0], &m) || !decodeExact(s, a, a.v[1], m.keySize, "KEY", &key)) return;
  int err = bpfMapDelete(m.fd, key.data());
  if (err < 0) { fail(s, a, -err, "delete from map %d failed: %s", m.fd, strerror(-err)); return; }
  succeed(s, a, 0);
}

static void nextKey(Session &s, const Args &a, bool first) {
  MapShape m;
  Bytes key, next;
  if (!mapShape(s, a, a.v[0], &m)) return;
  if (!first && !decodeExact(s, a, a.v[1], m.keySize, "KEY", &key)) return;
  if (!next.resize(m.keySize ? m.keySize : 1)) { fail(s, a, ENOMEM, "out of memory"); return; }
  int err = bpfMapNextKey(m.fd, first ? nullptr : key.data(), next.data());
  if (err < 0) {
    if (err == -ENOENT) fail(s, a, ENOENT, "no %s key in map %d", first ? "first" : "next", m.fd);
    else fail(s, a, -err, "getting a key of map %d failed: %s", m.fd, strerror(-err));
    return;
  }
  s.out().beginPayload();
  s.out().base64(next.data(), m.keySize);
  s.out().endPayload();
  succeed(s, a, 0);
}

void cmdGetFirstKey(Session &s, const Args &a) { nextKey(s, a, true); }
void cmdGetNextKey(Session &s, const Args &a) { nextKey(s, a, false); }

void cmdDumpMap(Session &s, const Args &a) {
  MapShape m;
  uint32_t max = 65536;
  if (!mapShape(s, a, a.v[0], &m)) return;
  if (a.n > 1 && !readU32(s, a, a.v[1], "MAX", &max)) return;
  Bytes key, next, value;
  if (!key.resize(m.keySize + 1) || !next.resize(m.keySize + 1) || !value.resize(m.valueSize + 1)) {
    fail(s, a, ENOMEM, "out of memory");
    return;
  }
  uint32_t count = 0;
  bool haveKey = false;
  // A dead link stops the dump (asked of the kernel every 1024 entries).
  while (count < max && !s.out().gone() && (count % 1024 || !s.out().readerGone())) {
    int err = bpfMapNextKey(m.fd, haveKey ? key.data() : nullptr, next.data());
    if (err == -ENOENT) break;
    if (err < 0) { fail(s, a, -err, "iterating map %d failed: %s", m.fd, strerror(-err)); return; }
    memcpy(key.data(), next.data(), m.keySize);
    haveKey = true;
    err = bpfMapLookup(m.fd, key.data(), value.data());
    if (err == -ENOENT) continue; // deleted meanwhile
    if (err < 0) { fail(s, a, -err, "lookup in map %d failed: %s", m.fd, strerror(-err)); return; }
    s.out().beginPayload();
    s.out().base64(key.data(), m.keySize);
    s.out().text(" ");
    s.out().base64(value.data(), m.valueSize);
    s.out().endPayload();
    ++count;
  }
  succeed(s, a, count);
}

void cmdClearMap(Session &s, const Args &a) {
  MapShape m;
  if (!mapShape(s, a, a.v[0], &m)) return;
  Bytes key, next, zero;
  if (!key.resize(m.keySize + 1) || !next.resize(m.keySize + 1) || !zero.resize(m.valueSize + 1)) {
    fail(s, a, ENOMEM, "out of memory");
    return;
  }
  bool array = m.type == BPF_MAP_TYPE_ARRAY || m.type == BPF_MAP_TYPE_PERCPU_ARRAY;
  uint32_t count = 0;
  if (array) {
    bool haveKey = false;
    while (bpfMapNextKey(m.fd, haveKey ? key.data() : nullptr, next.data()) == 0) {
      memcpy(key.data(), next.data(), m.keySize);
      haveKey = true;
      int err = bpfMapUpdate(m.fd, key.data(), zero.data(), BPF_ANY);
      if (err < 0) { fail(s, a, -err, "zeroing map %d failed: %s", m.fd, strerror(-err)); return; }
      ++count;
    }
  } else {
    // Deleting while iterating: always restart from the first key.
    for (;;) {
      int err = bpfMapNextKey(m.fd, nullptr, next.data());
      if (err == -ENOENT) break;
      if (err < 0) { fail(s, a, -err, "iterating map %d failed: %s", m.fd, strerror(-err)); return; }
      err = bpfMapDelete(m.fd, next.data());
      if (err < 0) { fail(s, a, -err, "delete from map %d failed: %s", m.fd, strerror(-err)); return; }
      if (++count > (1u << 24)) break;
    }
  }
  succeed(s, a, count);
}

} // namespace bpfd
