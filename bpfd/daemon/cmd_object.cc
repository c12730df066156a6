// LOAD_OBJECT and its chunked upload: creates an object's maps, loads and
// attaches its programs from the plan elf_object.cc builds.
#include "attach/attach.h"
#include "base64.h"
#include "bpf_syscall.h"
#include "btf_target.h"
#include "core_relo.h"
#include "elf_object.h"
#include "kconfig.h"
#include "kernel_info.h"
#include "ksym.h"
#include "session.h"

#include <errno.h>
#include <stdio.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

namespace bpfd {

int safeFd(int fd); // bpf_syscall.cc: an fd above stdin/stdout/stderr, close-on-exec

constexpr size_t kMaxObject = 32u << 20;

void cmdObjectBegin(Session &s, const Args &a) {
  uint64_t size;
  if (!parseU64(a.v[0], &size) || size == 0 || size > kMaxObject) {
    fail(s, a, EFBIG, "SIZE must be 1 to %zu bytes", kMaxObject);
    return;
  }
  s.upload() = Bytes();
  if (!s.upload().reserve(size)) { fail(s, a, ENOMEM, "out of memory"); return; }
  s.uploadExpected = size;
  s.uploadActive = true;
  succeed(s, a, 0);
}

void cmdObjectChunk(Session &s, const Args &a) {
  if (!s.uploadActive) { fail(s, a, EINVAL, "no upload in progress: OBJECT_BEGIN first"); return; }
  size_t room = s.uploadExpected - s.upload().size();
  size_t before = s.upload().size();
  size_t decoded = a.v[0].n / 4 * 3;
  for (size_t i = a.v[0].n; i > 0 && i + 2 > a.v[0].n && a.v[0].p[i - 1] == '='; --i) --decoded;
  if (decoded > room) {
    fail(s, a, EFBIG, "chunk of %zu bytes goes past the announced %zu bytes (%zu left)", decoded,
         s.uploadExpected, room);
    return;
  }
  if (!base64Decode(a.v[0], &s.upload(), room)) {
    s.upload().resize(before);
    fail(s, a, EINVAL, "chunk is not valid base64");
    return;
  }
  succeed(s, a, (int64_t)s.upload().size());
}

namespace {

// The verdict of a kernel log (the verifier's or BTF's): its last non-empty
// line, without the verifier's closing "processed N insns ..." statistics
// (a line of their own, or glued to a message that lacks its newline).
StrRef lastLine(const Vec<char> &log) {
  size_t n = log.size();
  for (int pass = 0; pass < 2; ++pass) {
    while (n && (log[n - 1] == '\n' || log[n - 1] == 0)) --n;
    size_t b = n;
    while (b && log[b - 1] != '\n') --b;
    StrRef line(log.data() + b, n - b);
    const char *stats = static_cast<const char *>(memmem(line.p, line.n, "processed ", 10));
    if (!stats || pass) return line;
    n = stats - log.data();
  }
  return StrRef();
}

// Map types whose kernel map checks BTF key/value types; libbpf gives the
// others (fd arrays, stack traces, queues, ring buffers) none: they refuse it.
constexpr uint64_t kBtfMapTypes =
    1ull << BPF_MAP_TYPE_HASH | 1ull << BPF_MAP_TYPE_ARRAY | 1ull << BPF_MAP_TYPE_PERCPU_HASH |
    1ull << BPF_MAP_TYPE_PERCPU_ARRAY | 1ull << BPF_MAP_TYPE_LRU_HASH | 1ull << BPF_MAP_TYPE_LRU_PERCPU_HASH |
    1ull << BPF_MAP_TYPE_LPM_TRIE | 1ull << BPF_MAP_TYPE_CGROUP_STORAGE |
    1ull << BPF_MAP_TYPE_PERCPU_CGROUP_STORAGE | 1ull << BPF_MAP_TYPE_SK_STORAGE |
    1ull << BPF_MAP_TYPE_INODE_STORAGE | 1ull << BPF_MAP_TYPE_TASK_STORAGE;

// LOAD_OBJECT time=1: microseconds spent in each phase of the load, each
// summed over the object's maps, programs and attach points.
enum Phase { kParse, kBtf, kMaps, kRelocate, kVerifier, kAttach, kTotal, kPhases };
uint64_t nowUs() {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (uint64_t)t.tv_sec * 1000000u + (uint64_t)t.tv_nsec / 1000u;
}

struct Loader {
  Session &s;
  const Args &a;
  ObjectPlan plan;
  Vec<int> mapFds;
  size_t firstHandle;
  int btfFd = -1; // the object's .BTF as loaded, -1 without
  Btf localBtf;   // the object's .BTF, parsed for CO-RE's access strings
  bool localBtfParsed = false;
  CoreResolver core{localBtf};

