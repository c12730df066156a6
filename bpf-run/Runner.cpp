//===- Runner.cpp - Load an object through bpfd and present what it collects //
#include "Runner.h"
#include "Presenters.h"

#include "bpfd/Blob.h"
#include "bpfd/KernelSymbols.h"
#include "bpfd/ObjectLoad.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <ctime>
#include <map>
#include <optional>
#include <set>
#include <thread>

using namespace llvm;

namespace bpfrun {

static std::atomic<bool> StopRequested{false};
void requestStop() { StopRequested = true; }

static Error sessionError(const bpfd::Error &E) {
  return createStringError(std::error_code(E.errnoValue(), std::generic_category()),
                           E.message());
}

// One command whose failure ends the run.
static Expected<bpfd::Reply> mustCommand(bpfd::Session &S, const std::string &Line) {
  bpfd::Expected<bpfd::Reply> R = S.command(Line);
  if (!R)
    return sessionError(R.error());
  if (!R->ok())
    return sessionError(R->toError());
  return std::move(*R);
}

static Expected<Blob> decode(StringRef Word, StringRef What) {
  bpfd::Expected<std::string> Out = bpfd::decodeBlob(Word.str());
  if (!Out)
    return createStringError(inconvertibleErrorCode(),
                             "bad base64 in " + What + ": " + Out.error().message());
  return Blob(Out->begin(), Out->end());
}

namespace {
struct LoadedMap {
  MapInfo *Info;
  int Handle;
};

class Run {
public:
  Run(bpfd::Session &S, ObjectInfo &Obj, const RunOptions &Opts)
      : S(S), Obj(Obj), Opts(Opts), Types(Obj.btf()),
        // The object's byte order is the target's (s390x takes bpfeb).
        Fmt(Types, Obj.isLittleEndian()) {}

  Error run();

private:
  void progress(const Twine &Msg) {
    if (Opts.Verbose)
      errs() << "bpf-run: " << Msg << "\n";
  }
  Error upload();
  Error openPerfBuffers();
  /// \p Final: what arrived before the end, all of it (no poll ahead).
  Error poll(int TimeoutMs, bool Final = false);
  Error pollReaders(StringRef Command, const std::vector<int> &Handles, int TimeoutMs,
                    bool Final = false);
  Error printTables(bool Final);
  Expected<std::vector<MapEntry>> dump(const LoadedMap &M);
  StackFormatter stackFormatter();
  std::string stackText(int64_t Id);
  Error loadKallsyms();

