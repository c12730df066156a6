// kprobe.multi/PATTERN, kretprobe.multi/PATTERN: one BPF_LINK_CREATE
// (BPF_TRACE_KPROBE_MULTI) at the addresses of every kernel function ('T'/'t'
// in kallsyms) the glob matches, as libbpf 1.1's
// bpf_program__attach_kprobe_multi_opts.
#include "attach/family.h"
#include "bpf_syscall.h"
#include "kallsyms.h"

#include <errno.h>
#include <stdio.h>

namespace bpfd {

namespace {

struct MultiCtx {
  StrRef pattern;
  Vec<uint64_t> addrs;
  bool oom;
};

bool collectMulti(void *ctx, StrRef name, uint64_t addr, char type, StrRef) {
  auto *c = static_cast<MultiCtx *>(ctx);
  if ((type == 'T' || type == 't') && globMatch(name, c->pattern) && !c->addrs.push(addr)) c->oom = true;
  return !c->oom;
}

} // namespace

int attachKprobeMulti(int progFd, const char *section, const char *pattern, bool ret, AttachReport &r) {
  MultiCtx c = {StrRef(pattern), Vec<uint64_t>(), false};
  int err = forEachKallsym(&c, collectMulti);
  if (err < 0 || c.oom) {
    snprintf(r.msg, sizeof r.msg, "%s: reading /proc/kallsyms failed: %s", section,
             c.oom ? "out of memory" : strerror(-err));
    return c.oom ? -ENOMEM : err;
  }
  if (c.addrs.empty()) {
    snprintf(r.msg, sizeof r.msg, "%s: no kernel function in /proc/kallsyms matches the pattern", section);
    return -ENOENT;
  }
  int fd = bpfLinkCreate(progFd, bpfconv::AttachTraceKprobeMulti, ret ? 1 : 0 /* BPF_F_KPROBE_MULTI_RETURN */,
                         c.addrs.data(), (uint32_t)c.addrs.size());
  snprintf(r.where, sizeof r.where, " functions=%zu", c.addrs.size());
  if (fd < 0)
    snprintf(r.msg, sizeof r.msg, "%s: BPF_LINK_CREATE of %zu functions failed: %s", section, c.addrs.size(),
             fd == -EOPNOTSUPP ? "EOPNOTSUPP (the kernel has no fprobe: CONFIG_FPROBE)" : strerror(-fd));
  return fd;
}

} // namespace bpfd
