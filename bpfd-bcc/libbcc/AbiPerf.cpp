//===- AbiPerf.cpp - libbcc's perf readers, on bpfd's perf buffers --------===//
//
// BCC's Python opens one reader per CPU (bpf_open_perf_buffer_opts), stores
// each reader's descriptor in the perf event array at the CPU's key, and
// polls them all (perf_reader_poll). bpfd opens a map's perf buffers for
// every CPU at once (BPF_OPEN_PERF_BUFFER MAP PAGES), so the first reader
// stored in a map opens the map's device buffer, and each sample of
// PERF_READER_POLL goes to the reader of its CPU.
//
// Polls ask for the batch form (PERF_READER_POLL TIMEOUT batch BUFFER...:
// "+ samples BUFFER CPU COUNT B64", docs/protocol.md): one base64 decode a
// line for all its samples. A bpfd without it answers the first such poll
// EINVAL (without waiting); the process polls one sample a line from then on.
// A poll that returned records sends the next one ahead (timeout 0) before
// the callbacks run; the next perf_reader_poll() takes its records first.
//
//===----------------------------------------------------------------------===//
#include "AbiMaps.h"
#include "CallbackSignals.h"
#include "Device.h"
#include "HostFds.h"

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <deque>
#include <map>
#include <mutex>
#include <set>
#include <sstream>
#include <vector>

using namespace bpfdbcc;

typedef void (*perf_reader_raw_cb)(void *cb_cookie, void *raw, int raw_size);
typedef void (*perf_reader_lost_cb)(void *cb_cookie, uint64_t lost);

struct bcc_perf_buffer_opts {
  int pid;
  int cpu;
  int wakeup_events;
};

namespace {
struct PerfReader {
  perf_reader_raw_cb Raw;
  perf_reader_lost_cb Lost;
  void *Cookie;
  int PageCount;
  int Cpu;
  int HostFd = -1;
  long long Buffer = -1; ///< the device's reader of the map it is stored in
};

std::mutex Lock;
// Device buffer -> CPU -> reader; map handle -> device buffer.
std::map<long long, std::map<int, PerfReader *>> &byBuffer() {
  static auto *M = new std::map<long long, std::map<int, PerfReader *>>();
  return *M;
}
std::map<long long, long long> &bufferOfMap() {
  static auto *M = new std::map<long long, long long>();
  return *M;
}

// Whether the device's bpfd has PERF_READER_POLL's batch form: unknown until
// the first poll answers.
enum class PerfForm { Unknown, Batch, Lines };
std::atomic<PerfForm> Form{PerfForm::Unknown};

// One record of a poll's reply, for the callbacks: a sample's bytes point
// into a decoded line (Blobs), or a lost note's count.
struct Record {
  PerfReader *Reader;
  bool Lost;
  const char *Data;
  size_t Size;
  uint64_t Count;
};

// The reader of BUFFER's CPU, or null (a CPU or buffer the tool has no
// reader for). Lock held.
PerfReader *readerOf(long long Buffer, int Cpu) {
  auto B = byBuffer().find(Buffer);
  if (B == byBuffer().end())
    return nullptr;
  auto C = B->second.find(Cpu);
  return C == B->second.end() ? nullptr : C->second;
}

// "samples BUFFER CPU COUNT B64": its records appended to Records, their
// bytes kept in Blobs. False if the line is malformed (records cut short or
// left over): the line's records are dropped, with a warning.
bool takeBatch(const std::string &P, std::deque<std::string> &Blobs, std::vector<Record> &Records) {
  char Kind[16];
  long long Buffer;
  int Cpu;
  unsigned long long Count;
  int At = 0;
  if (sscanf(P.c_str(), "%15s %lld %d %llu %n", Kind, &Buffer, &Cpu, &Count, &At) != 4 || !At)
    return false;
  PerfReader *Reader = readerOf(Buffer, Cpu);
  Blobs.emplace_back();
  if (!fromBlob(P.substr(size_t(At)), Blobs.back()))
    return false;
  const std::string &B = Blobs.back();
  size_t Off = 0, First = Records.size();
  for (unsigned long long I = 0; I < Count; ++I) {
    if (B.size() - Off < 4)
      break;
    const auto *L = reinterpret_cast<const unsigned char *>(B.data() + Off);
    size_t Len = size_t(L[0]) | size_t(L[1]) << 8 | size_t(L[2]) << 16 | size_t(L[3]) << 24;
    Off += 4;
    if (B.size() - Off < Len)
      break;
    if (Reader)
      Records.push_back(Record{Reader, false, B.data() + Off, Len, 0});
    Off += Len;
    if (I + 1 == Count && Off == B.size())
      return true;
  }
  Records.resize(First);
  return false;
}
} // namespace

