//===- KernelSymbols.cpp - the device's kallsyms, by address --------------===//
#include "bpfd/KernelSymbols.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>

namespace bpfd {

namespace {

bool keeps(const KernelSymbolFilter &Filter, char Type) {
  if (Filter.Keep == KernelSymbolFilter::Kinds::Text)
    return Type == 't' || Type == 'T' || Type == 'w' || Type == 'W';
  return !strchr("bBdDrR", Type);
}

// One kallsyms line, "ADDRESS TYPE NAME[<blanks>[MODULE]]"; false if it is
// not one.
bool parseLine(const std::string &Line, KernelSymbol &S, char &Type) {
  const char *P = Line.c_str();
  char *End;
  S.Address = strtoull(P, &End, 16);
  if (End == P || *End != ' ' || !End[1] || (End[2] != ' ' && End[2] != '\t'))
    return false;
  Type = End[1];
  const char *N = End + 2;
  while (*N == ' ' || *N == '\t')
    ++N;
  const char *NE = N;
  while (*NE && *NE != ' ' && *NE != '\t')
    ++NE;
  if (NE == N)
    return false;
  S.Name.assign(N, NE);
  S.Module.clear();
  if (const char *M = strchr(NE, '['))
    if (const char *ME = strchr(M, ']'))
      S.Module.assign(M + 1, ME);
  return true;
}

} // namespace

KernelSymbols KernelSymbols::fromReply(const Reply &R, const KernelSymbolFilter &Filter) {
  KernelSymbols K;
  for (const std::string &Line : R.Payload) {
    KernelSymbol S;
    char Type;
    if (!parseLine(Line, S, Type) || S.Address == 0 || S.Address == UINT64_MAX ||
        S.Address < Filter.MinAddress || !keeps(Filter, Type))
      continue;
    K.ByName.emplace(S.Name, S.Address);
    K.Symbols.push_back(std::move(S));
  }
  // By address; symbols of one address stay in kallsyms' order (the last
  // of them is the one containing() finds).
  std::vector<size_t> Order(K.Symbols.size());
  for (size_t I = 0; I < Order.size(); ++I)
    Order[I] = I;
  std::sort(Order.begin(), Order.end(), [&](size_t A, size_t B) {
    uint64_t AA = K.Symbols[A].Address, BA = K.Symbols[B].Address;
    return AA != BA ? AA < BA : A < B;
  });
  std::vector<KernelSymbol> Sorted;
  Sorted.reserve(Order.size());
  for (size_t I : Order)
    Sorted.push_back(std::move(K.Symbols[I]));
  K.Symbols = std::move(Sorted);
  return K;
}

const KernelSymbol *KernelSymbols::containing(uint64_t Address) const {
  auto It = std::upper_bound(Symbols.begin(), Symbols.end(), Address,
                             [](uint64_t A, const KernelSymbol &S) { return A < S.Address; });
  if (It == Symbols.begin())
    return nullptr;
  return &*std::prev(It);
}

std::optional<uint64_t> KernelSymbols::addressOf(const std::string &Name) const {
  auto It = ByName.find(Name);
  if (It == ByName.end())
    return std::nullopt;
  return It->second;
}

} // namespace bpfd
