// __kconfig externs: libbpf's rules for their values (set_kcfg_value_tri,
// set_kcfg_value_num, set_kcfg_value_str) on the running kernel's facts.
#include "kconfig.h"

#include "bpf_syscall.h"
#include "kallsyms.h"
#include "kernel_info.h"

#include <errno.h>
#include <stdio.h>
#include <unistd.h>

namespace bpfd {

namespace {

struct Filler {
  ObjectPlan *plan;
  Vec<bool> set;
  char *msg;
  size_t cap;

  int error(int code, const KconfigExtern &e, const char *what, StrRef value) {
    snprintf(msg, cap, "extern (kconfig) '%s': %s '%.*s'", e.name, what, (int)(value.n > 64 ? 64 : value.n),
             value.p);
    return -code;
  }

  // value is what follows "NAME=" in a kernel configuration: y, n, m, a
  // quoted string or a number.
  int assign(size_t i, StrRef value) {
    const KconfigExtern &e = plan->kconfig[i];
    uint8_t *dst = plan->kconfigData.data() + e.offset;
    KcfgKind k = e.type.kind;
    if (value.n == 1 && (value.p[0] == 'y' || value.p[0] == 'n' || value.p[0] == 'm')) {
      char c = value.p[0];
      if (k == KcfgKind::Char) *dst = (uint8_t)c;
      else if (k == KcfgKind::Bool && c != 'm') *dst = c == 'y';
      else if (k == KcfgKind::Tristate) { uint32_t v = c == 'y' ? 1 : c == 'm' ? 2 : 0; memcpy(dst, &v, 4); }
      else return error(EINVAL, e, "value does not fit its type:", value);
    } else if (value.n >= 2 && value.p[0] == '"' && value.p[value.n - 1] == '"') {
      if (k != KcfgKind::CharArray) return error(EINVAL, e, "a string for a type that is no char array:", value);
      size_t n = value.n - 2 < e.type.size - 1 ? value.n - 2 : e.type.size - 1;
      memcpy(dst, value.p + 1, n);
      dst[n] = 0;
    } else {
      if (k != KcfgKind::Int && k != KcfgKind::Char)
        return error(EINVAL, e, "a number for a type that is no integer:", value);
      bool neg = value.n && value.p[0] == '-';
      uint64_t v;
      if (!parseU64(neg ? StrRef(value.p + 1, value.n - 1) : value, &v))
        return error(EINVAL, e, "value is not a number:", value);
      unsigned bits = e.type.size * 8;
      bool fits = neg ? e.type.isSigned && v <= (bits == 64 ? (1ull << 63) : 1ull << (bits - 1))
                      : bits == 64 || v < (e.type.isSigned ? 1ull << (bits - 1) : 1ull << bits);
      if (!fits) return error(ERANGE, e, "value does not fit in its type:", value);
      if (neg) v = 0 - v;
      memcpy(dst, &v, e.type.size); // little-endian
#if __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
      memcpy(dst, reinterpret_cast<uint8_t *>(&v) + 8 - e.type.size, e.type.size);
#endif
    }
    set[i] = true;
    return 0;
  }

