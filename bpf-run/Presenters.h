//===- Presenters.h - Printing events, tables and histograms like BCC -----===//
//
// All three work from BTF alone: no per-tool code.
//
//===----------------------------------------------------------------------===//
#ifndef BPF_RUN_PRESENTERS_H
#define BPF_RUN_PRESENTERS_H

#include "DeviceClock.h"
#include "ObjectInfo.h"
#include "ValueFormat.h"

#include "llvm/Support/raw_ostream.h"

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace bpfrun {

using Blob = std::vector<uint8_t>;

// The text of a stack id column ("start_kernel;...;vfs_read"); null when the
// object has no stack trace map (ids are then shown as numbers).
using StackFormatter = std::function<std::string(int64_t StackId)>;

// Perf events, one line each, columns named after the event struct's fields.
// What the columns hold is settled by the first event: a timestamp's unit
// (against the device's clock), whether an `id` is a pid_tgid; the header is
// printed then (or by finish() when no event came).
class EventPrinter {
public:
  EventPrinter(const ValueFormat &Fmt, uint32_t EventType, DeviceClock Clock,
               StackFormatter Stacks);
  void printEvent(llvm::raw_ostream &OS, llvm::ArrayRef<uint8_t> Sample);
  void finish(llvm::raw_ostream &OS);
  bool headerShown() const { return HeaderShown; }

private:
  struct ColumnState {
    Column C;
    ColumnRole Shown = ColumnRole::Plain; // the role settled by the first event
    uint64_t UnitNs = 1;                  // timestamps: ns per unit
    uint64_t First = 0;                   // timestamps: the first event's value
    size_t Width = 0;
  };
  void settle(llvm::ArrayRef<uint8_t> First);
  void printHeader(llvm::raw_ostream &OS);
  std::string cellText(ColumnState &S, llvm::ArrayRef<uint8_t> Sample) const;

  const ValueFormat &Fmt;
  DeviceClock Clock;
  StackFormatter Stacks;
  std::vector<ColumnState> Columns;
  bool Settled = false, HeaderShown = false;
};

struct MapEntry {
  Blob Key;
  Blob Value;
};

// A hash map as a table sorted by value, largest first (top-style).
void printTable(llvm::raw_ostream &OS, const ValueFormat &Fmt, const MapInfo &Map,
                std::vector<MapEntry> Entries, size_t MaxRows,
                const StackFormatter &Stacks = nullptr);

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