  Vec<KsymValue> ksyms; // the __ksym externs' values; module BTF fds closed with the loader
  uint64_t us[kPhases] = {};
  uint64_t mark = nowUs();
  // Adds the time since the last mark to phase p.
  void lap(Phase p) {
    uint64_t t = nowUs();
    us[p] += t - mark;
    mark = t;
  }

  Loader(Session &session, const Args &args) : s(session), a(args), firstHandle(session.handles().size()) {}
  ~Loader() {
    for (const KsymValue &v : ksyms)
      if (v.objFd >= 0) close(v.objFd);
  }

  // Pin paths this load created (not the reused ones): a failed load removes
  // them, as libbpf unpins what it pinned.
  struct PinPath { char path[128]; };
  Vec<PinPath> pinned;

  void rollback() {
    while (s.handles().size() > firstHandle) s.closeHandle(&s.handles().back());
    for (const PinPath &p : pinned) unlink(p.path);
  }

  // A map pinned at path already (by an earlier load): reused when it is the
  // object's map (type, key, value, entries, flags), as libbpf's
  // bpf_object__reuse_map does; refused when it differs. Returns its fd,
  // -ENOENT when nothing is pinned there, or another -errno after fail().
  int reusePinned(const MapSpec &m, const char *path) {
    int fd = bpfObjGet(path);
    if (fd == -ENOENT) return fd;
    if (fd < 0) { fail(s, a, -fd, "map '%s': opening the map pinned at %s failed: %s", m.name, path, strerror(-fd)); return fd; }
    struct bpf_map_info info;
    int err = bpfMapInfo(fd, &info);
    if (err < 0) {
      close(fd);
      fail(s, a, -err, "map '%s': reading the map pinned at %s failed: %s", m.name, path, strerror(-err));
      return err;
    }
    if (info.type != m.type || info.key_size != m.keySize || info.value_size != m.valueSize ||
        info.max_entries != m.maxEntries || info.map_flags != m.flags) {
      close(fd);
      fail(s, a, EEXIST,
           "map '%s': the map pinned at %s is not this one (type %u key %u value %u entries %u flags %u; "
           "the object's: type %u key %u value %u entries %u flags %u)",
           m.name, path, info.type, info.key_size, info.value_size, info.max_entries, info.map_flags, m.type,
           m.keySize, m.valueSize, m.maxEntries, m.flags);
      return -EEXIST;
    }
    return fd;
  }

  // A map of maps: its inner map's definition created as the template the
  // kernel checks inner maps against (inner_map_fd), closed once the outer
  // map holds it, as libbpf does. Returns the fd, or -errno after fail().
  int createMapOfMaps(const MapSpec &m) {
    int inner = bpfMapCreate(m.innerType, "inner_tmpl", m.innerKeySize, m.innerValueSize, m.innerMaxEntries,
                             m.innerFlags);
    if (inner < 0) {
      fail(s, a, -inner, "map '%s': creating its inner map's template (type %u key %u value %u entries %u) "
           "failed: %s", m.name, m.innerType, m.innerKeySize, m.innerValueSize, m.innerMaxEntries, strerror(-inner));
      return inner;
    }
    int fd = bpfMapCreate(m.type, m.name, m.keySize, m.valueSize, m.maxEntries, m.flags, -1, 0, 0, inner);
    close(inner);
    if (fd < 0)
      fail(s, a, -fd, "map '%s' (type %u key %u value %u entries %u, inner type %u): BPF_MAP_CREATE failed: %s",
           m.name, m.type, m.keySize, m.valueSize, m.maxEntries, m.innerType, strerror(-fd));
    return fd;
  }

