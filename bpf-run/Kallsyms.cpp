//===- Kallsyms.cpp - Kernel addresses to symbols, from /proc/kallsyms ----===//
#include "Kallsyms.h"

#include "llvm/ADT/SmallVector.h"

#include <algorithm>

using namespace llvm;

namespace bpfrun {

void Kallsyms::addLine(StringRef Line) {
  SmallVector<StringRef, 4> F;
  Line.split(F, ' ', -1, false);
  if (F.size() < 3 || F[1].size() != 1)
    return;
  char Kind = F[1][0];
  if (Kind != 't' && Kind != 'T' && Kind != 'w' && Kind != 'W')
    return;
  uint64_t Address;
  if (F[0].getAsInteger(16, Address) || Address == 0)
    return;
  std::string Name = F[2].str();
  if (F.size() >= 4)
    Name += " " + F[3].str(); // the module, "[virtio_blk]"
  Symbols.push_back({Address, std::move(Name)});
}

void Kallsyms::finish() {
  std::stable_sort(Symbols.begin(), Symbols.end(),
                   [](const Symbol &A, const Symbol &B) { return A.Address < B.Address; });
}

std::string Kallsyms::symbolize(uint64_t Address) const {
  auto It = std::upper_bound(Symbols.begin(), Symbols.end(), Address,
                             [](uint64_t A, const Symbol &S) { return A < S.Address; });
  if (It == Symbols.begin())
    return "";
  return std::prev(It)->Name;
}

} // namespace bpfrun
