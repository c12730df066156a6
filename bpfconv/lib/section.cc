//===- section.cc - What a program's ELF section name means ---------------===//
#include "bpfconv/section.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

namespace bpfconv {

Span::Span(const char *s) : p(s), n(strlen(s)) {}

bool Span::eq(const char *s) const { return strlen(s) == n && memcmp(p, s, n) == 0; }

static bool startsWith(Span s, const char *prefix) {
  size_t l = strlen(prefix);
  return s.n >= l && memcmp(s.p, prefix, l) == 0;
}

static int fail(char *err, size_t cap, int code, const char *fmt, ...) {
  if (cap) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, cap, fmt, ap);
    va_end(ap);
  }
  return code;
}

bool parseUnsigned(Span s, uint64_t *out) {
  unsigned base = 10;
  if (s.n > 2 && s.p[0] == '0' && (s.p[1] == 'x' || s.p[1] == 'X')) {
    base = 16;
    s = Span(s.p + 2, s.n - 2);
  }
  if (s.empty()) return false;
  uint64_t v = 0;
  for (size_t i = 0; i < s.n; ++i) {
    char c = s.p[i];
    unsigned d;
    if (c >= '0' && c <= '9') d = c - '0';
    else if (base == 16 && c >= 'a' && c <= 'f') d = c - 'a' + 10;
    else if (base == 16 && c >= 'A' && c <= 'F') d = c - 'A' + 10;
    else return false;
    if (v > (UINT64_MAX - d) / base) return false;
    v = v * base + d;
  }
  *out = v;
  return true;
}

static const char *findChar(Span s, char c) {
  return static_cast<const char *>(s.n ? memchr(s.p, c, s.n) : nullptr);
}

static const char *findLastChar(Span s, char c) {
  for (size_t i = s.n; i > 0; --i)
    if (s.p[i - 1] == c) return s.p + i - 1;
  return nullptr;
}

// perf_event/TYPE/CONFIG/freq=HZ | period=N
static int parsePerfSpec(Span t, SectionInfo *out, char *err, size_t cap) {
  const char *a = findChar(t, '/');
  const char *b = a ? findChar(Span(a + 1, t.p + t.n - a - 1), '/') : nullptr;
  uint64_t type;
  if (!b || !parseUnsigned(Span(t.p, a - t.p), &type) || type > UINT32_MAX ||
      !parseUnsigned(Span(a + 1, b - a - 1), &out->perfConfig))
    return fail(err, cap, -EINVAL, "section 'perf_event/%.*s': expected perf_event/TYPE/CONFIG/freq=HZ or period=N",
                (int)t.n, t.p);
  Span rate(b + 1, t.p + t.n - b - 1);
  out->perfType = (uint32_t)type;
  if (startsWith(rate, "freq=")) {
    out->perfFreq = true;
    rate = Span(rate.p + 5, rate.n - 5);
  } else if (startsWith(rate, "period=")) {
    rate = Span(rate.p + 7, rate.n - 7);
  } else {
    return fail(err, cap, -EINVAL, "section 'perf_event/%.*s': the rate is freq=HZ or period=N", (int)t.n, t.p);
  }
  if (!parseUnsigned(rate, &out->perfRate) || out->perfRate == 0)
    return fail(err, cap, -EINVAL, "section 'perf_event/%.*s': the rate must be a positive number", (int)t.n, t.p);
  return 0;
}

namespace {
struct Rule {
  const char *prefix;  // matched with its '/'
  uint32_t type;
  AttachKind kind;
  uint32_t attachType = 0; // BTF-attached kinds: expected_attach_type
  bool sleepable = false;
};
} // namespace

