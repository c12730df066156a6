// One protocol session: the handles it owns, the pending object upload,
// and the command dispatcher. Closing the session releases everything.
#ifndef BPFD_DAEMON_SESSION_H
#define BPFD_DAEMON_SESSION_H

#include "reply.h"
#include "tokenizer.h"

#include <poll.h>

namespace bpfd {

class PerfReader;
class RingbufReader;

enum class HandleKind { Map, Prog, Kprobe, Kretprobe, Tracepoint, PerfEvent, RawTracepoint, Reader, Btf, Uprobe,
                        Uretprobe, File, Socket, Ringbuf,
                        BtfLink }; // a BTF-attached program's link (fentry, fexit, fmod_ret, tp_btf, lsm)

struct Handle {
  int fd;
  HandleKind kind;
  char name[128];
  int *extraFds;   // per-CPU perf events beyond fd (BPF_ATTACH_PERF_EVENT)
  int extraCount;
  PerfReader *reader;
  RingbufReader *ringbuf; // a Ringbuf handle's reader (its fd is the handle)
  // A program BPF_PROG_LOAD loaded for a BTF target: its section
  // (fentry/FUNC, lsm/HOOK...), what BPF_ATTACH_BTF names; "" otherwise.
  char btfSection[144];
};

// Arguments of the command being run.
struct Args {
  StrRef cmd;
  StrRef tag;
  const StrRef *v;
  size_t n;
};

class Session {
public:
  explicit Session(Reply &out) : out_(out) {}
  ~Session() { closeAll(); }
  // Runs one input line; returns false when the session should end.
  bool runLine(char *line, size_t len);
  void closeAll();
  Reply &out() { return out_; }

  // Used by the command implementations.
  int addHandle(int fd, HandleKind kind, StrRef name, int *extra = nullptr, int extraCount = 0,
                PerfReader *reader = nullptr);
  Handle *findHandle(StrRef token, const Args &a, int kindMask);
  void closeHandle(Handle *h);
  Vec<Handle> &handles() { return handles_; }
  Bytes &upload() { return upload_; }
  size_t uploadExpected = 0;
  bool uploadActive = false;

private:
  Reply &out_;
  Vec<Handle> handles_;
  Bytes upload_;
};

constexpr int kindBit(HandleKind k) { return 1 << (int)k; }
constexpr int kAnyAttachment = kindBit(HandleKind::Kprobe) | kindBit(HandleKind::Kretprobe) |
                               kindBit(HandleKind::Tracepoint) | kindBit(HandleKind::PerfEvent) |
                               kindBit(HandleKind::RawTracepoint) | kindBit(HandleKind::Uprobe) |
                               kindBit(HandleKind::Uretprobe) | kindBit(HandleKind::BtfLink);

// Failing and succeeding replies of a command.
void fail(Session &s, const Args &a, int err, const char *fmt, ...) __attribute__((format(printf, 4, 5)));
void succeed(Session &s, const Args &a, int64_t ret);
// A 32-bit unsigned number argument; false after a failed reply naming WHAT.
bool readU32(Session &s, const Args &a, StrRef tok, const char *what, uint32_t *out);

// Command implementations, grouped by file.
void cmdCreateMap(Session &, const Args &);
void cmdMapInfo(Session &, const Args &);
void cmdLookupElem(Session &, const Args &);
void cmdUpdateElem(Session &, const Args &);
void cmdDeleteElem(Session &, const Args &);
void cmdGetFirstKey(Session &, const Args &);
void cmdGetNextKey(Session &, const Args &);
void cmdDumpMap(Session &, const Args &);
void cmdClearMap(Session &, const Args &);
void cmdProgLoad(Session &, const Args &);
void cmdProgTestRun(Session &, const Args &);
void cmdAttachKprobe(Session &, const Args &);
void cmdAttachKretprobe(Session &, const Args &);
void cmdDetachKprobe(Session &, const Args &);
void cmdDetachKretprobe(Session &, const Args &);
void cmdAttachUprobe(Session &, const Args &);
void cmdAttachUretprobe(Session &, const Args &);
void cmdResolveUprobe(Session &, const Args &);
void cmdAttachTracepoint(Session &, const Args &);
void cmdAttachRawTracepoint(Session &, const Args &);
void cmdAttachBtf(Session &, const Args &);
void cmdAttachPerfEvent(Session &, const Args &);
void cmdDetach(Session &, const Args &);
// The wait of a poll command (PERF_READER_POLL, RINGBUF_POLL): none if one of
// pfds is ready, else up to timeoutMs. Standard output is added to pfds:
// POLLERR/POLLHUP once its reader is gone (the link died), so that a dead
// session does not wait out the timeout. A poll returns at most
// kMaxPollRecords records.
void waitForInput(Vec<struct pollfd> &pfds, uint64_t timeoutMs);
constexpr size_t kMaxPollRecords = 4096;

void cmdOpenPerfBuffer(Session &, const Args &);
void cmdPerfReaderPoll(Session &, const Args &);
void cmdClosePerfBuffer(Session &, const Args &);
void cmdOpenRingbuf(Session &, const Args &);
void cmdRingbufPoll(Session &, const Args &);
void cmdClose(Session &, const Args &);
void cmdPin(Session &, const Args &);
void cmdListHandles(Session &, const Args &);
void cmdObjectBegin(Session &, const Args &);
void cmdObjectChunk(Session &, const Args &);
void cmdLoadObject(Session &, const Args &);
void cmdIterOpen(Session &, const Args &);
void cmdTraceCategories(Session &, const Args &);
void cmdTraceEvents(Session &, const Args &);
void cmdTraceFormat(Session &, const Args &);
void cmdKallsyms(Session &, const Args &);
void cmdKprobesBlacklist(Session &, const Args &);
void cmdFilterFunctions(Session &, const Args &);
void cmdTargetProfile(Session &, const Args &);
void cmdSelfStatus(Session &, const Args &);
void cmdFileStat(Session &, const Args &);
void cmdFileReadlink(Session &, const Args &);
void cmdFileList(Session &, const Args &);
void cmdFileOpen(Session &, const Args &);
void cmdFileRead(Session &, const Args &);
void cmdAttachSocket(Session &, const Args &);
void cmdSocketRead(Session &, const Args &);

// Shared helpers.
bool parseMapType(StrRef s, uint32_t *type);
bool parseProgType(StrRef s, uint32_t *type);
} // namespace bpfd

#endif
