//===- MapMethods.cpp - BCC's map methods as BPF helper calls -------------===//
#include "MapMethods.h"

#include <cctype>

using namespace llvm;

namespace bpfxcc {

MapCall::MapCall(const MapInfo &Map, StringRef Method, const std::vector<std::string> &Args)
    : Map(Map), Method(Method), Args(Args), MapArg("(void *)&" + Map.Name) {
  bool MapOfMaps =
      Map.MapType == "BPF_MAP_TYPE_ARRAY_OF_MAPS" || Map.MapType == "BPF_MAP_TYPE_HASH_OF_MAPS";
  LeafPtr = MapOfMaps ? "void *" : "__typeof__(" + Map.Name + ".value)";
  Lookup = "((" + LeafPtr + ")bpf_map_lookup_elem(" + MapArg + ", ";
}

// As BCC 0.26: increment() adds in place, atomic_increment() with an atomic
// add (lock_xadd); only a BPF_MAP_TYPE_HASH gets a missing entry created.
// BCC's names `_key`/`_leaf`/`_zleaf` (a program's own `__key`, as
// argdist's, must not be shadowed: it was, and the key copied was the new
// variable itself, uninitialised).
static std::string writeIncrement(const MapCall &C) {
  const std::string &Name = C.Map.Name;
  std::string Inc = C.Args.size() > 1 ? C.Args[1] : "1";
  std::string Add = C.Method == "atomic_increment" ? "__sync_fetch_and_add(_leaf, " + Inc + ")"
                                                   : "(*_leaf) += " + Inc;
  std::string Text = "({ __typeof__(*" + Name + ".key) _key = " + C.Args[0] + "; " + C.LeafPtr +
                     " _leaf = " + C.Lookup + "&_key)); if (_leaf) " + Add + ";";
  if (C.Map.MapType == "BPF_MAP_TYPE_HASH")
    Text += " else { __typeof__(*" + Name +
            ".value) _zleaf; __builtin_memset(&_zleaf, 0, sizeof(_zleaf)); _zleaf += " + Inc +
            "; bpf_map_update_elem(" + C.MapArg + ", &_key, &_zleaf, BPF_NOEXIST); }";
  return Text + " })";
}

// BCC 0.26's map methods. lookup_or_init() leaves the program (return 0)
// when the entry can be neither found nor made, so its pointer is never
// NULL; lookup_or_try_init() yields NULL then (its `leaf` is BCC's name).
static const MapMethod Methods[] = {
    {"lookup", 1, 1, -1, "$lookup$1))", nullptr},
    {"update", 2, 2, -1, "bpf_map_update_elem($map, $1, $2, BPF_ANY)", nullptr},
    {"insert", 2, 2, -1, "bpf_map_update_elem($map, $1, $2, BPF_NOEXIST)", nullptr},
    {"delete", 1, 1, -1, "bpf_map_delete_elem($map, $1)", nullptr},
    {"lookup_or_init", 2, 2, -1,
     "({ $leaf leaf = $lookup$1)); if (!leaf) { bpf_map_update_elem($map, $1, $2, BPF_NOEXIST); "
     "leaf = $lookup$1)); if (!leaf) return 0; } leaf; })",
     nullptr},
    {"lookup_or_try_init", 2, 2, -1,
     "({ $leaf leaf = $lookup$1)); if (!leaf) { bpf_map_update_elem($map, $1, $2, BPF_NOEXIST); "
     "leaf = $lookup$1)); } leaf; })",
     nullptr},
    {"increment", 1, 2, -1, nullptr, writeIncrement},
    {"atomic_increment", 1, 2, -1, nullptr, writeIncrement},
    {"perf_submit", 3, 3, 1, "bpf_perf_event_output($1, $map, BPF_F_CURRENT_CPU, $2, $3)",
     nullptr},
    {"perf_submit_skb", 4, 4, -1,
     "bpf_perf_event_output($1, $map, ((u64)($2) << 32) | BPF_F_CURRENT_CPU, $3, $4)", nullptr},
    {"get_stackid", 2, 2, -1, "bpf_get_stackid($1, $map, $2)", nullptr},
    {"call", 2, 2, -1, "bpf_tail_call_($1, $map, $2)", nullptr},
    {"perf_read", 1, 1, -1, "bpf_perf_event_read($map, $1)", nullptr},
    {"push", 2, 2, -1, "bpf_map_push_elem($map, $1, $2)", nullptr},
    {"pop", 1, 1, -1, "bpf_map_pop_elem($map, $1)", nullptr},
    {"peek", 1, 1, -1, "bpf_map_peek_elem($map, $1)", nullptr},
    {"ringbuf_output", 3, 3, 0, "bpf_ringbuf_output($map, $1, $2, $3)", nullptr},
    // BCC 0.28's method; given to every release (BccRelease.cpp).
    {"ringbuf_query", 1, 1, -1, "bpf_ringbuf_query($map, $1)", nullptr},
    {"ringbuf_reserve", 1, 1, -1, "bpf_ringbuf_reserve($map, $1, 0)", nullptr},
    // The map is the reservation's (BCC's map.ringbuf_submit(data, 0)).
    {"ringbuf_submit", 2, 2, 0, "bpf_ringbuf_submit($1, $2)", nullptr},
    {"ringbuf_discard", 2, 2, -1, "bpf_ringbuf_discard($1, $2)", nullptr},
    {"perf_counter_value", 3, 3, -1, "bpf_perf_event_read_value($map, $1, $2, $3)", nullptr},
    {"check_current_task", 1, 1, -1, "bpf_current_task_under_cgroup($map, $1)", nullptr},
    {"redirect_map", 2, 2, -1, "bpf_redirect_map($map, $1, $2)", nullptr},
    // BCC: bpf_X_storage_get(map, owner, value, flags).
    {"sk_storage_get", 3, 3, -1, "(($leaf)bpf_sk_storage_get($map, $1, $2, $3))", nullptr},
    {"inode_storage_get", 3, 3, -1, "(($leaf)bpf_inode_storage_get($map, $1, $2, $3))", nullptr},
    {"task_storage_get", 3, 3, -1, "(($leaf)bpf_task_storage_get($map, $1, $2, $3))", nullptr},
    {"sk_storage_delete", 1, 1, -1, "bpf_sk_storage_delete($map, $1)", nullptr},
    {"inode_storage_delete", 1, 1, -1, "bpf_inode_storage_delete($map, $1)", nullptr},
    {"task_storage_delete", 1, 1, -1, "bpf_task_storage_delete($map, $1)", nullptr},
    // BCC: bpf_NAME(ctx, map, key, flags).
    {"sock_map_update", 3, 3, -1, "bpf_sock_map_update($1, $map, $2, $3)", nullptr},
    {"sock_hash_update", 3, 3, -1, "bpf_sock_hash_update($1, $map, $2, $3)", nullptr},
    {"msg_redirect_hash", 3, 3, -1, "bpf_msg_redirect_hash($1, $map, $2, $3)", nullptr},
    {"sk_redirect_hash", 3, 3, -1, "bpf_sk_redirect_hash($1, $map, $2, $3)", nullptr},
    {"get_local_storage", 1, 1, -1, "(($leaf)bpf_get_local_storage($map, $1))", nullptr},
};

std::string MapMethod::text(const MapCall &C) const {
  if (!Template)
    return Write(C);
  std::string Out;
  for (const char *P = Template; *P;) {
    if (*P != '$') {
      Out += *P++;
      continue;
    }
    ++P;
    if (*P >= '1' && *P <= '9') {
      Out += C.Args[size_t(*P++ - '1')];
      continue;
    }
    const char *Word = P;
    while (islower(static_cast<unsigned char>(*P)))
      ++P;
    StringRef Name(Word, size_t(P - Word));
    Out += Name == "map" ? C.MapArg : Name == "leaf" ? C.LeafPtr : C.Lookup;
  }
  return Out;
}

const MapMethod *findMapMethod(StringRef Name) {
  for (const MapMethod &M : Methods)
    if (Name == M.Name)
      return &M;
  return nullptr;
}

} // namespace bpfxcc
