//===- bpfd/ObjectLoad.h - an object uploaded and loaded through bpfd -*- C++ -*-===//
//
// docs/protocol.md, Objects: OBJECT_BEGIN SIZE, OBJECT_CHUNK B64 lines (each
// well below bpfd's max_line), then LOAD_OBJECT - attach=0|1; and the `map`
// lines of its reply, "map NAME handle=N type=T key_size=K value_size=V
// max_entries=M ...". bpf-run and bpfd-exporter load objects through these.
//
//===----------------------------------------------------------------------===//
#ifndef BPFD_OBJECTLOAD_H
#define BPFD_OBJECTLOAD_H

#include "bpfd/Error.h"
#include "bpfd/Reply.h"

#include <cstdint>
#include <string>
#include <vector>

namespace bpfd {

/// Raw bytes per OBJECT_CHUNK line: 512 KiB of base64, well below max_line.
constexpr size_t ObjectChunkBytes = 384 * 1024;

/// Uploads \p Bytes and sends LOAD_OBJECT; returns its reply, ok or not (a
/// refused object's reply carries the verifier log as payload). A refused
/// OBJECT_BEGIN or OBJECT_CHUNK, or a broken session, is an Error.
Expected<Reply> loadObject(const CommandFn &Command, const std::string &Bytes, bool Attach);

/// A map of LOAD_OBJECT's reply.
struct LoadedObjectMap {
  std::string Name;
  int Handle = -1;
  uint32_t Type = 0;
  uint32_t KeySize = 0;
  uint32_t ValueSize = 0;
  uint32_t MaxEntries = 0;
};

/// The `map` payload lines of a LOAD_OBJECT reply, in order (lines without
/// a handle are left out).
std::vector<LoadedObjectMap> loadedObjectMaps(const Reply &R);

} // namespace bpfd

#endif // BPFD_OBJECTLOAD_H