// Sections that name an attach point: PREFIX/TARGET.
static const Rule kAttachRules[] = {
    {"kprobe", ProgKprobe, AttachKind::Kprobe},
    {"kretprobe", ProgKprobe, AttachKind::Kretprobe},
    {"ksyscall", ProgKprobe, AttachKind::Ksyscall},
    {"kretsyscall", ProgKprobe, AttachKind::Kretsyscall},
    {"kprobe.multi", ProgKprobe, AttachKind::KprobeMulti, AttachTraceKprobeMulti},
    {"kretprobe.multi", ProgKprobe, AttachKind::KretprobeMulti, AttachTraceKprobeMulti},
    {"uprobe", ProgKprobe, AttachKind::Uprobe},
    {"uretprobe", ProgKprobe, AttachKind::Uretprobe},
    {"tracepoint", ProgTracepoint, AttachKind::Tracepoint},
    {"tp", ProgTracepoint, AttachKind::Tracepoint},
    {"raw_tracepoint", ProgRawTracepoint, AttachKind::RawTracepoint},
    {"raw_tp", ProgRawTracepoint, AttachKind::RawTracepoint},
    {"perf_event", ProgPerfEvent, AttachKind::PerfEvent},
    {"fentry", ProgTracing, AttachKind::Fentry, AttachTraceFentry},
    {"fentry.s", ProgTracing, AttachKind::Fentry, AttachTraceFentry, true},
    {"fexit", ProgTracing, AttachKind::Fexit, AttachTraceFexit},
    {"fexit.s", ProgTracing, AttachKind::Fexit, AttachTraceFexit, true},
    {"fmod_ret", ProgTracing, AttachKind::FmodRet, AttachModifyReturn},
    {"fmod_ret.s", ProgTracing, AttachKind::FmodRet, AttachModifyReturn, true},
    {"tp_btf", ProgTracing, AttachKind::TpBtf, AttachTraceRawTp},
    {"tp_btf.s", ProgTracing, AttachKind::TpBtf, AttachTraceRawTp, true},
    {"lsm", ProgLsm, AttachKind::Lsm, AttachLsmMac},
    {"lsm.s", ProgLsm, AttachKind::Lsm, AttachLsmMac, true},
    {"iter", ProgTracing, AttachKind::Iter, AttachTraceIter},
    {"iter.s", ProgTracing, AttachKind::Iter, AttachTraceIter, true},
};

// Sections that name a program type only (libbpf's SEC("kprobe") etc.); a
// "/suffix" after them only names the program.
static const Rule kTypeRules[] = {
    {"kprobe", ProgKprobe, AttachKind::None},
    {"kretprobe", ProgKprobe, AttachKind::None},
    {"ksyscall", ProgKprobe, AttachKind::None},
    {"kretsyscall", ProgKprobe, AttachKind::None},
    {"kprobe.multi", ProgKprobe, AttachKind::None, AttachTraceKprobeMulti},
    {"kretprobe.multi", ProgKprobe, AttachKind::None, AttachTraceKprobeMulti},
    {"uprobe", ProgKprobe, AttachKind::None},
    {"uretprobe", ProgKprobe, AttachKind::None},
    {"perf_event", ProgPerfEvent, AttachKind::None},
    {"socket", ProgSocketFilter, AttachKind::None},
    {"xdp", ProgXdp, AttachKind::None},
    {"classifier", ProgSchedCls, AttachKind::None},
    {"tc", ProgSchedCls, AttachKind::None},
    {"cgroup_skb/ingress", ProgCgroupSkb, AttachKind::None},
    {"cgroup_skb/egress", ProgCgroupSkb, AttachKind::None},
};

static bool isSyscall(AttachKind k) { return k == AttachKind::Ksyscall || k == AttachKind::Kretsyscall; }

static int parseTarget(Span section, SectionInfo *out, char *err, size_t cap) {
  Span t = out->target;
  const int s = (int)section.n;
  switch (out->kind) {
  case AttachKind::Kprobe:
  case AttachKind::Kretprobe: {
    const char *plus = findChar(t, '+');
    out->first = plus ? Span(t.p, plus - t.p) : t;
    if (plus && (out->kind == AttachKind::Kretprobe ||
                 !parseUnsigned(Span(plus + 1, t.p + t.n - plus - 1), &out->offset)))
      return fail(err, cap, -EINVAL, "section '%.*s': expected %s/FUNCTION%s", s, section.p,
                  attachKindName(out->kind), out->kind == AttachKind::Kprobe ? "[+OFFSET]" : "");
    break;
  }
  case AttachKind::Uprobe:
  case AttachKind::Uretprobe: {
    const char *colon = findLastChar(t, ':');
    if (!colon || colon == t.p || colon == t.p + t.n - 1)
      return fail(err, cap, -EINVAL, "section '%.*s': expected %s/BINARY:SYMBOL[?ref_ctr=OFFSET]", s,
                  section.p, attachKindName(out->kind));
    out->first = Span(t.p, colon - t.p);
    out->second = Span(colon + 1, t.p + t.n - colon - 1);
    static const char kRefCtr[] = "?ref_ctr=";
    const size_t refLen = sizeof kRefCtr - 1;
    for (size_t i = 0; i + refLen <= out->second.n; ++i) {
      if (memcmp(out->second.p + i, kRefCtr, refLen) != 0)
        continue;
      Span num(out->second.p + i + refLen, out->second.n - i - refLen);
      if (i == 0 || !parseUnsigned(num, &out->refCtrOffset) || out->refCtrOffset == 0 ||
          out->refCtrOffset > 0xffffffffu)
        return fail(err, cap, -EINVAL,
                    "section '%.*s': expected %s/BINARY:SYMBOL?ref_ctr=OFFSET, OFFSET a nonzero "
                    "32-bit file offset", s, section.p, attachKindName(out->kind));
      out->second.n = i;
      break;
    }
    break;
  }
  case AttachKind::Tracepoint: {
    const char *slash = findChar(t, '/');
    if (!slash || slash == t.p || slash == t.p + t.n - 1)
      return fail(err, cap, -EINVAL, "section '%.*s': expected tracepoint/CATEGORY/NAME", s, section.p);
    out->first = Span(t.p, slash - t.p);
    out->second = Span(slash + 1, t.p + t.n - slash - 1);
    break;
  }
  case AttachKind::RawTracepoint:
  case AttachKind::KprobeMulti:
  case AttachKind::KretprobeMulti:
    out->first = t;
    break;
  case AttachKind::Fentry:
  case AttachKind::Fexit:
  case AttachKind::FmodRet:
  case AttachKind::TpBtf:
  case AttachKind::Lsm:
  case AttachKind::Iter:
  case AttachKind::Ksyscall:
  case AttachKind::Kretsyscall:
    // A C identifier: it is looked up by name in the kernel's BTF.
    for (size_t i = 0; i < t.n; ++i) {
      char c = t.p[i];
      bool alpha = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
      if (!alpha && !(i && c >= '0' && c <= '9'))
        return fail(err, cap, -EINVAL, "section '%.*s': expected %s/%s, a C identifier", s, section.p,
                    attachKindName(out->kind), out->kind == AttachKind::TpBtf ? "TRACEPOINT"
                                                : out->kind == AttachKind::Lsm  ? "HOOK"
                                                : isSyscall(out->kind)          ? "SYSCALL"
                                                : out->kind == AttachKind::Iter ? "TARGET"
                                                                                : "FUNCTION");
    }
    out->first = t;
    break;
  case AttachKind::PerfEvent:
    return parsePerfSpec(t, out, err, cap);
  case AttachKind::None:
    break;
  }
  for (size_t i = 0; i < t.n; ++i)
    if ((unsigned char)t.p[i] <= ' ' || t.p[i] == 0x7f)
      return fail(err, cap, -EINVAL, "section '%.*s': the attach point holds a blank or control character", s,
                  section.p);
  return 0;
}

