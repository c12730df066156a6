//===- Device.cpp - one device's bpfd session, kept up by its own thread --===//
#include "Device.h"
#include "KeyDecoder.h"
#include "Log.h"
#include "XccCompile.h"

#include "bpfd/Blob.h"
#include "bpfd/ObjectLoad.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <set>
#include <sstream>

namespace exporter {

using Clock = std::chrono::steady_clock;

Device::Device(DeviceConfig C, const ExporterConfig &Exporter)
    : Config(std::move(C)), Exporter(Exporter), DeviceLabels{{"device", Config.Name}} {}

Device::~Device() {
  requestStop();
  join();
}

void Device::log(const std::string &Text) const { logLine(Config.Name + ": " + Text); }

void Device::start() { Thread = std::thread([this] { run(); }); }

void Device::requestStop() {
  std::lock_guard<std::mutex> Lock(M);
  Stop = true;
  CV.notify_all();
}

bool Device::opening() const {
  std::lock_guard<std::mutex> Lock(M);
  return St == State::Opening;
}

bool Device::finished() const {
  std::lock_guard<std::mutex> Lock(M);
  return St == State::Finished;
}

void Device::join() {
  if (Thread.joinable())
    Thread.join();
}

void Device::setState(State S) {
  std::lock_guard<std::mutex> Lock(M);
  St = S;
  CV.notify_all();
}

DeviceStats Device::stats() const {
  std::lock_guard<std::mutex> Lock(M);
  DeviceStats S = Stats;
  S.Up = St == State::Up;
  return S;
}

uint64_t Device::beginReading() {
  std::lock_guard<std::mutex> Lock(M);
  if (St != State::Up || Stop)
    return 0;
  // A reading asked for and not yet begun serves this scrape too.
  if (RequestTicket == DoneTicket)
    ++RequestTicket;
  CV.notify_all();
  return RequestTicket;
}

DeviceReading Device::awaitReading(uint64_t Ticket, Clock::time_point Deadline) {
  DeviceReading R;
  if (!Ticket)
    return R;
  std::unique_lock<std::mutex> Lock(M);
  CV.wait_until(Lock, Deadline, [&] { return DoneTicket >= Ticket || St != State::Up; });
  if (DoneTicket >= Ticket)
    return Last;
  if (St != State::Up)
    return R;
  ++Stats.ScrapeTimeouts;
  R.Up = true;
  R.TimedOut = true;
  return R;
}

// The whole file at Path, or an error naming it.
static bpfd::Expected<std::string> readFile(const std::string &Path) {
  std::ifstream In(Path, std::ios::binary);
  if (!In)
    return bpfd::Error::failure(errno ? errno : ENOENT,
                                Path + ": cannot open the object: " + strerror(errno));
  std::ostringstream Bytes;
  Bytes << In.rdbuf();
  return Bytes.str();
}

bpfd::Error Device::loadPrograms() {
  std::string Arch = Session->greetingField("arch");
  BigEndian = Arch == "s390x" || Arch == "ppc64" || Arch == "mips";
  auto Command = [this](const std::string &Line) { return Session->command(Line); };
  bool NeedSymbols = false;
  for (const ProgramConfig &P : Exporter.Programs) {
    std::string Path = P.objectFor(Arch);
    if (Path.empty() && !P.Source.empty()) {
      bpfd::Expected<std::string> Obj = compileProgram(P, Arch);
      if (!Obj)
        return Obj.error();
      Path = *Obj;
    }
    if (Path.empty())
      return bpfd::Error::failure(ENOENT, "program '" + P.Name + "' has no object for arch " + Arch);
    bpfd::Expected<std::string> Bytes = readFile(Path);
    if (!Bytes)
      return Bytes.error();
    bpfd::Expected<bpfd::Reply> R = bpfd::loadObject(Command, *Bytes, /*Attach=*/true);
    if (!R)
      return R.error().withContext("program '" + P.Name + "'");
    for (const std::string &Line : R->Payload)
      if (!R->ok() || Line.rfind("warning", 0) == 0)
        log("program '" + P.Name + "': " + Line);
    if (!R->ok())
      return R->toError().withContext("program '" + P.Name + "' (" + Path + ")");
    if (verbose())
      log("program '" + P.Name + "' loaded: " + std::to_string(R->Ret) + " programs");
    std::vector<bpfd::LoadedObjectMap> Maps = bpfd::loadedObjectMaps(*R);
    auto Find = [&](const std::string &Name) -> const bpfd::LoadedObjectMap * {
      for (const bpfd::LoadedObjectMap &Map : Maps)
        if (Map.Name == Name)
          return &Map;
      return nullptr;
    };
    auto Add = [&](const ScalarMetricConfig *S, const HistogramConfig *H) -> bpfd::Error {
      const std::string &Name = S ? S->Map : H->Map;
      const bpfd::LoadedObjectMap *Map = Find(Name);
      if (!Map)
        return bpfd::Error::failure(ENOENT, "program '" + P.Name + "' has no map '" + Name +
                                                "' for metric '" + (S ? S->Name : H->Name) + "'");
      Metrics.push_back({S, H, Name, Map->Handle, {Map->Type, Map->ValueSize}});
      NeedSymbols |= needsKernelSymbols(S ? S->Labels : H->Labels);
      return bpfd::Error::success();
    };
    for (const ScalarMetricConfig &S : P.Metrics.Scalars)
      if (bpfd::Error E = Add(&S, nullptr))
        return E;
    for (const HistogramConfig &H : P.Metrics.Histograms)
      if (bpfd::Error E = Add(nullptr, &H))
        return E;
  }
  if (NeedSymbols) {
    bpfd::Expected<bpfd::Reply> R = Session->command("GET_KALLSYMS");
    if (!R)
      return R.error();
    if (!R->ok())
      return R->toError().withContext("reading the device's kernel symbols for ksym labels");
    Symbols = bpfd::KernelSymbols::fromReply(*R, bpfd::KernelSymbolFilter());
  }
  return bpfd::Error::success();
}

bpfd::Error Device::connect() {
  bpfd::SessionOptions O;
  O.BpfdPath = Config.Bpfd;
  O.Workload = Config.Workload;
  O.KernelDir = Config.Kernel;
  O.Cpus = Config.Cpus;
  O.Timeout = Exporter.SessionTimeout;
  O.Progress = [this](const std::string &Text) {
    // The client library's lines start with the remote spec; ours with the
    // device's name.
    std::string Prefix = Config.Remote + ": ";
    if (verbose())
      log(Text.compare(0, Prefix.size(), Prefix) == 0 ? Text.substr(Prefix.size()) : Text);
  };
  setState(State::Opening);
  bpfd::Expected<std::unique_ptr<bpfd::Session>> S = bpfd::Session::open(Config.Remote, O);
  if (!S)
    return S.error();
  Session = std::move(*S);
  setState(State::Loading);
  {
    std::lock_guard<std::mutex> Lock(M);
    if (Stop)
      return bpfd::Error::success();
  }
  Metrics.clear();
  Symbols.reset();
  Warned.clear();
  return loadPrograms();
}

bpfd::Error Device::read(DeviceReading &Out) {
  auto Start = Clock::now();
  DecodeContext Ctx{BigEndian, Symbols ? &*Symbols : nullptr};
  uint64_t Undecoded = 0;
  std::map<std::string, uint64_t> Failed;
  for (const LoadedMetric &L : Metrics) {
    bpfd::Expected<bpfd::Reply> R = Session->command("BPF_DUMP_MAP " + std::to_string(L.Handle));
    if (!R)
      return R.error().withContext("reading map '" + L.Map + "'");
    std::vector<MapEntry> Entries;
    bool Bad = !R->ok();
    if (Bad && !Warned.count(L.Map)) // once a map a session
      log("reading map '" + L.Map + "' failed: " + R->toError().message());
    for (size_t I = 0; I < R->Payload.size() && !Bad; ++I) {
      std::vector<std::string> Words = bpfd::splitWords(R->Payload[I]);
      bpfd::Expected<std::string> Key = bpfd::decodeBlob(Words.size() == 2 ? Words[0] : "?");
      bpfd::Expected<std::string> Value = bpfd::decodeBlob(Words.size() == 2 ? Words[1] : "?");
      if (!Key || !Value) {
        log("map '" + L.Map + "': an entry is not KEY VALUE in base64: '" +
            R->Payload[I].substr(0, 80) + "'");
        Bad = true;
        break;
      }
      Entries.push_back({std::move(*Key), std::move(*Value)});
    }
    if (Bad) {
      Warned.insert(L.Map);
      ++Failed[L.Map];
      continue;
    }
    Family F = L.Scalar ? scalarFamily(*L.Scalar, DeviceLabels, L.Shape, Entries, Ctx, Undecoded)
                        : histogramFamily(*L.Histogram, DeviceLabels, L.Shape, Entries, Ctx,
                                          Undecoded);
    mergeFamily(Out.Families, std::move(F));
  }
  Out.Up = true;
  Out.Seconds = std::chrono::duration<double>(Clock::now() - Start).count();
  std::lock_guard<std::mutex> Lock(M);
  Stats.DecodeErrors += Undecoded;
  for (const auto &[Map, N] : Failed)
    Stats.MapReadErrors[Map] += N;
  return bpfd::Error::success();
}

bpfd::Error Device::serve() {
  for (;;) {
    uint64_t Ticket;
    {
      std::unique_lock<std::mutex> Lock(M);
      CV.wait(Lock, [&] { return Stop || RequestTicket > DoneTicket; });
      if (Stop)
        return bpfd::Error::success();
      Ticket = RequestTicket;
    }
    DeviceReading R;
    if (bpfd::Error E = read(R))
      return E;
    std::lock_guard<std::mutex> Lock(M);
    Last = std::move(R);
    DoneTicket = Ticket;
    CV.notify_all();
  }
}

void Device::run() {
  double Backoff = Exporter.RetryInitial;
  for (;;) {
    bpfd::Error E = connect();
    bool Stopping, CameUp = false;
    {
      std::lock_guard<std::mutex> Lock(M);
      Stopping = Stop;
    }
    if (!E && !Stopping) {
      {
        std::lock_guard<std::mutex> Lock(M);
        ++Stats.Sessions;
      }
      log("up: " + Session->greeting());
      CameUp = true;
      setState(State::Up);
      Backoff = Exporter.RetryInitial;
      E = serve();
    }
    setState(State::Backoff);
    {
      std::lock_guard<std::mutex> Lock(M);
      Stopping = Stop;
      if (E)
        ++Stats.Failures;
    }
    if (E)
      log(std::string(CameUp ? "down: " : "cannot come up: ") + E.message());
    if (Session) {
      bpfd::Expected<int> Status = Session->close();
      if (Status)
        log("session closed, bpfd exited with status " + std::to_string(*Status));
      else if (!E)
        log("closing the session failed: " + Status.error().message());
      Session.reset();
    }
    if (Stopping)
      break;
    log("retrying in " + formatValue(Backoff) + " s");
    std::unique_lock<std::mutex> Lock(M);
    CV.wait_for(Lock, std::chrono::duration<double>(Backoff), [&] { return Stop; });
    if (Stop)
      break;
    Backoff = std::min(Backoff * 2, Exporter.RetryMax);
  }
  setState(State::Finished);
}

} // namespace exporter
