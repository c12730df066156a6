// A bounds-checked reader of the BTF type section, enough to read
// BTF-defined map definitions (the `.maps` DATASEC) without libbpf.
#ifndef BPFD_DAEMON_BTF_H
#define BPFD_DAEMON_BTF_H

#include "support.h"

namespace bpfd {

struct BtfMapDef {
  char name[64];
  uint32_t secOffset; // offset of the variable in `.maps`
  uint32_t type, keySize, valueSize, maxEntries, flags, pinning;
};

class Btf {
public:
  // Parses data[0..size); false with a message in err on malformed input.
  bool parse(const uint8_t *data, size_t size, char *err, size_t errCap);
  // Appends one BtfMapDef per variable of the `.maps` DATASEC.
  bool mapDefs(Vec<BtfMapDef> *out, char *err, size_t errCap) const;
  uint32_t typeCount() const { return (uint32_t)offsets_.size(); }

  // Compilers leave DATASEC sizes and variable offsets 0 in objects; the
  // kernel wants them. Fills them in place (the parsed buffer must be
  // writable) from the ELF: secSize(name) and symOffset(secName, varName)
  // return false where the object has no answer.
  struct ElfFacts {
    void *ctx;
    bool (*secSize)(void *ctx, StrRef sec, uint32_t *size);
    bool (*symOffset)(void *ctx, StrRef sec, StrRef sym, uint32_t *offset);
  };
  void fixupDatasecs(const ElfFacts &facts);

private:
  struct TypeHdr { uint32_t nameOff, info, sizeOrType; };
  const TypeHdr *type(uint32_t id) const;
  const uint8_t *extra(uint32_t id) const { return reinterpret_cast<const uint8_t *>(type(id) + 1); }
  static uint32_t kind(const TypeHdr *t) { return (t->info >> 24) & 0x1f; }
  static uint32_t vlen(const TypeHdr *t) { return t->info & 0xffff; }
  StrRef name(uint32_t off) const;
  uint32_t skipModifiers(uint32_t id) const;
  bool typeSize(uint32_t id, uint64_t *size, int depth = 0) const;
  bool arrayLenOfPtr(uint32_t ptrId, uint32_t *out) const;

  const uint8_t *types_ = nullptr;
  size_t typesLen_ = 0;
  const char *strs_ = nullptr;
  size_t strsLen_ = 0;
  Vec<uint32_t> offsets_; // offsets_[id-1] = byte offset of type id in types_
};

} // namespace bpfd

#endif
