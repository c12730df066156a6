// Program loading, attaching and detaching; generic handle commands.
#include "base64.h"
#include "bpf_syscall.h"
#include "btf_target.h"
#include "kernel_btf.h"
#include "kernel_info.h"
#include "probe_events.h"
#include "session.h"
#include "uprobe_target.h"

#include <errno.h>
#include <stdio.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace bpfd {

static void printLog(Session &s, const Vec<char> &log) {
  const char *p = log.data(), *end = p + log.size();
  while (p < end) {
    const char *nl = static_cast<const char *>(memchr(p, '\n', end - p));
    const char *le = nl ? nl : end;
    s.out().payloadLine(StrRef(p, le - p));
    p = nl ? nl + 1 : end;
  }
}

constexpr int kENOTSUPP = 524; // the kernel's own, not in the C library's errno.h

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
    printLog(s, log);
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

static int readSysfsNumber(const char *path, const char *prefix, uint64_t *out) {
  Bytes buf;
  int err = readFile(path, &buf, 256);
  if (err < 0) return err;
  size_t n = buf.size(), skip = strlen(prefix);
  while (n && (buf[n - 1] == '\n' || buf[n - 1] == ' ')) --n;
  if (n < skip || memcmp(buf.data(), prefix, skip) != 0) return -EINVAL;
  StrRef num((const char *)buf.data() + skip, n - skip);
  const char *dash = static_cast<const char *>(memchr(num.p, '-', num.n)); // "config:0-1"
  if (dash) num.n = (size_t)(dash - num.p);
  return parseU64(num, out) ? 0 : -EINVAL;
}

static int attachPerfFd(int fd, int progFd) {
  if (ioctl(fd, PERF_EVENT_IOC_SET_BPF, progFd) < 0) return -errno;
  if (ioctl(fd, PERF_EVENT_IOC_ENABLE, 0) < 0) return -errno;
  return 0;
}

// Opens a kprobe or uprobe through its PMU (/sys/bus/event_source/devices/
// PMU/type; config1 names the function or file, config2 is the offset, the
// retprobe format bit selects the return probe), or through tracefs where
// the kernel has no such PMU (or bpfd runs with --tracefs-probes), and
// attaches the program.
// refCtr (uprobes): the file offset of a USDT semaphore the kernel raises in
// every process mapping the file while the probe is in (ref_ctr_offset), 0
// for none.
static int attachProbe(bool uprobe, int progFd, const char *where, uint64_t offset, bool ret, int pid,
                       uint64_t refCtr, char *msg, size_t cap) {
  const char *pmu = uprobe ? "uprobe" : "kprobe";
  const char *kind = uprobe ? (ret ? "uretprobe" : "uprobe") : (ret ? "kretprobe" : "kprobe");
  char path[96];
  uint64_t type, bit = 0;
  snprintf(path, sizeof path, "/sys/bus/event_source/devices/%s/type", pmu);
  int err = gTracefsProbes ? -ENOENT : readSysfsNumber(path, "", &type);
  int fd;
  if (err == -ENOENT) {
    char target[300];
    if (uprobe && refCtr)
      snprintf(target, sizeof target, "%s:0x%llx(0x%llx)", where, (unsigned long long)offset,
               (unsigned long long)refCtr);
    else if (uprobe) snprintf(target, sizeof target, "%s:0x%llx", where, (unsigned long long)offset);
    else if (offset) snprintf(target, sizeof target, "%s+0x%llx", where, (unsigned long long)offset);
    else snprintf(target, sizeof target, "%s", where);
    fd = openTracefsProbe(uprobe, ret, target, pid, msg, cap);
    if (fd < 0) return fd;
  } else {
    if (err < 0) { snprintf(msg, cap, "cannot read the %s PMU type (%s): %s", pmu, path, strerror(-err)); return err; }
    if (ret) {
      snprintf(path, sizeof path, "/sys/bus/event_source/devices/%s/format/retprobe", pmu);
      err = readSysfsNumber(path, "config:", &bit);
      if (err < 0 || bit > 63) { snprintf(msg, cap, "the %s PMU has no retprobe format bit", pmu); return err < 0 ? err : -EINVAL; }
    }
    uint64_t refShift = 0;
    if (refCtr) {
      // "config:32-63" since 4.20; the offset must fit the field.
      snprintf(path, sizeof path, "/sys/bus/event_source/devices/%s/format/ref_ctr_offset", pmu);
      err = readSysfsNumber(path, "config:", &refShift);
      if (err < 0 || refShift > 63 || (refShift && (refCtr >> (64 - refShift)) != 0)) {
        snprintf(msg, cap, "this kernel's uprobe PMU cannot set a USDT semaphore (no ref_ctr_offset format, 4.20+)");
        return err < 0 ? err : -EINVAL;
      }
    }
    struct perf_event_attr attr;
    memset(&attr, 0, sizeof attr);
    attr.size = sizeof attr;
    attr.type = (uint32_t)type;
    attr.config = (ret ? (1ull << bit) : 0) | (refCtr << refShift);
    attr.config1 = (uint64_t)(uintptr_t)where; // kprobe_func / uprobe_path
    attr.config2 = offset;                     // probe_offset
    attr.sample_period = 1;
    attr.wakeup_events = 1;
    fd = sysPerfEventOpen(&attr, pid, pid < 0 ? 0 : -1, -1, PERF_FLAG_FD_CLOEXEC);
    if (fd < 0) {
      if (!uprobe) snprintf(msg, cap, "perf_event_open(%s %s) failed: %s", kind, where, strerror(-fd));
      else snprintf(msg, cap, "perf_event_open(%s %s offset 0x%llx) failed: %s", kind, where, (unsigned long long)offset, strerror(-fd));
      return fd;
    }
  }
  err = attachPerfFd(fd, progFd);
  if (err < 0) {
    close(fd);
    removeTracefsProbe(fd);
    snprintf(msg, cap, "attaching the program to %s %s failed: %s", kind, where, strerror(-err));
    return err;
  }
  return fd;
}