  bpfd::Session &S;
  ObjectInfo &Obj;
  const RunOptions &Opts;
  BtfTypes Types;
  ValueFormat Fmt;
  std::vector<LoadedMap> Maps;
  std::map<int, EventPrinter> Readers; // perf or ring reader handle -> its event printer
  std::vector<int> PerfReaders, RingReaders;
  // PERF_READER_POLL's batch form (docs/protocol.md, Perf buffers): tried at
  // the first poll; a bpfd without it answers EINVAL, and the session polls
  // one sample a line from then on.
  enum class PerfForm { Unknown, Batch, Lines } PerfReplies = PerfForm::Unknown;
  Error printBatch(StringRef Payload, int Reader, StringRef CountWord, StringRef B64);
  uint64_t Lost = 0;
  // Stack ids: the object's first stack trace map, the device's kallsyms
  // (fetched at the first stack shown), stacks read in this print.
  int StackMap = -1;
  std::optional<bpfd::KernelSymbols> Symbols;
  std::map<int64_t, std::string> StackCache;
  std::string StackError; // why stacks cannot be shown, once known
};
} // namespace

Error Run::upload() {
  bpfd::Expected<bpfd::Reply> R = bpfd::loadObject(
      [this](const std::string &Line) { return S.command(Line); }, Obj.bytes().str(),
      /*Attach=*/true);
  if (!R)
    return sessionError(R.error());
  for (const bpfd::LoadedObjectMap &M : bpfd::loadedObjectMaps(*R))
    if (MapInfo *Info = Obj.findMap(M.Name))
      Maps.push_back({Info, M.Handle});
  for (const std::string &P : R->Payload) {
    StringRef Line(P);
    if (!R->ok()) {
      // The verifier log; not what was loaded before the failure (undone).
      auto [What, Record] = Line.split(' ');
      if ((What == "btf" || What == "map" || What == "prog") &&
          (Record.starts_with("handle=") || Record.contains(" handle=")))
        continue;
      errs() << Line << "\n";
      continue;
    }
    auto [Kind, Rest] = Line.split(' ');
    if (Kind == "warning") {
      errs() << "bpf-run: warning: " << Rest << "\n";
    } else if (Kind == "attach") {
      // "FN handle=N KIND:TARGET [path=...]": shown with the section's
      // spelling, KIND/TARGET, as bpf-xcc recorded the point.
      auto [Head, Point] = Rest.rsplit(" handle=");
      auto [Handle, Where] = Point.split(' ');
      auto [AttachKind, Target] = Where.split(':');
      auto [Target0, Extra] = Target.split(' ');
      progress("attached " + Head + " handle=" + Handle + " " + AttachKind + "/" + Target0);
    } else if (Kind == "prog") {
      progress("loaded program " + Rest);
    }
  }
  if (!R->ok())
    return sessionError(R->toError());
  errs() << "bpf-run: object loaded: " << R->Ret << " programs\n";
  return Error::success();
}

Error Run::openPerfBuffers() {
  for (const LoadedMap &M : Maps) {
    bool Ring = M.Info->Type == MapTypeRingbuf;
    if (M.Info->Type != MapTypePerfEventArray && !Ring)
      continue;
    if (!M.Info->EventType) {
      errs() << "bpf-run: warning: " << (Ring ? "ringbuf" : "perf") << " map '" << M.Info->Name
             << "' has no event type (compile with bpf-xcc, or pass --event "
             << M.Info->Name << "=TYPE); its events are not shown\n";
      continue;
    }
    Expected<bpfd::Reply> R = mustCommand(
        S, (Ring ? "BPF_OPEN_RINGBUF " : "BPF_OPEN_PERF_BUFFER ") + std::to_string(M.Handle));
    if (!R)
      return R.takeError();
    (Ring ? RingReaders : PerfReaders).push_back((int)R->Ret);
    Readers.emplace((int)R->Ret,
                    EventPrinter(Fmt, M.Info->EventType, Opts.Clock, stackFormatter()));
  }
  outs().flush();
  return Error::success();
}

// Perf buffers wait for the timeout, ring buffers are drained after them
// (or wait themselves when there is no perf buffer): "+ sample H CPU B64" and
// "+ ringbuf H B64" records both go to the reader's event printer.
Error Run::poll(int TimeoutMs, bool Final) {
  if (!PerfReaders.empty()) {
    if (Error E = pollReaders("PERF_READER_POLL", PerfReaders, TimeoutMs, Final))
      return E;
    TimeoutMs = 0;
  }
  if (!RingReaders.empty())
    return pollReaders("RINGBUF_POLL", RingReaders, TimeoutMs);
  return Error::success();
}

// "+ samples READER CPU COUNT B64": COUNT records in one base64 blob, each a
// little-endian u32 length and the sample's bytes; decoded once, each record
// printed from the blob.
Error Run::printBatch(StringRef Payload, int Reader, StringRef CountWord, StringRef B64) {
  auto Bad = [&](const Twine &Why) {
    return createStringError(std::make_error_code(std::errc::protocol_error),
                             "bpfd's batch of perf samples for reader " + Twine(Reader) + ": " + Why +
                                 " (line '" + Payload.take_front(80) + "...')");
  };
  uint64_t Count = 0;
  if (CountWord.getAsInteger(10, Count) || Count == 0)
    return Bad("COUNT '" + CountWord + "' is not a number above 0");
  bpfd::Expected<std::string> Bytes = bpfd::decodeBlob(B64.str());
  if (!Bytes)
    return Bad("bad base64: " + Bytes.error().message());
  EventPrinter &Printer = Readers.at(Reader);
  const uint8_t *P = reinterpret_cast<const uint8_t *>(Bytes->data());
  size_t At = 0, End = Bytes->size();
  for (uint64_t I = 0; I < Count; ++I) {
    if (End - At < 4)
      return Bad("record " + Twine(I) + " of " + Twine(Count) + " is missing");
    uint32_t Len = uint32_t(P[At]) | uint32_t(P[At + 1]) << 8 | uint32_t(P[At + 2]) << 16 |
                   uint32_t(P[At + 3]) << 24;
    At += 4;
    if (End - At < Len)
      return Bad("record " + Twine(I) + " of " + Twine(Count) + " (" + Twine(Len) +
                 " bytes) is cut at the end of the line");
    Printer.printEvent(outs(), ArrayRef<uint8_t>(P + At, Len));
    StackCache.clear();
    At += Len;
  }
  if (At != End)
    return Bad(Twine(End - At) + " bytes after its " + Twine(Count) + " records");
  return Error::success();
}

Error Run::pollReaders(StringRef Command, const std::vector<int> &Handles, int TimeoutMs,
                       bool Final) {
  bool Batch = Command == "PERF_READER_POLL" && PerfReplies != PerfForm::Lines;
  std::string Line = Command.str() + " " + std::to_string(TimeoutMs) + (Batch ? " batch" : "");
  std::string List;
  for (int Reader : Handles)
    List += " " + std::to_string(Reader);
  Line += List;
  // What the last poll sent ahead, if it holds records; else this poll.
  std::optional<bpfd::Expected<bpfd::Reply>> Ahead;
  if (Command == "PERF_READER_POLL")
    Ahead = S.takeAhead();
  bool FromAhead = Ahead && *Ahead && (*Ahead)->ok() && (*Ahead)->Ret > 0;
  bpfd::Expected<bpfd::Reply> R = FromAhead ? std::move(*Ahead) : S.command(Line);
  if (!R)
    return sessionError(R.error());
  if (Batch && PerfReplies == PerfForm::Unknown) {
    if (!R->ok() && R->Ret == -EINVAL) {
      // An older bpfd: the poll failed before waiting; again, one sample a line.
      progress("bpfd has no batch perf replies (" + R->Message + "): one line a sample");
      PerfReplies = PerfForm::Lines;
      return pollReaders(Command, Handles, TimeoutMs, Final);
    }
    if (R->ok()) {
      progress("perf samples in batch replies (PERF_READER_POLL ... batch)");
      PerfReplies = PerfForm::Batch;
    }
  }
  if (!R->ok())
    return sessionError(R->toError());
  // While the events print (stack lookups included), bpfd drains the rings
  // again (timeout 0); the next poll takes what it found.
  if (Batch && PerfReplies == PerfForm::Batch && R->Ret > 0 && !Final)
    if (bpfd::Error E = S.sendAhead("PERF_READER_POLL 0 batch" + List))
      return sessionError(E);
  for (const std::string &P : R->Payload) {
    SmallVector<StringRef, 5> F;
    StringRef(P).split(F, ' ');
    int Reader = 0;
    if (F.size() < 3 || F[1].getAsInteger(10, Reader) || !Readers.count(Reader))
      continue;
    if (F[0] == "samples" && F.size() == 5) {
      if (Error E = printBatch(P, Reader, F[3], F[4]))
        return E;
    } else if (F[0] == "ringbuf" && F.size() == 3) {
      Expected<Blob> Record = decode(F[2], "a ring buffer record");
      if (!Record)
        return Record.takeError();
      Readers.at(Reader).printEvent(outs(), *Record);
      StackCache.clear();
    } else if (F.size() != 4) {
      continue;
    } else if (F[0] == "sample") {
      Expected<Blob> Sample = decode(F[3], "a perf sample");
      if (!Sample)
        return Sample.takeError();
      Readers.at(Reader).printEvent(outs(), *Sample);
      StackCache.clear();
    } else if (F[0] == "lost") {
      uint64_t N = 0;
      F[3].getAsInteger(10, N);
      Lost += N;
      outs() << "Possibly lost " << N << " samples\n";
    }
  }
  outs().flush();
  if (Final && FromAhead) // what was drained ahead; now the rest
    return pollReaders(Command, Handles, TimeoutMs, Final);
  return Error::success();
}

Expected<std::vector<MapEntry>> Run::dump(const LoadedMap &M) {
  Expected<bpfd::Reply> R = mustCommand(S, "BPF_DUMP_MAP " + std::to_string(M.Handle));
  if (!R)
    return R.takeError();
  std::vector<MapEntry> Entries;
  for (const std::string &P : R->Payload) {
    auto [K, V] = StringRef(P).split(' ');
    Expected<Blob> Key = decode(K, "a map key"), Value = decode(V, "a map value");
    if (!Key)
      return Key.takeError();
    if (!Value)
      return Value.takeError();
    Entries.push_back({std::move(*Key), std::move(*Value)});
  }
  return Entries;
}

StackFormatter Run::stackFormatter() {
  if (StackMap < 0)
    return nullptr;
  return [this](int64_t Id) { return stackText(Id); };
}

Error Run::loadKallsyms() {
  progress("reading the device's kallsyms");
  Expected<bpfd::Reply> R = mustCommand(S, "GET_KALLSYMS");
  if (!R)
    return R.takeError();
  bpfd::KernelSymbolFilter Text;
  Text.Keep = bpfd::KernelSymbolFilter::Kinds::Text;
  Symbols = bpfd::KernelSymbols::fromReply(*R, Text);
  progress(std::to_string(Symbols->size()) + " kernel text symbols");
  if (Symbols->size() == 0)
    StackError = "the device's kallsyms lists no text symbol (kptr_restrict?)";
  return Error::success();
}

// A kernel frame by its symbol, "vfs_read" or "virtblk_done [virtio_blk]";
// "" when no symbol holds Ip.
static std::string frameName(const bpfd::KernelSymbols &Symbols, uint64_t Ip) {
  const bpfd::KernelSymbol *S = Symbols.containing(Ip);
  if (!S)
    return "";
  return S->Module.empty() ? S->Name : S->Name + " [" + S->Module + "]";
}

// A stack as BCC's folded output writes it: outermost frame first, ';'
// between frames; kernel addresses by their kallsyms symbol, others in hex.
std::string Run::stackText(int64_t Id) {
  if (Id < 0)
    return "[no stack: " + std::to_string(Id) + "]"; // get_stackid's -errno
  if (auto It = StackCache.find(Id); It != StackCache.end())
    return It->second;
  if (!Symbols && StackError.empty())
    if (Error E = loadKallsyms())
      StackError = toString(std::move(E));
  std::string Key = bpfd::encodeBlob(&Id, 4);
  bpfd::Expected<bpfd::Reply> R =
      S.command("BPF_LOOKUP_ELEM " + std::to_string(StackMap) + " " + Key);
  std::string Text;
  if (!R || !R->ok() || R->Payload.empty()) {
    Text = "[stack " + std::to_string(Id) + " gone]";
  } else if (Expected<Blob> Ips = decode(R->Payload.front(), "a stack")) {
    std::vector<std::string> Frames;
    for (size_t Off = 0; Off + 8 <= Ips->size(); Off += 8) {
      uint64_t Ip = Fmt.readUnsigned(*Ips, Off, 8);
      if (Ip == 0)
        break;
      std::string Sym = Symbols ? frameName(*Symbols, Ip) : "";
      Frames.push_back(Sym.empty() ? formatv("{0:x}", Ip).str() : Sym);
    }
    for (auto It = Frames.rbegin(); It != Frames.rend(); ++It)
      Text += (Text.empty() ? "" : ";") + *It;
    if (Text.empty())
      Text = "[empty stack]";
  } else {
    consumeError(Ips.takeError());
    Text = "[stack " + std::to_string(Id) + " unreadable]";
  }
  if (!R)
    consumeError(sessionError(R.error()));
  StackCache[Id] = Text;
  return Text;
}

static bool isTableMap(const MapInfo &M) {
  if (M.DeletedByProgram)
    return false; // entry/return pairing scratch (opensnoop's infotmp)
  switch (M.Type) {
  case MapTypeHash:
  case MapTypeLruHash:
  case MapTypeArray:
    return M.Histogram != HistogramKind::None || M.Type != MapTypeArray;
  default:
    return false;
  }
}

Error Run::printTables(bool Final) {
  bool Header = false;
  for (const LoadedMap &M : Maps) {
    if (!isTableMap(*M.Info))
      continue;
    if (M.Info->Histogram != HistogramKind::None && !Final && Opts.Interval == 0)
      continue;
    Expected<std::vector<MapEntry>> Entries = dump(M);
    if (!Entries)
      return Entries.takeError();
    // Empty maps are not shown: a tool's maps for options not given
    // (tcpconnect's ipv4_count without -c) stay empty every interval.
    bool Empty = Entries->empty();
    if (M.Info->Histogram != HistogramKind::None)
      Empty = std::none_of(Entries->begin(), Entries->end(), [](const MapEntry &E) {
        return std::any_of(E.Value.begin(), E.Value.end(), [](uint8_t B) { return B != 0; });
      });
    if (Empty)
      continue;
    if (!Header) {
      std::time_t Now = std::time(nullptr);
      char Buf[16];
      std::strftime(Buf, sizeof(Buf), "%H:%M:%S", std::localtime(&Now));
      outs() << "\n" << Buf << "\n";
      Header = true;
    }
    outs() << "\n@" << M.Info->Name << ":\n";
    if (M.Info->Histogram != HistogramKind::None)
      printHistogram(outs(), Fmt, *M.Info, *Entries);
    else
      printTable(outs(), Fmt, *M.Info, std::move(*Entries), Opts.TopRows, stackFormatter());
    if (Opts.ClearEachInterval)
      if (Expected<bpfd::Reply> R = mustCommand(S, "BPF_CLEAR_MAP " + std::to_string(M.Handle));
          !R)
        return R.takeError();
  }
  StackCache.clear();
  outs().flush();
  return Error::success();
}

Error Run::run() {
  if (Error E = upload())
    return E;
  for (const LoadedMap &M : Maps)
    if (M.Info->Type == MapTypeStackTrace && StackMap < 0)
      StackMap = M.Handle;
  if (Error E = openPerfBuffers())
    return E;
  using Clock = std::chrono::steady_clock;
  auto Start = Clock::now();
  auto NextTable = Start + std::chrono::duration<double>(Opts.Interval);
  unsigned Intervals = 0;
  auto Elapsed = [&] { return std::chrono::duration<double>(Clock::now() - Start).count(); };
  while (!StopRequested) {
    if (Opts.Duration > 0 && Elapsed() >= Opts.Duration)
      break;
    // Wake for the next table print, the end, or at least every 200 ms.
    double Wait = 0.2;
    if (Opts.Interval > 0)
      Wait = std::min(Wait, std::chrono::duration<double>(NextTable - Clock::now()).count());
    if (Opts.Duration > 0)
      Wait = std::min(Wait, Opts.Duration - Elapsed());
    int WaitMs = std::max(0, (int)(Wait * 1000));
    if (!Readers.empty()) {
      if (Error E = poll(WaitMs))
        return E;
    } else {
      std::this_thread::sleep_for(std::chrono::milliseconds(WaitMs));
    }
    if (Opts.Interval > 0 && Clock::now() >= NextTable) {
      if (Error E = printTables(false))
        return E;
      NextTable += std::chrono::duration_cast<Clock::duration>(
          std::chrono::duration<double>(Opts.Interval));
      if (Opts.Count && ++Intervals >= Opts.Count)
        break;
    }
  }
  if (!Readers.empty())
    if (Error E = poll(0, /*Final=*/true)) // what arrived before the end
      return E;
  // No event at all: the first stream's header, so that the run shows what
  // it watched (tcpconnect's ipv6_events stays silent beside ipv4_events).
  if (!Readers.empty() && std::none_of(Readers.begin(), Readers.end(), [](const auto &R) {
        return R.second.headerShown();
      }))
    Readers.begin()->second.finish(outs());
  if (Opts.Interval == 0 || Intervals == 0) // else the last interval was shown
    if (Error E = printTables(true))
      return E;
  if (!Readers.empty())
    errs() << "bpf-run: " << Lost << " events lost in all\n";
  return Error::success();
}

Error runObject(bpfd::Session &Session, ObjectInfo &Object, const RunOptions &Options) {
  Run R(Session, Object, Options);
  return R.run();
}

} // namespace bpfrun