  // The initial slots of maps of maps, once every map exists.
  bool fillMapSlots() {
    for (const MapSlot &sl : plan.mapSlots) {
      int innerFd = mapFds[sl.inner];
      int err = bpfMapUpdate(mapFds[sl.outer], &sl.slot, &innerFd, BPF_ANY);
      if (err < 0) {
        fail(s, a, -err, "map '%s': putting map '%s' in slot %u failed: %s", plan.maps[sl.outer].name,
             plan.maps[sl.inner].name, sl.slot, strerror(-err));
        return false;
      }
      s.out().payloadf("slot %s[%u] = %s", plan.maps[sl.outer].name, sl.slot, plan.maps[sl.inner].name);
    }
    return true;
  }

  bool createMaps() {
    int ncpu = possibleCpus();
    for (MapSpec &m : plan.maps) {
      if (m.type == BPF_MAP_TYPE_PERF_EVENT_ARRAY) {
        if (!m.keySize) m.keySize = 4;
        if (!m.valueSize) m.valueSize = 4;
        if (!m.maxEntries) m.maxEntries = (uint32_t)ncpu;
      }
      char path[128] = "";
      if (m.pinning == 1) {
        if (!isSafeName(StrRef(m.name), 64)) { fail(s, a, EINVAL, "map '%s': name not fit for pinning", m.name); return false; }
        snprintf(path, sizeof path, "/sys/fs/bpf/bpfd/%s", m.name);
        int reused = reusePinned(m, path);
        if (reused == -ENOENT) {
          // Not pinned yet: created and pinned below.
        } else if (reused < 0) {
          return false;
        } else {
          s.addHandle(reused, HandleKind::Map, m.name);
          mapFds.push(reused);
          s.out().payloadf("map %s handle=%d type=%u key_size=%u value_size=%u max_entries=%u", m.name, reused,
                           m.type, m.keySize, m.valueSize, m.maxEntries);
          s.out().payloadf("reused %s pinned at %s", m.name, path);
          continue;
        }
      } else if (m.pinning != 0) {
        fail(s, a, EINVAL, "map '%s': pinning %u is not supported", m.name, m.pinning);
        return false;
      }
      // With its BTF when it has types for it (a data section's array:
      // value only). A kernel that refuses it gets the map without, as
      // libbpf retries.
      bool withBtf = btfFd >= 0 && m.btfValue && (m.btfKey || m.origin == MapOrigin::DataSection) &&
                     m.type < 64 && (kBtfMapTypes >> m.type & 1);
      int fd = m.hasInner ? createMapOfMaps(m)
                          : bpfMapCreate(m.type, m.name, m.keySize, m.valueSize, m.maxEntries, m.flags,
                                         withBtf ? btfFd : -1, m.btfKey, m.btfValue);
      if (m.hasInner && fd < 0) return false;
      if (fd < 0 && withBtf) {
        int bare = bpfMapCreate(m.type, m.name, m.keySize, m.valueSize, m.maxEntries, m.flags);
        if (bare >= 0)
          s.out().payloadf("warning map '%s': BPF_MAP_CREATE refused its BTF (key type %u, value type %u): %s; "
                           "created without BTF", m.name, m.btfKey, m.btfValue, strerror(-fd));
        fd = bare;
        withBtf = false;
      }
      if (fd < 0) {
        fail(s, a, -fd, "map '%s' (type %u key %u value %u entries %u): BPF_MAP_CREATE failed: %s", m.name,
             m.type, m.keySize, m.valueSize, m.maxEntries, strerror(-fd));
        return false;
      }
      s.addHandle(fd, HandleKind::Map, m.name);
      mapFds.push(fd);
      if (m.origin == MapOrigin::DataSection && m.init) {
        uint32_t key = 0;
        int err = bpfMapUpdate(fd, &key, m.init, BPF_ANY);
        if (err < 0) { fail(s, a, -err, "initialising map '%s' failed: %s", m.name, strerror(-err)); return false; }
      }
      if (m.freeze) bpfMapFreeze(fd);
      if (m.pinning == 1) {
        mkdir("/sys/fs/bpf/bpfd", 0700);
        int err = bpfObjPin(fd, path);
        if (err < 0) { fail(s, a, -err, "pinning map '%s' at %s failed: %s", m.name, path, strerror(-err)); return false; }
        PinPath pp;
        copyStr(pp.path, sizeof pp.path, StrRef(path));
        if (!pinned.push(pp)) { unlink(path); fail(s, a, ENOMEM, "out of memory"); return false; }
      }
      char btf[48] = "";
      if (withBtf) snprintf(btf, sizeof btf, " btf_key=%u btf_value=%u", m.btfKey, m.btfValue);
      s.out().payloadf("map %s handle=%d type=%u key_size=%u value_size=%u max_entries=%u%s", m.name, fd,
                       m.type, m.keySize, m.valueSize, m.maxEntries, btf);
    }
    return true;
  }

