// Bounds-checked readers of an object's BTF without libbpf: the type section
// (BTF-defined map definitions in the `.maps` DATASEC, the type ids a map is
// created with) and .BTF.ext (func_info and line_info per ELF section).
#ifndef BPFD_DAEMON_BTF_H
#define BPFD_DAEMON_BTF_H

#include "support.h"

namespace bpfd {

struct BtfMapDef {
  char name[64];
  uint32_t secOffset; // offset of the variable in `.maps`
  uint32_t type, keySize, valueSize, maxEntries, flags, pinning;
  uint32_t keyType, valueType; // BTF ids of __type(key/value), 0 for __uint(key_size/value_size)
  // A map of maps (__array(values, struct inner)): the inner map's
  // definition, and where `values` (initial slots, 8 bytes each) is.
  bool hasInner;
  uint32_t innerType, innerKeySize, innerValueSize, innerMaxEntries, innerFlags, innerKeyType, innerValueType;
  uint32_t valuesOffset, valuesCount;
};

// The records one ELF section has in one .BTF.ext table: recSize bytes each,
// the first u32 of each being the instruction's byte offset in the section.
struct BtfExtSec {
  StrRef section;
  const uint8_t *recs;
  uint32_t count, recSize;
};

// A __kconfig extern's type, as libbpf classifies it (find_kcfg_type).
enum class KcfgKind : uint8_t { Bool, Char, Tristate, Int, CharArray };
struct KcfgType {
  KcfgKind kind;
  bool isSigned;
  uint32_t size, align;
};

class Btf {
public:
  // Parses data[0..size); false with a message in err on malformed input.
  // With base, data is split BTF (a kernel module's): its type ids and
  // string offsets follow base's, which it refers to.
  bool parse(const uint8_t *data, size_t size, char *err, size_t errCap, const Btf *base = nullptr);
  // Appends one BtfMapDef per variable of the `.maps` DATASEC.
  bool mapDefs(Vec<BtfMapDef> *out, char *err, size_t errCap) const;
  uint32_t typeCount() const { return baseCount_ + (uint32_t)offsets_.size(); }
  StrRef name(uint32_t off) const; // a string of the string section, "" if out of it
  // The id of the type of kind (BTF_KIND_*) named name, 0 if none.
  uint32_t findType(StrRef name, uint32_t kind) const;
  // A legacy map's key and value types: the members `key` and `value` of
  // `struct ____btf_map_MAP` (BPF_ANNOTATE_KV_PAIR). False if absent.
  bool legacyMapTypes(StrRef map, uint32_t *key, uint32_t *value) const;

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
  // The entry named name (a VAR, or an extern FUNC) of the DATASEC named
  // sec (".kconfig", ".ksyms"): its type id, 0 if none.
  uint32_t datasecEntry(StrRef sec, StrRef name) const;
  // A __kconfig extern's type (id: its VAR's type): a 1-byte bool, char (any
  // other 1-byte integer), enum libbpf_tristate, an integer of 2, 4 or 8
  // bytes, or an array of char. False for any other.
  bool kconfigType(uint32_t id, KcfgType *out) const;
  // An extern-backing DATASEC (libbpf's .kconfig): its size and each VAR's
  // offset (offsetOf(ctx, name)) filled in, and the VARs' linkage made
  // global-allocated (the kernel refuses extern VARs), as libbpf does. In
  // place, as fixupDatasecs.
  void fixupExternDatasec(StrRef sec, uint32_t size, void *ctx, bool (*offsetOf)(void *ctx, StrRef var, uint32_t *off));
  // libbpf's .ksyms DATASEC: each VAR made a 4-byte int at 4 * its index,
  // global-allocated (the kernel knows the real types; it refuses extern
  // and void VARs). Needs a 4-byte int type in the BTF; in place.
  void fixupKsymDatasec();

  // The raw type records, for CO-RE (core_relo.cc): type(id) is null for
  // id 0 or out of range; extra(id) is what follows the header (members,
  // array, enumerators).
  struct TypeHdr { uint32_t nameOff, info, sizeOrType; };
  const TypeHdr *type(uint32_t id) const;
  const uint8_t *extra(uint32_t id) const { return reinterpret_cast<const uint8_t *>(type(id) + 1); }
  static uint32_t kind(const TypeHdr *t) { return (t->info >> 24) & 0x1f; }
  static uint32_t vlen(const TypeHdr *t) { return t->info & 0xffff; }
  static bool kflag(const TypeHdr *t) { return t->info >> 31; }
  uint32_t skipModifiers(uint32_t id) const; // typedefs, const, volatile...: 0 if none left
  bool typeSize(uint32_t id, uint64_t *size, int depth = 0) const;

private:
  bool arrayLenOfPtr(uint32_t ptrId, uint32_t *out) const;
  bool readMapMembers(uint32_t structId, BtfMapDef *def, int depth, char *err, size_t errCap) const;

  const uint8_t *types_ = nullptr;
  size_t typesLen_ = 0;
  const char *strs_ = nullptr;
  size_t strsLen_ = 0;
  Vec<uint32_t> offsets_; // offsets_[id-1] = byte offset of type id in types_
  const Btf *base_ = nullptr;
  uint32_t baseCount_ = 0; // split BTF: base's types and strings come first
  size_t baseStrs_ = 0;
};

// Reads .BTF.ext (section names from btf's strings): the func_info records
// (8 bytes used: insn_off, type_id) and line_info records (16: insn_off,
// file_name_off, line_off, line_col), one BtfExtSec per section, pointing
// into data. False with a message on a malformed table.
// cores (if not null) gets the CO-RE relocations (16 bytes used: insn_off,
// type_id, access_str_off, kind).
bool parseBtfExt(const uint8_t *data, size_t size, const Btf &btf, Vec<BtfExtSec> *funcs,
                 Vec<BtfExtSec> *lines, Vec<BtfExtSec> *cores, char *err, size_t errCap);

} // namespace bpfd

#endif
