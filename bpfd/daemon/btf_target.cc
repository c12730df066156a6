#include "btf_target.h"

#include "bpf_syscall.h"
#include "kernel_btf.h"

#include <errno.h>
#include <stdio.h>
#include <unistd.h>

namespace bpfd {

namespace {

// The id of the type of kind named name among btf's own types (a split
// BTF's: after its base's), 0 if none.
uint32_t findOwnType(const Btf &btf, uint32_t firstId, StrRef name, uint32_t kind) {
  for (uint32_t id = firstId; id < btf.typeCount() + 1; ++id) {
    const Btf::TypeHdr *t = btf.type(id);
    if (t && Btf::kind(t) == kind && btf.name(t->nameOff).eq2(name)) return id;
  }
  return 0;
}

// The module's BTF object: the kernel BTF whose name is the module's,
// among every BTF object the kernel holds (BPF_BTF_GET_NEXT_ID).
int moduleBtfFd(const char *module) {
  uint32_t id = 0;
  for (;;) {
    int r = bpfBtfNextId(id, &id);
    if (r < 0) return r == -ENOENT ? -ESRCH : r;
    int fd = bpfBtfFdById(id);
    if (fd == -ENOENT) continue; // freed meanwhile
    if (fd < 0) return fd;
    char name[64] = "";
    bool kernelBtf = false;
    if (bpfBtfInfo(fd, name, sizeof name, &kernelBtf) == 0 && kernelBtf && !strcmp(name, module)) return fd;
    close(fd);
  }
}

} // namespace

int findBtfTarget(const Btf &vmlinux, bpfconv::AttachKind kind, StrRef target, BtfTarget *out, char *err,
                  size_t errCap) {
  *out = BtfTarget();
  uint32_t btfKind;
  const char *prefix = bpfconv::btfTargetPrefix(kind, &btfKind);
  const char *kindName = btfKind == bpfconv::BtfKindTypedef ? "typedef" : "FUNC";
  char name[128];
  int n = snprintf(name, sizeof name, "%s%.*s", prefix, (int)target.n, target.p);
  if (n < 0 || (size_t)n >= sizeof name) {
    snprintf(err, errCap, "the BTF name %s%.*s is over %zu characters", prefix, (int)(target.n > 64 ? 64 : target.n),
             target.p, sizeof name - 1);
    return -ENAMETOOLONG;
  }
  return findKernelBtfType(vmlinux, StrRef(name), btfKind, kindName, out, err, errCap);
}

int findKernelBtfType(const Btf &vmlinux, StrRef nameRef, uint32_t btfKind, const char *kindName, BtfTarget *out,
                      char *err, size_t errCap) {
  *out = BtfTarget();
  char name[128];
  copyStr(name, sizeof name, nameRef);
  out->btfId = vmlinux.findType(StrRef(name), btfKind);
  if (out->btfId) return 0;

  struct ModuleLookup {
    const Btf &vmlinux;
    StrRef name;
    uint32_t btfKind;
    BtfTarget *out;
  } look = {vmlinux, StrRef(name), btfKind, out};
  Bytes data;
  Btf mod;
  visitModuleBtf(vmlinux, &data, &mod, [](const Btf &m, const char *module, void *ctx) {
    auto *l = static_cast<ModuleLookup *>(ctx);
    if (strlen(module) >= sizeof l->out->module) return false;
    uint32_t id = findOwnType(m, l->vmlinux.typeCount() + 1, l->name, l->btfKind);
    if (!id) return false;
    copyStr(l->out->module, sizeof l->out->module, StrRef(module));
    l->out->btfId = id;
    return true;
  }, &look);
  if (!out->btfId) {
    snprintf(err, errCap, "no BTF %s '%s' in vmlinux or its modules", kindName, name);
    return -ESRCH;
  }
  out->objFd = moduleBtfFd(out->module);
  if (out->objFd < 0) {
    int r = out->objFd;
    snprintf(err, errCap, "BTF %s '%s' is module %s's, whose BTF object cannot be opened: %s", kindName, name,
             out->module, strerror(-r));
    out->objFd = -1;
    return r;
  }
  return 0;
}

} // namespace bpfd
