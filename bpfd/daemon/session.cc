#include "session.h"

#include "perf_reader.h"
#include "probe_events.h"
#include "ringbuf_reader.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include <linux/perf_event.h>

namespace bpfd {

void fail(Session &s, const Args &a, int err, const char *fmt, ...) {
  char msg[1024];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  s.out().error(a.cmd, err, a.tag, "%s", msg);
}

void succeed(Session &s, const Args &a, int64_t ret) { s.out().ok(a.cmd, ret, a.tag); }

int Session::addHandle(int fd, HandleKind kind, StrRef name, int *extra, int extraCount, PerfReader *reader) {
  Handle h;
  memset(&h, 0, sizeof h);
  h.fd = fd;
  h.kind = kind;
  copyStr(h.name, sizeof h.name, name);
  h.extraFds = extra;
  h.extraCount = extraCount;
  h.reader = reader;
  if (!handles_.push(h)) return -ENOMEM;
  return fd;
}

Handle *Session::findHandle(StrRef token, const Args &a, int kindMask) {
  int64_t fd;
  if (!parseI64(token, &fd)) {
    fail(*this, a, EINVAL, "'%.*s' is not a handle number", (int)(token.n > 64 ? 64 : token.n), token.p);
    return nullptr;
  }
  for (auto &h : handles_) {
    if (h.fd != fd) continue;
    if (!(kindMask & kindBit(h.kind))) {
      fail(*this, a, EBADF, "handle %lld is not of the kind this command takes", (long long)fd);
      return nullptr;
    }
    return &h;
  }
  fail(*this, a, EBADF, "no handle %lld in this session", (long long)fd);
  return nullptr;
}

static void releaseHandle(Handle &h) {
  switch (h.kind) {
  case HandleKind::Kprobe: case HandleKind::Kretprobe: case HandleKind::Tracepoint:
  case HandleKind::PerfEvent: case HandleKind::Uprobe: case HandleKind::Uretprobe:
    ioctl(h.fd, PERF_EVENT_IOC_DISABLE, 0);
    for (int i = 0; i < h.extraCount; ++i) {
      ioctl(h.extraFds[i], PERF_EVENT_IOC_DISABLE, 0);
      close(h.extraFds[i]);
    }
    close(h.fd);
    if (h.kind != HandleKind::Tracepoint && h.kind != HandleKind::PerfEvent) removeTracefsProbe(h.fd);
    break;
  case HandleKind::Reader:
    delete h.reader; // closes every ring, h.fd included
    break;
  case HandleKind::Ringbuf:
    delete h.ringbuf; // unmaps the ring, closes h.fd
    break;
  default:
    close(h.fd);
  }
  free(h.extraFds);
}

void Session::closeHandle(Handle *h) {
  size_t i = (size_t)(h - handles_.data());
  releaseHandle(*h);
  handles_.erase(i);
}

void Session::closeAll() {
  // Attachments first, then readers, programs, maps.
  for (int pass = 0; pass < 3; ++pass) {
    for (size_t i = handles_.size(); i-- > 0;) {
      HandleKind k = handles_[i].kind;
      bool attachment = kAnyAttachment & kindBit(k);
      bool now = pass == 0 ? attachment : pass == 1 ? k == HandleKind::Reader || k == HandleKind::Ringbuf : true;
      if (now) {
        releaseHandle(handles_[i]);
        handles_.erase(i);
      }
    }
  }
  upload_ = Bytes();
  uploadActive = false;
}

namespace {

using CommandFn = void (*)(Session &, const Args &);
struct Command {
  const char *name;
  unsigned minArgs, maxArgs;
  const char *usage;
  CommandFn fn;
};

const Command kCommands[] = {
    {"BPF_CREATE_MAP", 6, 6, "TYPE NAME KEY_SIZE VALUE_SIZE MAX_ENTRIES FLAGS", cmdCreateMap},
    {"BPF_MAP_INFO", 1, 1, "MAP", cmdMapInfo},
    {"BPF_LOOKUP_ELEM", 2, 2, "MAP KEY", cmdLookupElem},
    {"BPF_UPDATE_ELEM", 3, 4, "MAP KEY VALUE [FLAGS]", cmdUpdateElem},
    {"BPF_DELETE_ELEM", 2, 2, "MAP KEY", cmdDeleteElem},
    {"BPF_GET_FIRST_KEY", 1, 1, "MAP", cmdGetFirstKey},
    {"BPF_GET_NEXT_KEY", 2, 2, "MAP KEY", cmdGetNextKey},
    {"BPF_DUMP_MAP", 1, 2, "MAP [MAX]", cmdDumpMap},
    {"BPF_CLEAR_MAP", 1, 1, "MAP", cmdClearMap},
    {"BPF_PROG_LOAD", 5, 6, "TYPE NAME LICENSE KERN_VERSION INSNS [TARGET]", cmdProgLoad},
    {"BPF_PROG_TEST_RUN", 2, 9, "PROG REPEAT [DATA_IN [DATA_OUT_SIZE [CTX_IN [CTX_OUT_SIZE [FLAGS [CPU [BATCH]]]]]]]",
     cmdProgTestRun},
    {"BPF_ATTACH_KPROBE", 2, 3, "PROG FUNCTION [OFFSET]", cmdAttachKprobe},
    {"BPF_ATTACH_KRETPROBE", 2, 2, "PROG FUNCTION", cmdAttachKretprobe},
    {"BPF_DETACH_KPROBE", 1, 1, "HANDLE|FUNCTION", cmdDetachKprobe},
    {"BPF_DETACH_KRETPROBE", 1, 1, "HANDLE|FUNCTION", cmdDetachKretprobe},
    {"BPF_ATTACH_UPROBE", 3, 5, "PROG BINARY SYMBOL|0xADDRESS [PID] [REF_CTR_OFFSET]", cmdAttachUprobe},
    {"BPF_ATTACH_URETPROBE", 3, 5, "PROG BINARY SYMBOL|0xADDRESS [PID] [REF_CTR_OFFSET]", cmdAttachUretprobe},
    {"RESOLVE_UPROBE", 1, 2, "BINARY [SYMBOL|0xADDRESS]", cmdResolveUprobe},
    {"BPF_ATTACH_TRACEPOINT", 3, 3, "PROG CATEGORY NAME", cmdAttachTracepoint},
    {"BPF_ATTACH_RAW_TRACEPOINT", 2, 2, "PROG NAME", cmdAttachRawTracepoint},
    {"BPF_ATTACH_BTF", 1, 1, "PROG", cmdAttachBtf},
    {"BPF_ATTACH_PERF_EVENT", 4, 6, "PROG EV_TYPE EV_CONFIG PERIOD [freq] [CPU]", cmdAttachPerfEvent},
    {"BPF_DETACH", 1, 1, "HANDLE", cmdDetach},
    {"BPF_OPEN_PERF_BUFFER", 1, 2, "MAP [PAGES]", cmdOpenPerfBuffer},
    {"PERF_READER_POLL", 2, 34, "TIMEOUT_MS [batch] READER [READER...]", cmdPerfReaderPoll},
    {"BPF_CLOSE_PERF_BUFFER", 1, 1, "READER", cmdClosePerfBuffer},
    {"BPF_OPEN_RINGBUF", 1, 1, "MAP", cmdOpenRingbuf},
    {"RINGBUF_POLL", 2, 33, "TIMEOUT_MS RINGBUF [RINGBUF...]", cmdRingbufPoll},
    {"BPF_CLOSE", 1, 1, "HANDLE", cmdClose},
    {"BPF_PIN", 2, 2, "HANDLE NAME", cmdPin},
    {"LIST_HANDLES", 0, 0, "", cmdListHandles},
    {"OBJECT_BEGIN", 1, 1, "SIZE", cmdObjectBegin},
    {"OBJECT_CHUNK", 1, 1, "B64", cmdObjectChunk},
    {"LOAD_OBJECT", 1, 3, "B64|- [attach=0|1] [time=0|1]", cmdLoadObject},
    {"ITER_OPEN", 1, 1, "LINK", cmdIterOpen},
    {"GET_TRACE_EVENTS_CATEGORIES", 0, 0, "", cmdTraceCategories},
    {"GET_TRACE_EVENTS", 1, 1, "CATEGORY", cmdTraceEvents},
    {"GET_TRACE_EVENT_FORMAT", 2, 2, "CATEGORY NAME", cmdTraceFormat},
    {"GET_KALLSYMS", 0, 0, "", cmdKallsyms},
    {"GET_KPROBES_BLACKLIST", 0, 0, "", cmdKprobesBlacklist},
    {"GET_AVAILABLE_FILTER_FUNCTIONS", 0, 0, "", cmdFilterFunctions},
    {"GET_SELF_STATUS", 0, 0, "", cmdSelfStatus},
    {"GET_TARGET_PROFILE", 0, 2, "[tp=all|none|CAT,...] [kfuncs=all|none]", cmdTargetProfile},
    {"FILE_STAT", 1, 1, "PATH", cmdFileStat},
    {"FILE_READLINK", 1, 1, "PATH", cmdFileReadlink},
    {"FILE_LIST", 1, 1, "PATH", cmdFileList},
    {"FILE_OPEN", 1, 1, "PATH", cmdFileOpen},
    {"FILE_READ", 2, 3, "HANDLE MAX [WAIT_MS]", cmdFileRead},
    {"BPF_ATTACH_SOCKET", 2, 2, "PROG IFNAME", cmdAttachSocket},
    {"SOCKET_READ", 2, 3, "HANDLE MAX [WAIT_MS]", cmdSocketRead},
    {"EXIT", 0, 0, "", nullptr}, // ends the session (Session::runLine)
};

bool isTagChar(char c) { return isKernelNameChar(c) || c == '-'; }

} // namespace

bool Session::runLine(char *line, size_t len) {
  TokenizedLine t;
  TokenizeError te = tokenizeLine(line, len, &t);
  size_t first = 0;
  Args a;
  a.tag = StrRef("", 0);
  if (te == TokenizeError::None && t.count && t.tok[0].n && t.tok[0].p[0] == '@') {
    StrRef tag(t.tok[0].p + 1, t.tok[0].n - 1);
    bool ok = tag.n >= 1 && tag.n <= 32;
    for (size_t i = 0; ok && i < tag.n; ++i) ok = isTagChar(tag.p[i]);
    if (!ok) {
      a.cmd = t.count > 1 ? t.tok[1] : StrRef("invalid");
      out_.error(a.cmd, EINVAL, StrRef("", 0), "bad tag: 1 to 32 of [A-Za-z0-9_.-] after '@'");
      return true;
    }
    a.tag = tag;
    first = 1;
  }
  if (te != TokenizeError::None) {
    a.cmd = t.count ? t.tok[0] : StrRef("invalid");
    out_.error(a.cmd, EINVAL, StrRef("", 0), "%s", tokenizeErrorText(te));
    return true;
  }
  if (t.count == first) {
    if (first) out_.error("invalid", EINVAL, a.tag, "a tag without a command");
    return true; // empty or comment line: no reply
  }
  a.cmd = t.tok[first];
  a.v = t.tok + first + 1;
  a.n = t.count - first - 1;
  for (const Command &c : kCommands) {
    if (!equalsNoCase(a.cmd, c.name)) continue;
    if (a.n < c.minArgs || a.n > c.maxArgs) {
      fail(*this, a, EINVAL, "usage: %s %s", c.name, c.usage);
      return true;
    }
    if (!c.fn) { // EXIT
      closeAll();
      succeed(*this, a, 0);
      return false;
    }
    c.fn(*this, a);
    return true;
  }
  fail(*this, a, EINVAL, "unknown command '%.*s'", (int)(a.cmd.n > 64 ? 64 : a.cmd.n), a.cmd.p);
  return true;
}

} // namespace bpfd