// A kernel symbol: what a kprobe, a raw tracepoint may name (and nothing
// kprobe_events would read as more fields: no blank, no '=').
static bool validSymbol(StrRef s) {
  if (s.n == 0 || s.n > 255) return false;
  for (size_t i = 0; i < s.n; ++i) {
    char c = s.p[i];
    if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '.'))
      return false;
  }
  return true;
}

// The one check of a kprobe's function, for BPF_ATTACH_KPROBE and for the
// sections of LOAD_OBJECT alike: through tracefs the name is written into
// kprobe_events, where a blank would start fetch arguments.
int attachKprobe(int progFd, const char *func, uint64_t offset, bool ret, char *msg, size_t cap) {
  if (!validSymbol(StrRef(func))) {
    snprintf(msg, cap, "kprobe function '%s' is not 1 to 255 of [A-Za-z0-9_.]", func);
    return -EINVAL;
  }
  int fd = attachProbe(false, progFd, func, offset, ret, -1, 0, msg, cap);
#if defined(__riscv)
  // A riscv kernel without KPROBES_ON_FTRACE (Debian 13's 6.12) refuses a
  // probe at the entry of a function ftrace can trace (EINVAL): the entry is
  // its patchable ftrace site, 8 bytes of nops (MCOUNT_INSN_SIZE). A kprobe
  // goes on the instruction after it, which sees the same registers and
  // stack; a kretprobe has to be at the entry, so it cannot be placed.
  if (fd == -EINVAL && offset == 0 && !ret) {
    char retry[512];
    int fd8 = attachProbe(false, progFd, func, 8, false, -1, 0, retry, sizeof retry);
    if (fd8 >= 0) return fd8;
  }
  if (fd == -EINVAL && offset == 0 && ret) {
    size_t n = strlen(msg);
    snprintf(msg + n, cap - n, " (a riscv kernel without KPROBES_ON_FTRACE has no kretprobes on traceable functions)");
  }
#endif
  return fd;
}

int attachUprobe(int progFd, const char *path, uint64_t offset, bool ret, int pid, char *msg, size_t cap,
                 uint64_t refCtr) {
  return attachProbe(true, progFd, path, offset, ret, pid, refCtr, msg, cap);
}

int attachTracepoint(int progFd, StrRef cat, StrRef name, char *msg, size_t cap) {
  int id = traceEventId(cat, name, msg, cap);
  if (id < 0) return id;
  int fd = perfTracepointOpen(id, -1);
  if (fd < 0) { snprintf(msg, cap, "perf_event_open(tracepoint %.*s/%.*s) failed: %s", (int)cat.n, cat.p, (int)name.n, name.p, strerror(-fd)); return fd; }
  int err = attachPerfFd(fd, progFd);
  if (err < 0) { close(fd); snprintf(msg, cap, "attaching the program to the tracepoint failed: %s", strerror(-err)); return err; }
  return fd;
}

