//===- bpfconv/section.h - What a program's ELF section name means -------===//
//
// The one authority on section names in this toolkit (libbpf's role in the
// libbpf world): the program type a section loads as and the attach point it
// names. bpfd's object loader, bpf-run, bpf-xcc's --attach and bpfd-object
// all ask here. Plain C++ without the standard library or LLVM (bpfd is a
// static musl binary without libstdc++): spans into the caller's text, no
// allocation, no exceptions.
//
// Grammar (libbpf's names, plus bpfd's perf_event spec):
//   kprobe/FUNC[+OFFSET]      kretprobe/FUNC         program type kprobe
//   ksyscall/SYSCALL          kretsyscall/SYSCALL    kprobes at the kernel's
//                             function of the syscall (libbpf's; the
//                             arch's wrapper __x64_sys_SYSCALL... or
//                             __se_sys_SYSCALL: the loader's to find)
//   kprobe.multi/PATTERN      kretprobe.multi/PATTERN   kprobe programs loaded
//                             for BPF_TRACE_KPROBE_MULTI, attached at every
//                             kernel function the glob (* and ?) matches
//   uprobe/BINARY:SYMBOL[?ref_ctr=OFFSET]   uretprobe/...  (split at the last
//                             ':'; SYMBOL may be 0xADDRESS or @0xFILE_OFFSET;
//                             OFFSET: the file offset of a USDT semaphore the
//                             kernel raises while the probe is in, bpfd's)
//   tracepoint/CAT/NAME       tp/CAT/NAME
//   raw_tracepoint/NAME       raw_tp/NAME
//   perf_event/TYPE/CONFIG/freq=HZ | period=N   (attached on every CPU)
//   fentry/FUNC  fexit/FUNC  fmod_ret/FUNC   program type tracing, attached
//                             at the kernel's BTF FUNC named FUNC
//   tp_btf/NAME               tracing, at the BTF typedef btf_trace_NAME
//   lsm/HOOK                  lsm, at the BTF FUNC bpf_lsm_HOOK
//   iter/TARGET               tracing, a BPF iterator, at the BTF FUNC
//                             bpf_iter_TARGET (attached as an iterator link)
//   fentry.s/ fexit.s/ fmod_ret.s/ lsm.s/ iter.s/   the same, sleepable
//                             (these six take their target at load time:
//                             expected_attach_type and the target's BTF id)
//   kprobe kretprobe ksyscall kretsyscall kprobe.multi kretprobe.multi uprobe
//   uretprobe perf_event socket xdp classifier tc
//   cgroup_skb/ingress cgroup_skb/egress      a type only: loaded, not attached
//   (a bare name may carry a "/suffix" that only names the program, as libbpf)
//
//===----------------------------------------------------------------------===//
#ifndef BPFCONV_SECTION_H
#define BPFCONV_SECTION_H

#include <stddef.h>
#include <stdint.h>

