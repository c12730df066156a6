//===- Kallsyms.h - Kernel addresses to symbols, from /proc/kallsyms ------===//
#ifndef BPF_RUN_KALLSYMS_H
#define BPF_RUN_KALLSYMS_H

#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <string>
#include <vector>

namespace bpfrun {

class Kallsyms {
public:
  // Adds one `/proc/kallsyms` line ("ffff8000080100c0 T _text [mod]");
  // only text symbols (t, T, w, W) are kept.
  void addLine(llvm::StringRef Line);
  // Sorts what was added; call once before symbolize().
  void finish();
  size_t size() const { return Symbols.size(); }
  // The symbol holding Address ("vfs_read"), or "" when none does.
  std::string symbolize(uint64_t Address) const;

private:
  struct Symbol {
    uint64_t Address;
    std::string Name;
  };
  std::vector<Symbol> Symbols;
};

} // namespace bpfrun

#endif
