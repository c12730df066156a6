//===- MapMethods.h - BCC's map methods as BPF helper calls -----*- C++ -*-===//
//
// A BCC program calls methods of its maps (table.lookup(&k), .update,
// .perf_submit, ...); the rewriter (BccRewriter.cpp) replaces each call by
// the helper calls BCC 0.26's frontend writes for it, on the BTF-defined map
// of the code pass. One row a method: how many arguments it takes, which
// argument carries the map's event record, and its text.
//
//===----------------------------------------------------------------------===//
#ifndef BPF_XCC_MAPMETHODS_H
#define BPF_XCC_MAPMETHODS_H

#include "bpf-xcc/Program.h"

#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace bpfxcc {

/// One call of a map method: the map, the method and its arguments' text
/// (already rewritten).
struct MapCall {
  MapCall(const MapInfo &Map, llvm::StringRef Method, const std::vector<std::string> &Args);

  const MapInfo &Map;
  llvm::StringRef Method;
  const std::vector<std::string> &Args;
  std::string MapArg;  ///< "(void *)&MAP"
  std::string LeafPtr; ///< a pointer to the map's value: "__typeof__(MAP.value)"
  std::string Lookup;  ///< "((LEAFPTR)bpf_map_lookup_elem(MAPARG, ", the key follows
};

struct MapMethod {
  const char *Name;
  unsigned MinArgs, MaxArgs;
  /// The argument whose type is the record the map carries to the tool
  /// (perf_submit's data), or -1.
  int EventArg;
  /// The call's text: $map, $leaf and $lookup stand for MapCall's MapArg,
  /// LeafPtr and Lookup, $1..$4 for the arguments. Null: Write.
  const char *Template;
  std::string (*Write)(const MapCall &Call);

  std::string text(const MapCall &Call) const;
};

/// The method named \p Name, or null when BCC 0.26 has none of that name.
const MapMethod *findMapMethod(llvm::StringRef Name);

} // namespace bpfxcc

#endif