namespace bpfconv {

/// A piece of the caller's text.
struct Span {
  const char *p = nullptr;
  size_t n = 0;
  Span() = default;
  Span(const char *p, size_t n) : p(p), n(n) {}
  explicit Span(const char *s);
  bool empty() const { return n == 0; }
  bool eq(const char *s) const;
};

enum class AttachKind : uint8_t {
  None,          // loaded only
  Kprobe,
  Kretprobe,
  Uprobe,
  Uretprobe,
  Tracepoint,
  RawTracepoint,
  PerfEvent,
  Fentry,     // the BTF-attached kinds: see btfTargetPrefix()
  Fexit,
  FmodRet,
  TpBtf,
  Lsm,
  Ksyscall,   // a kprobe at the syscall's function (the loader finds it)
  Kretsyscall,
  KprobeMulti,    // one link at every function a pattern matches
  KretprobeMulti,
  Iter,           // a BPF iterator: BTF-attached (bpf_iter_TARGET), a link to read
};

/// The kernel's program types this grammar names (linux/bpf.h's values).
enum ProgType : uint32_t {
  ProgSocketFilter = 1,
  ProgKprobe = 2,
  ProgSchedCls = 3,
  ProgTracepoint = 5,
  ProgXdp = 6,
  ProgPerfEvent = 7,
  ProgCgroupSkb = 8,
  ProgRawTracepoint = 17,
  ProgTracing = 26,
  ProgLsm = 29,
};

/// The expected_attach_type a BTF-attached program is loaded with
/// (linux/bpf.h's enum bpf_attach_type).
enum AttachType : uint32_t {
  AttachTraceRawTp = 23,
  AttachTraceFentry = 24,
  AttachTraceFexit = 25,
  AttachModifyReturn = 26,
  AttachLsmMac = 27,
  AttachTraceIter = 28,
  AttachTraceKprobeMulti = 42,
};

/// BTF kinds (linux/btf.h's BTF_KIND_*) a target is looked up as.
enum BtfTargetKind : uint32_t {
  BtfKindTypedef = 8,
  BtfKindFunc = 12,
};

struct SectionInfo {
  uint32_t progType = 0;
  AttachKind kind = AttachKind::None;
  Span target;      // everything after the kind's '/' (empty for None)
  // Kprobe/Kretprobe: function and offset (0 if none).
  // Uprobe/Uretprobe: binary and symbol, and the semaphore's file offset
  // (uprobe ref_ctr_offset, 0 if none).
  // Ksyscall/Kretsyscall: the syscall's name in `first`.
  // KprobeMulti/KretprobeMulti: the pattern in `first`; attachType
  // BPF_TRACE_KPROBE_MULTI (its expected_attach_type at load).
  // Tracepoint: category and name. RawTracepoint: name in `first`.
  Span first, second;
  uint64_t offset = 0;
  uint64_t refCtrOffset = 0;
  // PerfEvent with a spec: perf type, config, and freq (Hz) or period.
  uint32_t perfType = 0;
  uint64_t perfConfig = 0, perfRate = 0;
  bool perfFreq = false;
  // BTF-attached kinds (Fentry... Lsm): the target in `first`, the
  // expected_attach_type, and whether the program is sleepable
  // (BPF_F_SLEEPABLE, the ".s" sections).
  uint32_t attachType = 0;
  bool sleepable = false;
};

/// Parses \p section. Returns 0 and fills \p out, or a negative errno with a
/// one-line reason in \p err (cap bytes, NUL-terminated): -ENOENT for a
/// section that names no program type, -EINVAL for a known kind whose target
/// is malformed (e.g. "tracepoint/sched" without a name).
int parseSection(Span section, SectionInfo *out, char *err, size_t cap);

/// An unsigned number, decimal or 0x hexadecimal, the whole of \p s (not
/// empty), without overflow; false otherwise. Sections' numbers, and bpfd's.
bool parseUnsigned(Span s, uint64_t *out);

/// The kind's name as in a section ("kprobe", "tracepoint", ... "" for None).
const char *attachKindName(AttachKind kind);

/// True for the kinds whose target is fixed when the program is loaded (its
/// BTF id in the kernel's BTF), attached with BPF_RAW_TRACEPOINT_OPEN.
bool attachesByBtf(AttachKind kind);

/// Where a BTF-attached program's target is in the kernel's BTF: a type of
/// kind *btfKind named prefix + target ("btf_trace_" + NAME, a typedef, for
/// tp_btf; "bpf_lsm_" + HOOK, a FUNC, for lsm; "bpf_iter_" + TARGET, a FUNC,
/// for iter; the FUNC itself otherwise).
/// Returns the prefix, "" for the kinds without one.
const char *btfTargetPrefix(AttachKind kind, uint32_t *btfKind);

/// True if \p section names a program type whose programs run without an
/// attach point (socket filters, xdp, tc...) or an attach kind bpfd attaches.
inline bool attaches(const SectionInfo &s) { return s.kind != AttachKind::None; }

} // namespace bpfconv

#endif