static void attachK(Session &s, const Args &a, bool ret) {
  Handle *p = s.findHandle(a.v[0], a, kindBit(HandleKind::Prog));
  if (!p) return;
  if (a.v[1].n > 255) { fail(s, a, EINVAL, "FUNCTION is longer than 255 characters"); return; }
  uint64_t offset = 0;
  if (a.n > 2 && !parseU64(a.v[2], &offset)) { fail(s, a, EINVAL, "OFFSET is not a number"); return; }
  char func[256], msg[512];
  copyStr(func, sizeof func, a.v[1]);
  int fd = attachKprobe(p->fd, func, offset, ret, msg, sizeof msg);
  if (fd < 0) { fail(s, a, -fd, "%s", msg); return; }
  s.addHandle(fd, ret ? HandleKind::Kretprobe : HandleKind::Kprobe, a.v[1]);
  succeed(s, a, fd);
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
  char path[256], msg[512], name[128];
  uint64_t offset;
  int fd = resolveUprobe(a.v[1], a.v[2], path, sizeof path, &offset, msg, sizeof msg);
  if (fd >= 0) fd = attachUprobe(p->fd, path, offset, ret, (int)pid, msg, sizeof msg, refCtr);
  if (fd < 0) { fail(s, a, -fd, "%s", msg); return; }
  snprintf(name, sizeof name, "%.*s:%.*s", (int)a.v[1].n, a.v[1].p, (int)a.v[2].n, a.v[2].p);
  s.addHandle(fd, ret ? HandleKind::Uretprobe : HandleKind::Uprobe, name);
  if (refCtr) s.out().payloadf("path=%s offset=0x%llx ref_ctr_offset=0x%llx", path, (unsigned long long)offset, (unsigned long long)refCtr);
  else s.out().payloadf("path=%s offset=0x%llx", path, (unsigned long long)offset);
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
  char msg[512];
  int fd = attachTracepoint(p->fd, a.v[1], a.v[2], msg, sizeof msg);
  if (fd < 0) { fail(s, a, -fd, "%s", msg); return; }
  char name[300];
  snprintf(name, sizeof name, "%.*s/%.*s", (int)a.v[1].n, a.v[1].p, (int)a.v[2].n, a.v[2].p);
  s.addHandle(fd, HandleKind::Tracepoint, name);
  succeed(s, a, fd);
}

void cmdAttachRawTracepoint(Session &s, const Args &a) {
  Handle *p = s.findHandle(a.v[0], a, kindBit(HandleKind::Prog));
  if (!p) return;
  if (!validSymbol(a.v[1])) { fail(s, a, EINVAL, "NAME must be 1 to 255 of [A-Za-z0-9_.]"); return; }
  char name[256];
  copyStr(name, sizeof name, a.v[1]);
  int fd = bpfRawTracepointOpen(name, p->fd);
  if (fd < 0) { fail(s, a, -fd, "BPF_RAW_TRACEPOINT_OPEN(%s) failed: %s", name, strerror(-fd)); return; }
  s.addHandle(fd, HandleKind::RawTracepoint, a.v[1]);
  succeed(s, a, fd);
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
  int fd = bpfRawTracepointOpen(nullptr, p->fd);
  if (fd == -kENOTSUPP) {
    fail(s, a, kENOTSUPP, "program '%s': %s: BPF_RAW_TRACEPOINT_OPEN failed: ENOTSUPP (the kernel has no BPF "
         "trampoline for this target; arm64 kernels before 6.4 have none for kernel functions)", p->name,
         p->btfSection);
    return;
  }
  if (fd < 0) {
    fail(s, a, -fd, "program '%s': %s: BPF_RAW_TRACEPOINT_OPEN failed: %s", p->name, p->btfSection, strerror(-fd));
    return;
  }
  s.addHandle(fd, HandleKind::BtfLink, StrRef(p->btfSection));
  succeed(s, a, fd);
}

int attachPerfEvent(Session &s, int progFd, uint32_t type, uint64_t config, uint64_t period, bool freq, int cpu,
                    char *msg, size_t cap) {
  int ncpu = possibleCpus();
  int first = cpu < 0 ? 0 : cpu, last = cpu < 0 ? ncpu - 1 : cpu;
  Vec<int> fds;
  for (int c = first; c <= last; ++c) {
    struct perf_event_attr attr;
    memset(&attr, 0, sizeof attr);
    attr.size = sizeof attr;
    attr.type = type;
    attr.config = config;
    attr.freq = freq;
    attr.sample_period = period; // sample_freq shares the field
    int fd = sysPerfEventOpen(&attr, -1, c, -1, PERF_FLAG_FD_CLOEXEC);
    if (fd == -ENODEV && cpu < 0) continue; // offline CPU
    int err = fd < 0 ? fd : attachPerfFd(fd, progFd);
    if (err < 0) {
      if (fd >= 0) close(fd);
      for (int f : fds) close(f);
      snprintf(msg, cap, "perf event type %u config %llu on cpu %d: %s", type, (unsigned long long)config, c,
               strerror(-err));
      return err;
    }
    fds.push(fd);
  }
  if (fds.empty()) { snprintf(msg, cap, "no CPU took the perf event"); return -ENODEV; }
  int *extra = nullptr;
  int extraCount = (int)fds.size() - 1;
  if (extraCount) {
    extra = static_cast<int *>(malloc(sizeof(int) * extraCount));
    if (!extra) { for (int f : fds) close(f); snprintf(msg, cap, "out of memory"); return -ENOMEM; }
    memcpy(extra, fds.data() + 1, sizeof(int) * extraCount);
  }
  char name[64];
  snprintf(name, sizeof name, "%u:%llu", type, (unsigned long long)config);
  s.addHandle(fds[0], HandleKind::PerfEvent, name, extra, extraCount);
  return fds[0];
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
  char msg[256];
  int fd = attachPerfEvent(s, p->fd, (uint32_t)type, config, period, freq, cpu == UINT64_MAX ? -1 : (int)cpu, msg,
                           sizeof msg);
  if (fd < 0) { fail(s, a, -fd, "%s", msg); return; }
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