  int assignNumber(size_t i, uint64_t v) {
    char text[24];
    snprintf(text, sizeof text, "%llu", (unsigned long long)v);
    return assign(i, StrRef(text));
  }
};

// libbpf's LINUX_KERNEL_VERSION: the release's first three numbers (Debian's
// 6.1.0-NN is 6.1.0), not bpfd's version code with Debian's sublevel.
uint32_t releaseVersion() {
  unsigned v[3] = {0, 0, 0};
  if (sscanf(kernelRelease(), "%u.%u.%u", &v[0], &v[1], &v[2]) != 3) return 0;
  return (v[0] << 16) + (v[1] << 8) + (v[2] > 255 ? 255 : v[2]);
}

// libbpf's FEAT_BPF_COOKIE probe: a kprobe program calling
// bpf_get_attach_cookie (helper 174) loads.
bool haveBpfCookie() {
  struct bpf_insn insns[2];
  memset(insns, 0, sizeof insns);
  insns[0].code = BPF_JMP | BPF_CALL;
  insns[0].imm = 174;
  insns[1].code = BPF_JMP | BPF_EXIT;
  int fd = bpfProgLoad(BPF_PROG_TYPE_KPROBE, "cookie_probe", "GPL", kernelVersionCode(), insns, 2, nullptr);
  if (fd < 0) return false;
  close(fd);
  return true;
}

} // namespace

int fillKconfig(ObjectPlan *plan, char *msg, size_t cap) {
  if (plan->kconfigMap < 0) return 0;
  MapSpec &m = plan->maps[plan->kconfigMap];
  Filler f = {plan, Vec<bool>(), msg, cap};
  if (!plan->kconfigData.resize(m.valueSize) || !f.set.resize(plan->kconfig.size())) {
    snprintf(msg, cap, "out of memory");
    return -ENOMEM;
  }
  bool needConfig = false;
  for (size_t i = 0; i < plan->kconfig.size(); ++i) {
    const KconfigExtern &e = plan->kconfig[i];
    StrRef n(e.name);
    int err = 0;
    if (n.eq("LINUX_KERNEL_VERSION")) err = f.assignNumber(i, releaseVersion());
    else if (n.eq("LINUX_HAS_SYSCALL_WRAPPER")) err = f.assign(i, StrRef(hasSyscallWrapper() ? "y" : "n"));
    else if (n.eq("LINUX_HAS_BPF_COOKIE")) err = f.assign(i, StrRef(haveBpfCookie() ? "y" : "n"));
    else if (n.starts("CONFIG_")) needConfig = true;
    else {
      snprintf(msg, cap, "extern (kconfig) '%s': not a CONFIG_ option or a LINUX_ value libbpf defines", e.name);
      return -EINVAL;
    }
    if (err) return err;
  }
  if (needConfig) {
    char path[192];
    snprintf(path, sizeof path, "/boot/config-%s", kernelRelease());
    Bytes text;
    int err = readFile(path, &text, 4u << 20);
    if (err < 0) {
      const char *first = "";
      for (const KconfigExtern &e : plan->kconfig)
        if (StrRef(e.name).starts("CONFIG_")) { first = e.name; break; }
      if (access("/proc/config.gz", R_OK) == 0)
        snprintf(msg, cap, "extern (kconfig) '%s': the kernel's configuration is only in /proc/config.gz, which "
                 "bpfd cannot read (no gzip); %s: %s", first, path, strerror(-err));
      else
        snprintf(msg, cap, "extern (kconfig) '%s': no kernel configuration: %s: %s, and no /proc/config.gz", first,
                 path, strerror(-err));
      return err == -ENOENT ? -ENOENT : err;
    }
    int failed = 0;
    forEachLine(text, [&](StrRef line) {
      if (failed || !line.starts("CONFIG_")) return;
      const char *eq = static_cast<const char *>(memchr(line.p, '=', line.n));
      if (!eq) return;
      StrRef name(line.p, eq - line.p), value(eq + 1, line.p + line.n - eq - 1);
      for (size_t i = 0; i < plan->kconfig.size(); ++i)
        if (name.eq2(StrRef(plan->kconfig[i].name))) failed = f.assign(i, value);
    });
    if (failed) return failed;
  }
  for (size_t i = 0; i < plan->kconfig.size(); ++i)
    if (!f.set[i] && !plan->kconfig[i].weak) {
      snprintf(msg, cap, "extern (kconfig) '%s' (strong): the kernel has no value for it", plan->kconfig[i].name);
      return -ESRCH;
    }
  m.init = plan->kconfigData.data();
  m.initSize = plan->kconfigData.size();
  return 0;
}

} // namespace bpfd
