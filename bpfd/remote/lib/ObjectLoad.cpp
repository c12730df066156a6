//===- ObjectLoad.cpp - an object uploaded and loaded through bpfd --------===//
#include "bpfd/ObjectLoad.h"

#include "bpfd/Blob.h"

#include <cstdlib>

namespace bpfd {

// One upload step whose refusal ends the load.
static Error uploadStep(const CommandFn &Command, const std::string &Line) {
  Expected<Reply> R = Command(Line);
  if (!R)
    return R.error();
  if (!R->ok())
    return R->toError();
  return Error::success();
}

Expected<Reply> loadObject(const CommandFn &Command, const std::string &Bytes, bool Attach) {
  if (Error E = uploadStep(Command, "OBJECT_BEGIN " + std::to_string(Bytes.size())))
    return E;
  for (size_t Off = 0; Off < Bytes.size(); Off += ObjectChunkBytes)
    if (Error E = uploadStep(Command,
                             "OBJECT_CHUNK " + encodeBlob(Bytes.substr(Off, ObjectChunkBytes))))
      return E;
  return Command(std::string("LOAD_OBJECT - attach=") + (Attach ? "1" : "0"));
}

// The number after "KEY=" in Fields, if there.
static bool numberField(const std::vector<std::string> &Fields, const std::string &Key,
                        uint32_t &Out) {
  for (const std::string &F : Fields)
    if (F.size() > Key.size() && F.compare(0, Key.size(), Key) == 0 && F[Key.size()] == '=') {
      char *End = nullptr;
      unsigned long V = std::strtoul(F.c_str() + Key.size() + 1, &End, 10);
      if (*End)
        return false;
      Out = (uint32_t)V;
      return true;
    }
  return false;
}

std::vector<LoadedObjectMap> loadedObjectMaps(const Reply &R) {
  std::vector<LoadedObjectMap> Maps;
  for (const std::string &Line : R.Payload) {
    std::vector<std::string> Fields = splitWords(Line);
    if (Fields.size() < 3 || Fields[0] != "map")
      continue;
    LoadedObjectMap M;
    M.Name = Fields[1];
    uint32_t Handle = 0;
    if (!numberField(Fields, "handle", Handle))
      continue;
    M.Handle = (int)Handle;
    numberField(Fields, "type", M.Type);
    numberField(Fields, "key_size", M.KeySize);
    numberField(Fields, "value_size", M.ValueSize);
    numberField(Fields, "max_entries", M.MaxEntries);
    Maps.push_back(std::move(M));
  }
  return Maps;
}

} // namespace bpfd
