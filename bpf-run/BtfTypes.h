//===- BtfTypes.h - Navigating BTF types for presentation -----------------===//
#ifndef BPF_RUN_BTFTYPES_H
#define BPF_RUN_BTFTYPES_H

#include "llvm/ADT/StringRef.h"
#include "llvm/DebugInfo/BTF/BTFParser.h"

#include <cstdint>
#include <optional>
#include <string>

namespace bpfrun {

// Views BTF types through typedefs and qualifiers.
class BtfTypes {
public:
  explicit BtfTypes(const llvm::BTFParser &Btf) : Btf(Btf) {}

  const llvm::BTF::CommonType *get(uint32_t Id) const { return Btf.findType(Id); }
  llvm::StringRef name(uint32_t Id) const;
  // Follows typedef, const, volatile, restrict and type tags; 0 on a loop.
  uint32_t resolve(uint32_t Id) const;
  // Byte size of the type, if it has one.
  std::optional<uint64_t> size(uint32_t Id) const;
  // INT encoding word of an int type (after resolve), or nullopt.
  std::optional<uint32_t> intEncoding(uint32_t Id) const;
  bool isCharArray(uint32_t Id) const;
  // For a pointer, the pointee id (unresolved); 0 otherwise.
  uint32_t pointee(uint32_t Id) const;
  // Element count of `int (*name)[N]`, the encoding of BTF-defined map fields.
  std::optional<uint32_t> arrayLenOfPointer(uint32_t Id) const;
  // A C-like spelling of the type, e.g. "struct data_t" or "u64".
  std::string spell(uint32_t Id) const;

  const llvm::BTFParser &parser() const { return Btf; }

  // Hops followed through one type (typedefs, arrays, pointers...): more
  // is a loop or a crafted chain, not a C type.
  static constexpr int MaxDepth = 32;

private:
  std::string spell(uint32_t Id, int Depth) const;

  const llvm::BTFParser &Btf;
};

} // namespace bpfrun

#endif
