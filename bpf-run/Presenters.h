//===- Presenters.h - Printing events, tables and histograms like BCC -----===//
//
// All three work from BTF alone: no per-tool code.
//
//===----------------------------------------------------------------------===//
#ifndef BPF_RUN_PRESENTERS_H
#define BPF_RUN_PRESENTERS_H

#include "ObjectInfo.h"
#include "ValueFormat.h"

#include "llvm/Support/raw_ostream.h"

#include <optional>
#include <string>
#include <vector>

namespace bpfrun {

using Blob = std::vector<uint8_t>;

// Perf events, one line each, columns named after the event struct's fields.
class EventPrinter {
public:
  EventPrinter(const ValueFormat &Fmt, uint32_t EventType);
  void printHeader(llvm::raw_ostream &OS) const;
  void printEvent(llvm::raw_ostream &OS, llvm::ArrayRef<uint8_t> Sample);

private:
  const ValueFormat &Fmt;
  std::vector<Column> Columns;
  std::vector<size_t> Widths;
  std::optional<uint64_t> FirstTimestamp;
};

struct MapEntry {
  Blob Key;
  Blob Value;
};

// A hash map as a table sorted by value, largest first (top-style).
void printTable(llvm::raw_ostream &OS, const ValueFormat &Fmt, const MapInfo &Map,
                std::vector<MapEntry> Entries, size_t MaxRows);

// A BCC histogram map (slot-indexed counts, optionally sectioned by the other
// members of a struct key whose slot member is named `slot`).
void printHistogram(llvm::raw_ostream &OS, const ValueFormat &Fmt, const MapInfo &Map,
                    const std::vector<MapEntry> &Entries);

// The rows of a BCC-style log2 histogram of Counts[slot].
void printLog2Rows(llvm::raw_ostream &OS, llvm::StringRef Label,
                   const std::vector<uint64_t> &Counts);
void printLinearRows(llvm::raw_ostream &OS, llvm::StringRef Label,
                     const std::vector<uint64_t> &Counts);

} // namespace bpfrun

#endif