int bpfdbcc::bindPerfReader(const HostHandle &Map, const void *Key, const void *Value) {
  if (!Key || !Value || Map.KeySize != 4 || Map.ValueSize != 4) {
    errno = EINVAL;
    return -1;
  }
  int Cpu, Fd;
  memcpy(&Cpu, Key, 4);
  memcpy(&Fd, Value, 4);
  HostHandle R;
  if (!lookupHostFd(Fd, R) || R.Kind != HandleKind::PerfReader) {
    warn("storing descriptor " + std::to_string(Fd) + " in perf map '" + Map.Name +
         "': only perf buffers opened through this libbcc can be stored "
         "(perf counters are not supported)");
    errno = EBADF;
    return -1;
  }
  auto *Reader = static_cast<PerfReader *>(R.Reader);
  std::lock_guard<std::mutex> G(Lock);
  auto It = bufferOfMap().find(Map.Device);
  long long Buffer;
  if (It != bufferOfMap().end()) {
    Buffer = It->second;
  } else {
    int Pages = std::max(1, Reader->PageCount);
    if (Pages & (Pages - 1)) // bpfd wants a power of two, as the kernel does
      Pages = 1 << (32 - __builtin_clz(unsigned(Pages)));
    Pages = std::min(Pages, 256);
    auto Rep = Device::get().command("BPF_OPEN_PERF_BUFFER " + std::to_string(Map.Device) +
                                     " " + std::to_string(Pages));
    if (!Rep)
      return setErrno(Rep.error());
    if (!Rep->ok()) {
      warn("opening the perf buffers of '" + Map.Name + "' on the device failed: " +
           Rep->Message);
      return setErrno(*Rep);
    }
    Buffer = Rep->Ret;
    bufferOfMap()[Map.Device] = Buffer;
  }
  Reader->Buffer = Buffer;
  Reader->Cpu = Cpu;
  byBuffer()[Buffer][Cpu] = Reader;
  return 0;
}

// One PERF_READER_POLL over the buffers of \p Readers; calls back for each
// record. Returns the number of records, or -1 with errno. \p Final
// (perf_reader_consume): everything that arrived until now, no poll ahead.
static int pollOnce(int N, PerfReader **Readers, int TimeoutMs, bool Final = false) {
  std::set<long long> Buffers;
  for (int I = 0; I < N; ++I)
    if (Readers[I] && Readers[I]->Buffer >= 0)
      Buffers.insert(Readers[I]->Buffer);
  if (Buffers.empty()) {
    errno = EINVAL;
    return -1;
  }
  bool Batch = Form.load() != PerfForm::Lines;
  std::string List;
  for (long long B : Buffers)
    List += " " + std::to_string(B);
  std::string Line = "PERF_READER_POLL " + std::to_string(TimeoutMs) + (Batch ? " batch" : "") + List;
  // What the last poll sent ahead, if it holds records; else this poll.
  std::optional<bpfd::Expected<bpfd::Reply>> Ahead = Device::get().takeAhead();
  if (Ahead && !*Ahead && Ahead->error().errnoValue() == EINTR)
    return setErrno(Ahead->error());
  bool FromAhead = Ahead && *Ahead && (*Ahead)->ok() && (*Ahead)->Ret > 0;
  auto R = FromAhead ? std::move(*Ahead) : Device::get().interruptibleCommand(Line);
  if (!R)
    return setErrno(R.error());
  if (Batch && Form.load() == PerfForm::Unknown) {
    if (!R->ok() && R->Ret == -EINVAL) { // an older bpfd: it did not wait
      Form = PerfForm::Lines;
      return pollOnce(N, Readers, TimeoutMs, Final);
    }
    if (R->ok())
      Form = PerfForm::Batch;
  }
  if (!R->ok())
    return setErrno(*R);
  std::deque<std::string> Blobs; // decoded lines: Records point into them
  std::vector<Record> Records;
  {
    std::lock_guard<std::mutex> G(Lock);
    for (const std::string &P : R->Payload) {
      if (P.compare(0, 8, "samples ") == 0) {
        if (!takeBatch(P, Blobs, Records))
          warn("a malformed batch of perf samples from bpfd was dropped: " + P.substr(0, 80));
        continue;
      }
      std::istringstream SS(P);
      std::string Kind, Blob;
      long long Buffer;
      int Cpu;
      SS >> Kind >> Buffer >> Cpu;
      PerfReader *Reader = readerOf(Buffer, Cpu);
      if (!Reader)
        continue;
      Record Rec{Reader, Kind == "lost", nullptr, 0, 0};
      if (Rec.Lost) {
        SS >> Rec.Count;
      } else {
        SS >> Blob;
        Blobs.emplace_back();
        if (!fromBlob(Blob, Blobs.back()))
          continue;
        Rec.Data = Blobs.back().data();
        Rec.Size = Blobs.back().size();
      }
      Records.push_back(Rec);
    }
  }
  // While the callbacks run, bpfd drains the rings again (timeout 0): the
  // next poll takes what it found, so decoding and the tool's callbacks are
  // not between one drain and the next.
  if (!Records.empty() && Form.load() == PerfForm::Batch && !Final)
    if (bpfd::Error E = Device::get().sendAhead("PERF_READER_POLL 0 batch" + List))
      (void)E; // the next poll asks itself
  // Callbacks run without locks held (they call back into libbcc), with
  // Ctrl-C held (CallbackSignals.h).
  HoldInterrupts Held;
  for (Record &Rec : Records) {
    if (Rec.Lost) {
      if (Rec.Reader->Lost)
        Rec.Reader->Lost(Rec.Reader->Cookie, Rec.Count);
      else // as BCC's perf reader when the tool gave no callback
        fprintf(stderr, "Possibly lost %llu samples\n", (unsigned long long)Rec.Count);
    } else if (Rec.Reader->Raw) {
      Rec.Reader->Raw(Rec.Reader->Cookie, const_cast<char *>(Rec.Data), int(Rec.Size));
    }
  }
  if (Final && FromAhead) { // what was drained ahead; now the rest
    int More = pollOnce(N, Readers, 0, Final);
    if (More > 0)
      return int(Records.size()) + More;
  }
  return int(Records.size());
}