  // Attaches program p (loaded as fd) at one attach point, a section name
  // bpfconv reads (its own section or a further point from .bpfd.target).
  bool attachAt(const ProgSpec &p, int fd, const char *section) {
    bpfconv::SectionInfo at;
    AttachReport r;
    int afd = bpfconv::parseSection(bpfconv::Span(section), &at, r.msg, sizeof r.msg) < 0
                  ? -EINVAL
                  : attachSection(s, fd, at, section, r);
    if (afd < 0) {
      fail(s, a, -afd, "program '%s': %s", p.name, r.msg);
      return false;
    }
    s.out().payloadf("attach %s handle=%d %s:%.*s%s", p.name, afd, bpfconv::attachKindName(at.kind),
                     (int)at.target.n, at.target.p, r.where);
    return true;
  }

  // CO-RE: the program's field offsets, sizes, existence... made the
  // running kernel's (its /sys/kernel/btf/vmlinux).
  bool applyCore(const ProgSpec &p, struct bpf_insn *code) {
    if (!p.coreCount) return true;
    char msg[400];
    if (!localBtfParsed && !localBtf.parse(plan.btf, plan.btfSize, msg, sizeof msg)) {
      fail(s, a, ENOEXEC, "program '%s': %s", p.name, msg);
      return false;
    }
    localBtfParsed = true;
    poisoned[0] = 0;
    for (size_t r = 0; r < p.coreCount; ++r) {
      if (!core.apply(code, p.insnCount, plan.coreRelos.data() + 4 * (p.coreStart + r), msg, sizeof msg)) {
        fail(s, a, ENOEXEC, "program '%s': %s", p.name, msg);
        return false;
      }
      if (msg[0] && !poisoned[0]) snprintf(poisoned, sizeof poisoned, "%s", msg);
    }
    return true;
  }
  // The first relocation of the program being loaded that the kernel could
  // not give (its instruction poisoned); "" if none.
  char poisoned[400] = "";

  // A BTF-attached program's target (fentry/FUNC...): its id in the
  // kernel's BTF, vmlinux's or a module's (then target->objFd, which the
  // caller closes once the program is loaded).
  bool findTarget(const ProgSpec &p, BtfTarget *target) {
    char msg[400];
    if (!core.loadKernelBtf(msg, sizeof msg)) {
      fail(s, a, ENOENT, "program '%s': %s: %s", p.name, p.section, msg);
      return false;
    }
    int r = findBtfTarget(core.kernelBtf(), p.attach, StrRef(p.target), target, msg, sizeof msg);
    if (r < 0) {
      fail(s, a, -r, "program '%s': %s: %s", p.name, p.section, msg);
      return false;
    }
    return true;
  }

