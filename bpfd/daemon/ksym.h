// __ksym externs (libbpf's .ksyms): typed ones found in the running
// kernel's BTF (a VAR of vmlinux or a module), untyped ones in
// /proc/kallsyms, and their ld_imm64 patched as libbpf does.
#ifndef BPFD_DAEMON_KSYM_H
#define BPFD_DAEMON_KSYM_H

#include "core_relo.h"
#include "elf_object.h"

namespace bpfd {

struct KsymValue {
  bool set;
  uint32_t btfId;   // typed: the VAR's id in the kernel's BTF
  int objFd;        // typed, in a module: its BTF object (-1 for vmlinux); closed by the caller
  uint64_t addr;    // untyped: the kallsyms address
};

// Resolves plan.ksyms into out (one a ksym), as libbpf's
// bpf_object__resolve_externs: a strong one the kernel lacks is -ESRCH, a
// weak one gets 0; an untyped name at two addresses is -EINVAL. core
// loads the kernel's BTF (typed ones need it: -ENOENT without).
int resolveKsyms(const ObjectPlan &plan, CoreResolver &core, Vec<KsymValue> *out, char *msg, size_t cap);

// Patches program p's ld_imm64 of ksyms: typed BPF_PSEUDO_BTF_ID with the
// BTF id (the module's BTF object fd in the next instruction's imm),
// untyped the address.
void applyKsyms(const ObjectPlan &plan, const ProgSpec &p, const Vec<KsymValue> &values, struct bpf_insn *code);

} // namespace bpfd

#endif