extern "C" {

void *bpf_open_perf_buffer_opts(perf_reader_raw_cb raw_cb, perf_reader_lost_cb lost_cb,
                                void *cb_cookie, int page_cnt,
                                struct bcc_perf_buffer_opts *opts) {
  if (opts && opts->pid != -1) {
    warn("perf buffers of one process (pid " + std::to_string(opts->pid) +
         ") are not supported; bpfd opens them for every process");
    errno = EINVAL;
    return nullptr;
  }
  auto *R = new PerfReader{raw_cb, lost_cb, cb_cookie, page_cnt, opts ? opts->cpu : -1};
  HostHandle H;
  H.Kind = HandleKind::PerfReader;
  H.Name = "cpu" + std::to_string(R->Cpu);
  H.Reader = R;
  R->HostFd = newHostFd(H);
  if (R->HostFd < 0) {
    delete R;
    return nullptr;
  }
  return R;
}

void *bpf_open_perf_buffer(perf_reader_raw_cb raw_cb, perf_reader_lost_cb lost_cb,
                           void *cb_cookie, int pid, int cpu, int page_cnt) {
  bcc_perf_buffer_opts Opts{pid, cpu, 1};
  return bpf_open_perf_buffer_opts(raw_cb, lost_cb, cb_cookie, page_cnt, &Opts);
}

int perf_reader_fd(void *reader) {
  return reader ? static_cast<PerfReader *>(reader)->HostFd : -1;
}

int perf_reader_poll(int num_readers, void **readers, int timeout) {
  auto **R = reinterpret_cast<PerfReader **>(readers);
  // bpfd waits at most 10 s a command; a longer or endless wait is a loop of
  // 1 s polls (a signal ends it: the tool's Ctrl-C).
  for (;;) {
    int Slice = timeout < 0 ? 1000 : std::min(timeout, 1000);
    int N = pollOnce(num_readers, R, Slice);
    if (N != 0)
      return N;
    if (timeout >= 0) {
      timeout -= Slice;
      if (timeout <= 0)
        return 0;
    }
  }
}

int perf_reader_consume(int num_readers, void **readers) {
  return pollOnce(num_readers, reinterpret_cast<PerfReader **>(readers), 0, /*Final=*/true);
}

void perf_reader_free(void *ptr) {
  auto *R = static_cast<PerfReader *>(ptr);
  if (!R)
    return;
  long long Close = -1;
  {
    std::lock_guard<std::mutex> G(Lock);
    auto B = byBuffer().find(R->Buffer);
    if (B != byBuffer().end()) {
      auto C = B->second.find(R->Cpu);
      if (C != B->second.end() && C->second == R)
        B->second.erase(C);
      if (B->second.empty()) {
        Close = R->Buffer;
        byBuffer().erase(B);
        for (auto M = bufferOfMap().begin(); M != bufferOfMap().end(); ++M)
          if (M->second == Close) {
            bufferOfMap().erase(M);
            break;
          }
      }
    }
  }
  if (Close >= 0) {
    auto Rep = Device::get().command("BPF_CLOSE_PERF_BUFFER " + std::to_string(Close));
    (void)Rep;
  }
  closeHostFd(R->HostFd);
  delete R;
}

} // extern "C"