int parseSection(Span section, SectionInfo *out, char *err, size_t cap) {
  *out = SectionInfo();
  if (cap) err[0] = 0;
  for (const Rule &r : kAttachRules) {
    size_t l = strlen(r.prefix);
    if (!(startsWith(section, r.prefix) && section.n > l + 1 && section.p[l] == '/')) continue;
    out->progType = r.type;
    out->kind = r.kind;
    out->target = Span(section.p + l + 1, section.n - l - 1);
    out->attachType = r.attachType;
    out->sleepable = r.sleepable;
    return parseTarget(section, out, err, cap);
  }
  // A BTF-attached kind without its target cannot even be loaded: the
  // kernel wants the target's BTF id at load time.
  for (const Rule &r : kAttachRules) {
    size_t l = strlen(r.prefix);
    if (attachesByBtf(r.kind) && (section.eq(r.prefix) || (startsWith(section, r.prefix) && section.n == l + 1 &&
                                                  section.p[l] == '/')))
      return fail(err, cap, -EINVAL, "section '%.*s': expected %s/%s (the target is needed to load it)",
                  (int)section.n, section.p, r.prefix,
                  r.kind == AttachKind::TpBtf ? "TRACEPOINT" : r.kind == AttachKind::Lsm ? "HOOK"
                  : r.kind == AttachKind::Iter ? "TARGET" : "FUNCTION");
  }
  for (const Rule &r : kTypeRules) {
    size_t l = strlen(r.prefix);
    if (!(section.eq(r.prefix) || (startsWith(section, r.prefix) && section.n > l && section.p[l] == '/')))
      continue;
    out->progType = r.type;
    out->attachType = r.attachType;
    return 0;
  }
  return fail(err, cap, -ENOENT, "section '%.*s' names no program type bpfd knows", (int)section.n, section.p);
}

// The kind's first rule names it (tracepoint before tp, raw_tracepoint
// before raw_tp).
const char *attachKindName(AttachKind kind) {
  if (kind != AttachKind::None)
    for (const Rule &r : kAttachRules)
      if (r.kind == kind) return r.prefix;
  return "";
}

bool attachesByBtf(AttachKind kind) {
  return kind == AttachKind::Fentry || kind == AttachKind::Fexit || kind == AttachKind::FmodRet ||
         kind == AttachKind::TpBtf || kind == AttachKind::Lsm || kind == AttachKind::Iter;
}

const char *btfTargetPrefix(AttachKind kind, uint32_t *btfKind) {
  *btfKind = kind == AttachKind::TpBtf ? BtfKindTypedef : BtfKindFunc;
  if (kind == AttachKind::TpBtf) return "btf_trace_";
  if (kind == AttachKind::Lsm) return "bpf_lsm_";
  if (kind == AttachKind::Iter) return "bpf_iter_";
  return "";
}

} // namespace bpfconv
