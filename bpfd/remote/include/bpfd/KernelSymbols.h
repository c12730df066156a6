//===- bpfd/KernelSymbols.h - the device's kallsyms, by address -*- C++ -*-===//
//
// Built once from the reply to GET_KALLSYMS (/proc/kallsyms, one
// "ADDRESS TYPE NAME[\t[MODULE]]" a payload line): the symbols the filter
// keeps, sorted by address, for the address of a stack frame and the
// address of a name. bpf-run keeps text symbols (its stacks); libbcc keeps
// what BCC's KSyms keeps (every kind but data, above the x86_64 user half).
// Addresses 0 (kptr_restrict) and all ones are never kept.
//
//===----------------------------------------------------------------------===//
#ifndef BPFD_KERNELSYMBOLS_H
#define BPFD_KERNELSYMBOLS_H

#include "bpfd/Reply.h"

#include <cstdint>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace bpfd {

struct KernelSymbol {
  uint64_t Address = 0;
  std::string Name;
  /// The module ("virtio_blk"), "" for the kernel's own.
  std::string Module;
};

struct KernelSymbolFilter {
  enum class Kinds {
    Text,      ///< t T w W: code, weak included
    AllButData ///< every kind but b B d D r R
  };
  Kinds Keep = Kinds::AllButData;
  /// Lower addresses are skipped (x86_64's kernel lives above the user half).
  uint64_t MinAddress = 0;
};

class KernelSymbols {
public:
  KernelSymbols() = default;
  /// The symbols of GET_KALLSYMS's reply \p R that \p Filter keeps.
  static KernelSymbols fromReply(const Reply &R, const KernelSymbolFilter &Filter);

  size_t size() const { return Symbols.size(); }
  /// The symbol holding \p Address (the nearest at or below it), or null.
  const KernelSymbol *containing(uint64_t Address) const;
  /// The address of \p Name (its first line in kallsyms), if kept.
  std::optional<uint64_t> addressOf(const std::string &Name) const;

private:
  std::vector<KernelSymbol> Symbols; ///< sorted by address
  std::unordered_map<std::string, uint64_t> ByName;
};

} // namespace bpfd

#endif // BPFD_KERNELSYMBOLS_H