  bool loadPrograms(bool attach, int *loaded) {
    uint32_t kver = plan.hasVersion && plan.kernVersion ? plan.kernVersion : kernelVersionCode();
    char kmsg[400];
    lap(kMaps);
    int kerr = resolveKsyms(plan, core, &ksyms, kmsg, sizeof kmsg);
    if (kerr < 0) {
      fail(s, a, -kerr, "%s", kmsg);
      return false;
    }
    for (ProgSpec &p : plan.progs) {
      struct bpf_insn *code = plan.insns.data() + p.insnStart;
      for (size_t r = 0; r < p.refCount; ++r) {
        const MapRef &ref = plan.refs[p.refStart + r];
        struct bpf_insn &in = code[ref.insn];
        in.src_reg = ref.value ? BPF_PSEUDO_MAP_VALUE : BPF_PSEUDO_MAP_FD;
        in.imm = mapFds[ref.map];
        code[ref.insn + 1].imm = ref.value ? (int32_t)ref.offset : 0;
      }
      applyKsyms(plan, p, ksyms, code);
      if (!applyCore(p, code)) return false;
      // With the object's BTF, func_info and line_info (the verifier's log
      // then quotes the C source). A kernel refusing them (EINVAL, E2BIG:
      // too old) gets the program without, said in a warning; a program
      // refused either way keeps the log of the load with BTF.
      ProgBtf pb = {btfFd, plan.funcInfo.data() + 2 * p.funcStart, plan.lineInfo.data() + 4 * p.lineStart,
                    (uint32_t)p.funcCount, (uint32_t)p.lineCount};
      bool withBtf = btfFd >= 0 && p.funcCount;
      if (btfFd >= 0 && p.btfExtIncomplete)
        s.out().payloadf("warning program '%s': .BTF.ext has no func_info for each of its functions; "
                         "loaded without func_info and line_info", p.name);
      BtfTarget target;
      ProgAttachBtf attachBtf = {};
      bool byBtf = bpfconv::attachesByBtf(p.attach);
      if (byBtf) {
        if (!findTarget(p, &target)) return false;
        attachBtf = {p.attachType, target.btfId, target.objFd, p.sleepable ? (uint32_t)BPF_F_SLEEPABLE : 0u};
      }
      if (!byBtf && p.attachType) attachBtf = {p.attachType, 0, -1, 0}; // kprobe.multi: BPF_TRACE_KPROBE_MULTI
      const ProgAttachBtf *ab = byBtf || p.attachType ? &attachBtf : nullptr;
      Vec<char> log;
      lap(kRelocate);
      int fd = bpfProgLoad(p.type, p.name, plan.license, kver, code, p.insnCount, &log, withBtf ? &pb : nullptr, ab);
      if (fd < 0 && withBtf && (fd == -EINVAL || fd == -E2BIG)) {
        int bare = bpfProgLoad(p.type, p.name, plan.license, kver, code, p.insnCount, nullptr, nullptr, ab);
        if (bare >= 0) {
          StrRef why = lastLine(log);
          s.out().payloadf("warning program '%s': BPF_PROG_LOAD refused its BTF func_info/line_info (%s%s%.*s); "
                           "loaded without them", p.name, strerror(-fd), why.n ? ": " : "", (int)why.n, why.p);
          fd = bare;
          withBtf = false;
        }
      }
      if (target.objFd >= 0) close(target.objFd); // the loaded program holds the module's BTF
      // The verifier reached a poisoned instruction: what the kernel lacks
      // is known, and said instead of the log.
      if (fd < 0 && poisoned[0] && memmem(log.data(), log.size(), kCorePoisonInLog, sizeof kCorePoisonInLog - 1)) {
        fail(s, a, -fd, "program '%s' (section %s): %s", p.name, p.section, poisoned);
        return false;
      }
      if (fd < 0) {
        s.out().payloadLines(StrRef(log.data(), log.size()));
        fail(s, a, -fd, "program '%s' (section %s): BPF_PROG_LOAD failed: %s", p.name, p.section, strerror(-fd));
        return false;
      }
      s.addHandle(fd, HandleKind::Prog, p.name);
      ++*loaded;
      // What the kernel kept: its own count of func_info and line_info.
      char btf[80] = "";
      struct bpf_prog_info info;
      int n = 0;
      if (withBtf && bpfProgInfo(fd, &info) == 0)
        n = snprintf(btf, sizeof btf, " func_info=%u line_info=%u", info.nr_func_info, info.nr_line_info);
      if (p.coreCount) snprintf(btf + n, sizeof btf - n, " core=%zu", p.coreCount);
      lap(kVerifier);
      s.out().payloadf("prog %s handle=%d type=%u section=%s insns=%zu%s", p.name, fd, p.type, p.section,
                       p.insnCount, btf);
      if (byBtf)
        s.out().payloadf("btf_target %s btf_id=%u %s%s", p.name, target.btfId,
                         target.module[0] ? "module=" : "vmlinux", target.module);
      if (!attach) continue;
      bool more = false;
      for (const AttachPoint &ap : plan.attach) more |= &plan.progs[ap.prog] == &p;
      if (p.attach == AttachKind::None && !more) {
        if (p.type == BPF_PROG_TYPE_KPROBE)
          s.out().payloadf("unattached %s section=%s: the section names no attach point", p.name, p.section);
        continue;
      }
      if (p.attach != AttachKind::None && !attachAt(p, fd, p.section)) return false;
      for (const AttachPoint &ap : plan.attach)
        if (&plan.progs[ap.prog] == &p && !attachAt(p, fd, ap.section)) return false;
      lap(kAttach);
    }
    return true;
  }
};

} // namespace

// ITER_OPEN LINK: a new iterator of an iterator link (BPF_ITER_CREATE), a
// file handle that FILE_READ reads (the iterator's output, to its end).
void cmdIterOpen(Session &s, const Args &a) {
  Handle *h = s.findHandle(a.v[0], a, kindBit(HandleKind::BtfLink));
  if (!h) return;
  union bpf_attr at;
  memset(&at, 0, sizeof at);
  at.iter_create.link_fd = (uint32_t)h->fd;
  int fd = safeFd(sysBpf(BPF_ITER_CREATE, &at));
  if (fd < 0) {
    fail(s, a, -fd, "BPF_ITER_CREATE of link %d (%s) failed: %s%s", h->fd, h->name, strerror(-fd),
         fd == -EINVAL ? " (not an iterator link?)" : "");
    return;
  }
  char name[160];
  snprintf(name, sizeof name, "iterator of %s", h->name);
  s.addHandle(fd, HandleKind::File, StrRef(name));
  succeed(s, a, fd);
}

void cmdLoadObject(Session &s, const Args &a) {
  bool attach = true, timed = false;
  for (size_t i = 1; i < a.n; ++i) {
    if (a.v[i].eq("attach=0")) attach = false;
    else if (a.v[i].eq("attach=1")) attach = true;
    else if (a.v[i].eq("time=0") || a.v[i].eq("time=1")) timed = a.v[i].p[5] == '1';
    else { fail(s, a, EINVAL, "options are attach=0|1 and time=0|1"); return; }
  }
  Bytes inline_;
  Bytes *obj;
  if (a.v[0].eq("-")) {
    if (!s.uploadActive || s.upload().size() != s.uploadExpected) {
      fail(s, a, EINVAL, "no complete upload (%zu of %zu bytes)", s.upload().size(), s.uploadExpected);
      return;
    }
    obj = &s.upload();
  } else {
    if (!base64Decode(a.v[0], &inline_, kMaxObject)) { fail(s, a, EINVAL, "object is not valid base64"); return; }
    obj = &inline_;
  }
  Loader l(s, a);
  uint64_t start = l.mark;
  char err[512];
  if (!parseBpfObject(obj->data(), obj->size(), &l.plan, err, sizeof err)) {
    fail(s, a, ENOEXEC, "%s", err);
    return;
  }
  if (l.plan.targetArch[0] && strcmp(l.plan.targetArch, runningArch()) != 0) {
    fail(s, a, ENOEXEC, "object built for arch=%s, this device is %s", l.plan.targetArch, runningArch());
    return;
  }
  int kerr = fillKconfig(&l.plan, err, sizeof err);
  if (kerr < 0) {
    fail(s, a, -kerr, "%s", err);
    return;
  }
  if (!l.plan.license[0])
    s.out().payloadf("warning the object has no license section: its programs are loaded with no license, "
                     "and the kernel refuses them GPL-only helpers");
  l.lap(kParse);
  if (l.plan.btf) {
    Vec<char> log;
    int btfFd = bpfBtfLoad(l.plan.btf, l.plan.btfSize, &log);
    if (btfFd < 0) {
      StrRef why = lastLine(log);
      s.out().payloadf("warning BPF_BTF_LOAD refused .BTF (%s): %.*s; loading without BTF", strerror(-btfFd),
                       (int)why.n, why.p);
    } else {
      s.addHandle(btfFd, HandleKind::Btf, ".BTF");
      s.out().payloadf("btf handle=%d size=%zu", btfFd, l.plan.btfSize);
      l.btfFd = btfFd;
      if (l.plan.btfExtError[0])
        s.out().payloadf("warning %s; loading without func_info and line_info", l.plan.btfExtError);
    }
  }
  l.lap(kBtf);
  int loaded = 0;
  if (!l.createMaps() || !l.fillMapSlots() || !l.loadPrograms(attach, &loaded)) {
    l.rollback();
    return;
  }
  if (obj == &s.upload()) { s.upload() = Bytes(); s.uploadActive = false; s.uploadExpected = 0; }
  if (timed) {
    l.us[kTotal] = nowUs() - start;
    static const char kNames[] = "parse\0btf\0maps\0relocate\0verifier\0attach\0total";
    const char *name = kNames;
    for (int p = 0; p < kPhases; ++p, name += strlen(name) + 1)
      s.out().payloadf("time %s %llu", name, (unsigned long long)l.us[p]);
  }
  succeed(s, a, loaded);
}

} // namespace bpfd
