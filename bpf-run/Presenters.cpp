//===- Presenters.cpp - Printing events, tables and histograms like BCC ---===//
#include "Presenters.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"

#include <algorithm>
#include <map>

using namespace llvm;

namespace bpfrun {

// A column's header once its role is settled.
static std::string header(const Column &C, ColumnRole Shown) {
  switch (Shown) {
  case ColumnRole::Timestamp:
    return "TIME(s)";
  case ColumnRole::PidTgid:
    return "PID";
  case ColumnRole::StackId: {
    StringRef Name = C.Name;
    Name.consume_back("_id");
    Name.consume_back("id");
    return Name.upper();
  }
  default:
    return StringRef(C.Name).upper();
  }
}

// A fixed width per column, chosen from its type, so that lines of a stream
// line up without seeing all the events first.
static size_t columnWidth(const ValueFormat &Fmt, const Column &C, ColumnRole Shown) {
  size_t W = header(C, Shown).size();
  if (Shown == ColumnRole::Timestamp)
    return std::max<size_t>(W, 12);
  if (Shown == ColumnRole::PidTgid)
    return std::max<size_t>(W, 7);
  if (Shown == ColumnRole::IpAddress)
    return std::max<size_t>(W, C.Size == 4 ? 15 : 26);
  if (Fmt.types().isCharArray(C.Type))
    return std::max<size_t>(W, std::min<uint64_t>(C.Size, 16));
  if (Fmt.isNumeric(C.Type))
    return std::max<size_t>(W, C.Size >= 8 ? 12 : 7);
  return W;
}

EventPrinter::EventPrinter(const ValueFormat &Fmt, uint32_t EventType, DeviceClock Clock,
                           StackFormatter Stacks)
    : Fmt(Fmt), Clock(Clock), Stacks(std::move(Stacks)) {
  for (Column &C : Fmt.columns(EventType, "")) {
    ColumnState S;
    S.C = std::move(C);
    Columns.push_back(std::move(S));
  }
}

void EventPrinter::settle(ArrayRef<uint8_t> First) {
  for (ColumnState &S : Columns) {
    uint64_t V = Fmt.number(S.C, First);
    switch (S.C.Role) {
    case ColumnRole::Timestamp:
      if (!Clock.known()) { // an older bpfd: take bpf_ktime_get_ns() as is
        S.Shown = ColumnRole::Timestamp;
      } else if (std::optional<uint64_t> Unit = timestampUnitNs(V, Clock.nowNs())) {
        S.Shown = ColumnRole::Timestamp;
        S.UnitNs = *Unit;
      } else {
        errs() << "bpf-run: warning: event field '" << S.C.Name << "' (" << V
               << ") is no bpf_ktime_get_ns() time in ns, us, ms or s of the device's clock ("
               << Clock.nowNs() << " ns); shown as is\n";
      }
      S.First = V;
      break;
    case ColumnRole::PidTgid:
      S.Shown = ColumnRole::PidTgid;
      break;
    case ColumnRole::MaybePidTgid:
      if (pidOfPidTgid(V))
        S.Shown = ColumnRole::PidTgid;
      break;
    case ColumnRole::StackId:
      if (Stacks)
        S.Shown = ColumnRole::StackId;
      break;
    case ColumnRole::IpAddress:
      S.Shown = ColumnRole::IpAddress;
      break;
    case ColumnRole::Plain:
      break;
    }
    S.Width = columnWidth(Fmt, S.C, S.Shown);
  }
  Settled = true;
}

void EventPrinter::printHeader(raw_ostream &OS) {
  for (size_t I = 0; I < Columns.size(); ++I) {
    std::string H = header(Columns[I].C, Columns[I].Shown);
    if (I + 1 < Columns.size())
      OS << left_justify(H, Columns[I].Width) << " ";
    else
      OS << H;
  }
  OS << "\n";
  HeaderShown = true;
}

std::string EventPrinter::cellText(ColumnState &S, ArrayRef<uint8_t> Sample) const {
  uint64_t V = Fmt.number(S.C, Sample);
  switch (S.Shown) {
  case ColumnRole::Timestamp: {
    double Seconds = ((double)V - (double)S.First) * (double)S.UnitNs / 1e9;
    return formatv("{0:f6}", Seconds).str();
  }
  case ColumnRole::PidTgid:
    return std::to_string(V >> 32);
  case ColumnRole::StackId: {
    unsigned Shift = 64 - 8 * S.C.Size;
    return Stacks((int64_t)(V << Shift) >> Shift);
  }
  default:
    return Fmt.format(S.C, Sample);
  }
}

void EventPrinter::printEvent(raw_ostream &OS, ArrayRef<uint8_t> Sample) {
  if (!Settled)
    settle(Sample);
  if (!HeaderShown)
    printHeader(OS);
  for (size_t I = 0; I < Columns.size(); ++I) {
    std::string Text = cellText(Columns[I], Sample);
    if (I + 1 < Columns.size())
      OS << left_justify(Text, Columns[I].Width) << " ";
    else
      OS << Text;
  }
  OS << "\n";
}

void EventPrinter::finish(raw_ostream &OS) {
  if (HeaderShown)
    return;
  if (!Settled)
    for (ColumnState &S : Columns) {
      S.Shown = S.C.Role == ColumnRole::MaybePidTgid ? ColumnRole::Plain : S.C.Role;
      S.Width = columnWidth(Fmt, S.C, S.Shown);
    }
  printHeader(OS);
}

// Sort key of a map value: the number itself, or the sum of a struct's
// numeric members (BCC's filetop sorts by all its counters together).
static uint64_t weight(const ValueFormat &Fmt, const std::vector<Column> &ValueCols,
                       ArrayRef<uint8_t> Value) {
  uint64_t Sum = 0;
  for (const Column &C : ValueCols)
    if (Fmt.isNumeric(C.Type) && C.Role == ColumnRole::Plain)
      Sum += Fmt.number(C, Value);
  return Sum;
}

// The columns of a key or value: a struct's members, else one column named
// Name ("key", "value"), raw bytes when the object has no type for it.
static std::vector<Column> columnsOrBytes(const ValueFormat &Fmt, uint32_t Type,
                                          uint32_t Size, const char *Name) {
  std::vector<Column> Cols;
  const BTF::CommonType *T = Type ? Fmt.types().get(Fmt.types().resolve(Type)) : nullptr;
  if (T && T->getKind() == BTF::BTF_KIND_STRUCT)
    Cols = Fmt.columns(Type, "");
  else if (T)
    Cols = Fmt.columns(Type, Name);
  if (Cols.empty()) {
    Column C;
    C.Name = Name;
    C.Size = Size;
    Cols.push_back(C); // Type 0: printed as raw bytes
  }
  return Cols;
}

static std::string cell(const ValueFormat &Fmt, const Column &C, ArrayRef<uint8_t> Data,
                        const StackFormatter &Stacks) {
  if (!C.Type)
    return "0x" + toHex(Data.take_front(C.Size), /*LowerCase=*/true);
  uint64_t V = Fmt.number(C, Data);
  if (C.Role == ColumnRole::PidTgid)
    return std::to_string(V >> 32);
  if (C.Role == ColumnRole::StackId && Stacks) {
    unsigned Shift = 64 - 8 * C.Size;
    return Stacks((int64_t)(V << Shift) >> Shift);
  }
  return Fmt.format(C, Data);
}

static std::string tableHeader(const Column &C, const StackFormatter &Stacks) {
  if (C.Role == ColumnRole::PidTgid || (C.Role == ColumnRole::StackId && Stacks))
    return header(C, C.Role);
  return StringRef(C.Name).upper();
}

void printTable(raw_ostream &OS, const ValueFormat &Fmt, const MapInfo &Map,
                std::vector<MapEntry> Entries, size_t MaxRows, const StackFormatter &Stacks) {
  std::vector<Column> KeyCols = columnsOrBytes(Fmt, Map.KeyType, Map.KeySize, "key");
  std::vector<Column> ValueCols = columnsOrBytes(Fmt, Map.ValueType, Map.ValueSize, "value");
  std::stable_sort(Entries.begin(), Entries.end(), [&](const MapEntry &A, const MapEntry &B) {
    return weight(Fmt, ValueCols, A.Value) > weight(Fmt, ValueCols, B.Value);
  });
  if (Entries.size() > MaxRows)
    Entries.resize(MaxRows);

  // Cells first, then widths: a table is printed whole.
  std::vector<std::string> Headers;
  std::vector<bool> Numeric;
  for (const std::vector<Column> *Cols : {&KeyCols, &ValueCols})
    for (const Column &C : *Cols) {
      Headers.push_back(tableHeader(C, Stacks));
      Numeric.push_back(C.Type && Fmt.isNumeric(C.Type) && C.Role != ColumnRole::IpAddress &&
                        !(C.Role == ColumnRole::StackId && Stacks));
    }
  std::vector<std::vector<std::string>> Rows;
  for (const MapEntry &E : Entries) {
    std::vector<std::string> Row;
    for (const Column &C : KeyCols)
      Row.push_back(cell(Fmt, C, E.Key, Stacks));
    for (const Column &C : ValueCols)
      Row.push_back(cell(Fmt, C, E.Value, Stacks));
    Rows.push_back(std::move(Row));
  }
  std::vector<size_t> Widths;
  for (size_t I = 0; I < Headers.size(); ++I) {
    size_t W = Headers[I].size();
    for (const auto &Row : Rows)
      W = std::max(W, Row[I].size());
    Widths.push_back(W);
  }
  auto PrintRow = [&](const std::vector<std::string> &Cells) {
    for (size_t I = 0; I < Cells.size(); ++I) {
      bool Last = I + 1 == Cells.size();
      if (Numeric[I])
        OS << right_justify(Cells[I], Widths[I]);
      else if (Last)
        OS << Cells[I];
      else
        OS << left_justify(Cells[I], Widths[I]);
      if (!Last)
        OS << "  ";
    }
    OS << "\n";
  };
  PrintRow(Headers);
  for (const auto &Row : Rows)
    PrintRow(Row);
}

static std::string stars(uint64_t Count, uint64_t Max, unsigned Width) {
  if (Max == 0)
    return std::string(Width, ' ');
  uint64_t N = Count * Width / Max;
  std::string S(N, '*');
  if (N < Width)
    S += std::string(Width - N, ' ');
  return S;
}

void printLog2Rows(raw_ostream &OS, StringRef Label, const std::vector<uint64_t> &Counts) {
  size_t Last = 0;
  uint64_t Max = 0;
  for (size_t I = 0; I < Counts.size(); ++I)
    if (Counts[I]) {
      Last = I;
      Max = std::max(Max, Counts[I]);
    }
  if (Max == 0)
    return;
  // Slot i (bpf_log2l) holds values in [2^(i-1), 2^i - 1]; slot 0 holds 0
  // and is shown with slot 1 as "0 -> 1".
  const unsigned W = Last > 32 ? 20 : 10;
  OS << right_justify(Label, 2 * W + 4) << " : count     distribution\n";
  for (size_t I = 1; I <= std::max<size_t>(Last, 1); ++I) {
    uint64_t Low = (uint64_t(1) << I) >> 1, High = (uint64_t(1) << I) - 1;
    uint64_t Count = Counts.size() > I ? Counts[I] : 0;
    if (I == 1) {
      Low = 0;
      Count += Counts[0];
    }
    OS << right_justify(std::to_string(Low), W) << " -> "
       << left_justify(std::to_string(High), W) << " : "
       << left_justify(std::to_string(Count), 8) << " |" << stars(Count, Max, 40) << "|\n";
  }
}

void printLinearRows(raw_ostream &OS, StringRef Label, const std::vector<uint64_t> &Counts) {
  size_t First = Counts.size(), Last = 0;
  uint64_t Max = 0;
  for (size_t I = 0; I < Counts.size(); ++I)
    if (Counts[I]) {
      First = std::min(First, I);
      Last = I;
      Max = std::max(Max, Counts[I]);
    }
  if (Max == 0)
    return;
  OS << right_justify(Label, 10) << "    : count     distribution\n";
  for (size_t I = First; I <= Last; ++I)
    OS << right_justify(std::to_string(I), 10) << "    : "
       << left_justify(std::to_string(Counts[I]), 8) << " |" << stars(Counts[I], Max, 40)
       << "|\n";
}

void printHistogram(raw_ostream &OS, const ValueFormat &Fmt, const MapInfo &Map,
                    const std::vector<MapEntry> &Entries) {
  // The slot is the key itself, or the key member named `slot`; the other
  // key members name the section a count belongs to.
  std::vector<Column> KeyCols = Fmt.columns(Map.KeyType, "");
  const Column *Slot = nullptr;
  std::vector<const Column *> SectionCols;
  for (const Column &C : KeyCols) {
    if (KeyCols.size() == 1 || C.Name == "slot")
      Slot = &C;
    else
      SectionCols.push_back(&C);
  }
  std::vector<Column> ValueCols = Fmt.columns(Map.ValueType, "");
  if (!Slot || ValueCols.size() != 1) {
    OS << "bpf-run: map '" << Map.Name << "' is not a histogram (key " 
       << Fmt.types().spell(Map.KeyType) << ", value " << Fmt.types().spell(Map.ValueType)
       << ")\n";
    return;
  }
  std::map<std::string, std::vector<uint64_t>> Sections;
  for (const MapEntry &E : Entries) {
    std::string Section;
    for (const Column *C : SectionCols)
      Section += (Section.empty() ? "" : ", ") + C->Name + " = " + Fmt.format(*C, E.Key);
    uint64_t S = Fmt.number(*Slot, E.Key);
    if (S > 4096)
      continue; // not a slot index
    std::vector<uint64_t> &Counts = Sections[Section];
    if (Counts.size() <= S)
      Counts.resize(S + 1);
    Counts[S] += Fmt.number(ValueCols[0], E.Value);
  }
  for (const auto &[Section, Counts] : Sections) {
    if (!Section.empty())
      OS << "\n" << Section << "\n";
    if (Map.Histogram == HistogramKind::Linear)
      printLinearRows(OS, Map.HistogramLabel, Counts);
    else
      printLog2Rows(OS, Map.HistogramLabel, Counts);
  }
}

} // namespace bpfrun
