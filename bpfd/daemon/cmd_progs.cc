// Program loading, the attach commands (their arguments: the attach module,
// attach/, attaches) and detaching; generic handle commands.
#include "attach/attach.h"
#include "base64.h"
#include "bpf_syscall.h"
#include "btf_target.h"
#include "kernel_btf.h"
#include "kernel_info.h"
#include "session.h"
#include "uprobe_target.h"

#include <errno.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

namespace bpfd {

// BPF_PROG_LOAD's TARGET: the section of a BTF-attached program (fentry/FUNC,
// fexit/FUNC, fmod_ret/FUNC, tp_btf/NAME, lsm/HOOK, the sleepable .s forms),
// read by bpfconv as LOAD_OBJECT reads its sections, the target looked up
// in the device's BTF as LOAD_OBJECT looks it up (btf_target.h). Fills
// what the program is loaded with; target->objFd (a module's BTF object)
// is the caller's to close. False after a failed reply.
static bool findLoadTarget(Session &s, const Args &a, uint32_t type, const char *name, StrRef section,
                           ProgAttachBtf *attach, BtfTarget *target) {
  char sec[144], msg[400];
  if (section.n >= sizeof sec) {
    fail(s, a, ENAMETOOLONG, "program '%s': TARGET is over %zu characters", name, sizeof sec - 1);
    return false;
  }
  copyStr(sec, sizeof sec, section);
  bpfconv::SectionInfo info;
  if (bpfconv::parseSection(bpfconv::Span(sec), &info, msg, sizeof msg) < 0) {
    fail(s, a, EINVAL, "program '%s': target %s: %s", name, sec, msg);
    return false;
  }
  if (!bpfconv::attachesByBtf(info.kind)) {
    fail(s, a, EINVAL, "program '%s': target %s is not a BTF target (fentry/, fexit/, fmod_ret/, tp_btf/, lsm/, "
         "or their .s forms)", name, sec);
    return false;
  }
  if (info.progType != type) {
    fail(s, a, EINVAL, "program '%s': target %s is for a program of type %u, not %u", name, sec, info.progType,
         type);
    return false;
  }
  KernelBtf kernel;
  bool missing;
  if (!kernel.load(msg, sizeof msg, &missing)) {
    fail(s, a, missing ? ENOENT : ENOEXEC, "program '%s': %s: %s", name, sec, msg);
    return false;
  }
  int r = findBtfTarget(kernel.vmlinux(), info.kind, StrRef(info.first.p, info.first.n), target, msg, sizeof msg);
  if (r < 0) {
    fail(s, a, -r, "program '%s': %s: %s", name, sec, msg);
    return false;
  }
  *attach = {info.attachType, target->btfId, target->objFd, info.sleepable ? (uint32_t)BPF_F_SLEEPABLE : 0u};
  return true;
}

void cmdProgLoad(Session &s, const Args &a) {
  uint32_t type;
  if (!parseProgType(a.v[0], &type)) { fail(s, a, EINVAL, "unknown program type '%.*s'", (int)(a.v[0].n > 32 ? 32 : a.v[0].n), a.v[0].p); return; }
  if (a.v[1].n > 64 || a.v[2].n > 127) { fail(s, a, ENAMETOOLONG, "name or license too long"); return; }
  if (!isPrintableText(a.v[1], 64)) { fail(s, a, EINVAL, "program NAME must be printable ASCII"); return; }
  uint32_t kver;
  uint64_t v;
  if (a.v[3].eq("auto") || (parseU64(a.v[3], &v) && v == 0)) kver = kernelVersionCode();
  else if (parseU64(a.v[3], &v) && v <= UINT32_MAX) kver = (uint32_t)v;
  else { fail(s, a, EINVAL, "KERN_VERSION must be a number or 'auto'"); return; }
  Bytes code;
  if (!base64Decode(a.v[4], &code, 1000000 * sizeof(struct bpf_insn))) { fail(s, a, EINVAL, "INSNS is not valid base64"); return; }
  if (code.empty() || code.size() % sizeof(struct bpf_insn)) { fail(s, a, EINVAL, "INSNS is %zu bytes, not a whole number of instructions", code.size()); return; }
  char name[65], license[128];
  copyStr(name, sizeof name, a.v[1]);
  copyStr(license, sizeof license, a.v[2]);
  ProgAttachBtf attach;
  BtfTarget target;
  bool byBtf = a.n > 5;
  if (byBtf && !findLoadTarget(s, a, type, name, a.v[5], &attach, &target)) return;
  Vec<char> log;
  int fd = bpfProgLoad(type, name, license, kver, reinterpret_cast<const struct bpf_insn *>(code.data()),
                       code.size() / sizeof(struct bpf_insn), &log, nullptr, byBtf ? &attach : nullptr);
  if (target.objFd >= 0) close(target.objFd); // the loaded program holds the module's BTF
  if (fd < 0) {
    s.out().payloadLines(StrRef(log.data(), log.size()));
    if (byBtf)
      fail(s, a, -fd, "BPF_PROG_LOAD of '%s' (target %.*s) failed: %s", name, (int)a.v[5].n, a.v[5].p,
           strerror(-fd));
    else
      fail(s, a, -fd, "BPF_PROG_LOAD of '%s' failed: %s", name, strerror(-fd));
    return;
  }
  if (s.addHandle(fd, HandleKind::Prog, a.v[1]) >= 0 && byBtf) {
    Handle &h = s.handles()[s.handles().size() - 1];
    copyStr(h.btfSection, sizeof h.btfSection, a.v[5]);
    s.out().payloadf("btf_target %s btf_id=%u %s%s", name, target.btfId, target.module[0] ? "module=" : "vmlinux",
                     target.module);
  }
  succeed(s, a, fd);
}

// The end of an attach command: the failure msg names, or the attachment
// kept as a handle named name.
static void attached(Session &s, const Args &a, int fd, const AttachReport &r, HandleKind kind, StrRef name) {
  if (fd < 0) { fail(s, a, -fd, "%s", r.msg); return; }
  s.addHandle(fd, kind, name);
  succeed(s, a, fd);
}

static void attachK(Session &s, const Args &a, bool ret) {
  Handle *p = s.findHandle(a.v[0], a, kindBit(HandleKind::Prog));
  if (!p) return;
  if (a.v[1].n > 255) { fail(s, a, EINVAL, "FUNCTION is longer than 255 characters"); return; }
  uint64_t offset = 0;
  if (a.n > 2 && !parseU64(a.v[2], &offset)) { fail(s, a, EINVAL, "OFFSET is not a number"); return; }
  char func[256];
  copyStr(func, sizeof func, a.v[1]);
  AttachReport r;
  int fd = attachKprobe(p->fd, func, offset, ret, r);
  attached(s, a, fd, r, ret ? HandleKind::Kretprobe : HandleKind::Kprobe, a.v[1]);
}

void cmdAttachKprobe(Session &s, const Args &a) { attachK(s, a, false); }
void cmdAttachKretprobe(Session &s, const Args &a) { attachK(s, a, true); }

static void detachK(Session &s, const Args &a, HandleKind kind) {
  int64_t fd;
  if (parseI64(a.v[0], &fd)) {
    Handle *h = s.findHandle(a.v[0], a, kindBit(kind));
    if (!h) return;
    s.closeHandle(h);
    succeed(s, a, 1);
    return;
  }
  int count = 0;
  for (size_t i = s.handles().size(); i-- > 0;) {
    Handle &h = s.handles()[i];
    if (h.kind == kind && a.v[0].eq(h.name)) { s.closeHandle(&h); ++count; }
  }
  if (!count) { fail(s, a, ENOENT, "no %s on '%.*s' in this session", kind == HandleKind::Kprobe ? "kprobe" : "kretprobe", (int)(a.v[0].n > 64 ? 64 : a.v[0].n), a.v[0].p); return; }
  succeed(s, a, count);
}

void cmdDetachKprobe(Session &s, const Args &a) { detachK(s, a, HandleKind::Kprobe); }
void cmdDetachKretprobe(Session &s, const Args &a) { detachK(s, a, HandleKind::Kretprobe); }

static void attachU(Session &s, const Args &a, bool ret) {
  Handle *p = s.findHandle(a.v[0], a, kindBit(HandleKind::Prog));
  if (!p) return;
  int64_t pid = -1;
  if (a.n > 3 && (!parseI64(a.v[3], &pid) || pid < -1 || pid > INT32_MAX)) { fail(s, a, EINVAL, "PID must be -1 or a process id"); return; }
  uint64_t refCtr = 0;
  if (a.n > 4 && (!parseU64(a.v[4], &refCtr) || refCtr > UINT32_MAX)) {
    fail(s, a, EINVAL, "REF_CTR_OFFSET must be a file offset below 4 GiB (0: no semaphore)");
    return;
  }
  if (a.v[1].n > 255 || a.v[2].n > 255) { fail(s, a, ENAMETOOLONG, "BINARY and SYMBOL are at most 255 characters"); return; }
  char name[128];
  AttachReport r;
  int fd = attachUprobe(p->fd, a.v[1], a.v[2], ret, (int)pid, refCtr, r);
  if (fd < 0) { fail(s, a, -fd, "%s", r.msg); return; }
  snprintf(name, sizeof name, "%.*s:%.*s", (int)a.v[1].n, a.v[1].p, (int)a.v[2].n, a.v[2].p);
  s.addHandle(fd, ret ? HandleKind::Uretprobe : HandleKind::Uprobe, name);
  s.out().payloadf("%s", r.where + 1); // path=FILE offset=0xOFF[ ref_ctr_offset=0xOFF]
  succeed(s, a, fd);
}

void cmdAttachUprobe(Session &s, const Args &a) { attachU(s, a, false); }

// Where BPF_ATTACH_UPROBE would attach, without attaching: the binary's file
// and the symbol's file offset (which BPF_ATTACH_UPROBE takes as @0xOFF).
void cmdResolveUprobe(Session &s, const Args &a) {
  StrRef symbol = a.n > 1 ? a.v[1] : StrRef("", 0);
  if (a.v[0].n > 255 || symbol.n > 255) { fail(s, a, ENAMETOOLONG, "BINARY and SYMBOL are at most 255 characters"); return; }
  char path[256], msg[512];
  uint64_t offset;
  int err = resolveUprobe(a.v[0], symbol, path, sizeof path, &offset, msg, sizeof msg);
  if (err < 0) { fail(s, a, -err, "%s", msg); return; }
  if (symbol.n) s.out().payloadf("path=%s offset=0x%llx", path, (unsigned long long)offset);
  else s.out().payloadf("path=%s", path);
  succeed(s, a, 0);
}
void cmdAttachUretprobe(Session &s, const Args &a) { attachU(s, a, true); }

void cmdAttachTracepoint(Session &s, const Args &a) {
  Handle *p = s.findHandle(a.v[0], a, kindBit(HandleKind::Prog));
  if (!p) return;
  AttachReport r;
  int fd = attachTracepoint(p->fd, a.v[1], a.v[2], r);
  char name[300];
  snprintf(name, sizeof name, "%.*s/%.*s", (int)a.v[1].n, a.v[1].p, (int)a.v[2].n, a.v[2].p);
  attached(s, a, fd, r, HandleKind::Tracepoint, StrRef(name));
}

void cmdAttachRawTracepoint(Session &s, const Args &a) {
  Handle *p = s.findHandle(a.v[0], a, kindBit(HandleKind::Prog));
  if (!p) return;
  if (!validKernelSymbol(a.v[1])) { fail(s, a, EINVAL, "NAME must be 1 to 255 of [A-Za-z0-9_.]"); return; }
  char name[256];
  copyStr(name, sizeof name, a.v[1]);
  AttachReport r;
  int fd = attachRawTracepoint(p->fd, name, r);
  attached(s, a, fd, r, HandleKind::RawTracepoint, a.v[1]);
}

// A program BPF_PROG_LOAD loaded for a BTF target, attached there
// (BPF_RAW_TRACEPOINT_OPEN without a name: the target of its attach_btf_id).
void cmdAttachBtf(Session &s, const Args &a) {
  Handle *p = s.findHandle(a.v[0], a, kindBit(HandleKind::Prog));
  if (!p) return;
  if (!p->btfSection[0]) {
    fail(s, a, EINVAL, "program '%s' was loaded without a BTF target (BPF_PROG_LOAD ... TARGET)", p->name);
    return;
  }
  AttachReport r;
  int fd = attachBtfLink(p->fd, p->btfSection, r);
  if (fd < 0) {
    fail(s, a, -fd, "program '%s': %s", p->name, r.msg);
    return;
  }
  s.addHandle(fd, HandleKind::BtfLink, StrRef(p->btfSection));
  succeed(s, a, fd);
}

void cmdAttachPerfEvent(Session &s, const Args &a) {
  Handle *p = s.findHandle(a.v[0], a, kindBit(HandleKind::Prog));
  if (!p) return;
  uint64_t type, config, period, cpu = UINT64_MAX;
  bool freq = false;
  if (!parseU64(a.v[1], &type) || type > 0xffff || !parseU64(a.v[2], &config) || !parseU64(a.v[3], &period) || period == 0) {
    fail(s, a, EINVAL, "EV_TYPE, EV_CONFIG and PERIOD (> 0) must be numbers");
    return;
  }
  for (size_t i = 4; i < a.n; ++i) {
    if (a.v[i].eq("freq")) freq = true;
    else if (!parseU64(a.v[i], &cpu) || cpu > 4096) { fail(s, a, EINVAL, "'%.*s' is neither 'freq' nor a CPU", (int)(a.v[i].n > 32 ? 32 : a.v[i].n), a.v[i].p); return; }
  }
  AttachReport r;
  int fd = attachPerfEvent(s, p->fd, (uint32_t)type, config, period, freq, cpu == UINT64_MAX ? -1 : (int)cpu, r);
  if (fd < 0) { fail(s, a, -fd, "%s", r.msg); return; }
  succeed(s, a, fd);
}

void cmdDetach(Session &s, const Args &a) {
  Handle *h = s.findHandle(a.v[0], a, kAnyAttachment);
  if (!h) return;
  s.closeHandle(h);
  succeed(s, a, 0);
}

void cmdClose(Session &s, const Args &a) {
  Handle *h = s.findHandle(a.v[0], a, ~0);
  if (!h) return;
  s.closeHandle(h);
  succeed(s, a, 0);
}

void cmdPin(Session &s, const Args &a) {
  Handle *h = s.findHandle(a.v[0], a, kindBit(HandleKind::Map) | kindBit(HandleKind::Prog));
  if (!h) return;
  if (!isSafeName(a.v[1], 64)) { fail(s, a, EINVAL, "NAME must be 1 to 64 of [A-Za-z0-9_.-]"); return; }
  mkdir("/sys/fs/bpf/bpfd", 0700);
  char path[128];
  snprintf(path, sizeof path, "/sys/fs/bpf/bpfd/%.*s", (int)a.v[1].n, a.v[1].p);
  int err = bpfObjPin(h->fd, path);
  if (err < 0) { fail(s, a, -err, "BPF_OBJ_PIN at %s failed: %s", path, strerror(-err)); return; }
  succeed(s, a, 0);
}

void cmdListHandles(Session &s, const Args &a) {
  static const char *kNames[] = {"map", "prog", "kprobe", "kretprobe", "tracepoint", "perf_event", "raw_tracepoint", "perf_buffer", "btf", "uprobe", "uretprobe", "file", "socket", "ringbuf", "btf_link"};
  for (auto &h : s.handles()) s.out().payloadf("%d %s %s", h.fd, kNames[(int)h.kind], h.name[0] ? h.name : "-");
  succeed(s, a, (int64_t)s.handles().size());
}

} // namespace bpfd
