// __ksym externs, resolved as libbpf's bpf_object__resolve_ksyms_btf_id
// and bpf_object__read_kallsyms_file do.
#include "ksym.h"

#include "btf_target.h"
#include "kallsyms.h"

#include <errno.h>
#include <stdio.h>
#include <unistd.h>

namespace bpfd {

namespace {

constexpr uint32_t kBtfKindVar = 14;
constexpr uint32_t kBtfKindFunc = 12;
constexpr uint8_t kPseudoKfuncCall = 2; // BPF_PSEUDO_KFUNC_CALL
constexpr int32_t kPoisonKfunc = 2002000000; // libbpf's POISON_CALL_KFUNC_BASE
constexpr uint8_t kPseudoBtfId = 3; // BPF_PSEUDO_BTF_ID

struct KallsymsCtx {
  const ObjectPlan *plan;
  Vec<KsymValue> *out;
  int ambiguous; // index + 1 of a name at two addresses
  uint64_t other;
};

bool onSymbol(void *ctx, StrRef name, uint64_t addr, char, StrRef) {
  KallsymsCtx *c = static_cast<KallsymsCtx *>(ctx);
  for (size_t i = 0; i < c->plan->ksyms.size(); ++i) {
    const KsymExtern &e = c->plan->ksyms[i];
    if (e.typed || !name.eq2(StrRef(e.name))) continue;
    KsymValue &v = (*c->out)[i];
    if (v.set && v.addr != addr) {
      c->ambiguous = (int)i + 1;
      c->other = addr;
      return false;
    }
    v.set = true;
    v.addr = addr;
  }
  return true;
}

} // namespace

int resolveKsyms(const ObjectPlan &plan, CoreResolver &core, Vec<KsymValue> *out, char *msg, size_t cap) {
  out->clear();
  if (plan.ksyms.empty()) return 0;
  if (!out->resize(plan.ksyms.size())) { snprintf(msg, cap, "out of memory"); return -ENOMEM; }
  for (KsymValue &v : *out) v.objFd = -1; // none to close, whatever fails below
  bool untyped = false;
  for (size_t i = 0; i < plan.ksyms.size(); ++i) {
    const KsymExtern &e = plan.ksyms[i];
    KsymValue &v = (*out)[i];
    if (!e.typed) { untyped = true; continue; }
    char why[300];
    if (!core.loadKernelBtf(why, sizeof why)) {
      snprintf(msg, cap, "extern (ksym) '%s': %s", e.name, why);
      return -ENOENT;
    }
    BtfTarget t;
    int r = findKernelBtfType(core.kernelBtf(), StrRef(e.name), e.func ? kBtfKindFunc : kBtfKindVar,
                              e.func ? "FUNC" : "VAR", &t, why, sizeof why);
    if (r == -ESRCH && e.weak) continue;
    if (r < 0) {
      snprintf(msg, cap, "extern (%s) '%s': %s", e.func ? "kfunc" : "ksym", e.name, why);
      return r;
    }
    if (e.func && t.objFd >= 0) {
      // A module's kfunc is named by an index into the load's fd_array,
      // which bpfd does not pass.
      close(t.objFd);
      snprintf(msg, cap, "extern (kfunc) '%s': a kfunc of module %s is not supported (only vmlinux's)", e.name,
               t.module);
      return -EOPNOTSUPP;
    }
    v.set = true;
    v.btfId = t.btfId;
    v.objFd = t.objFd;
  }
  if (untyped) {
    KallsymsCtx c = {&plan, out, 0, 0};
    int r = forEachKallsym(&c, onSymbol);
    if (r < 0) {
      snprintf(msg, cap, "extern (ksym) reading /proc/kallsyms failed: %s", strerror(-r));
      return r;
    }
    if (c.ambiguous) {
      const KsymExtern &e = plan.ksyms[c.ambiguous - 1];
      snprintf(msg, cap, "extern (ksym) '%s': resolution is ambiguous: 0x%llx or 0x%llx", e.name,
               (unsigned long long)(*out)[c.ambiguous - 1].addr, (unsigned long long)c.other);
      return -EINVAL;
    }
  }
  for (size_t i = 0; i < plan.ksyms.size(); ++i)
    if (!(*out)[i].set && !plan.ksyms[i].weak) {
      snprintf(msg, cap, "extern (ksym) '%s' (strong): not in the kernel's %s", plan.ksyms[i].name,
               plan.ksyms[i].typed ? "BTF (a VAR or FUNC of vmlinux or a module)" : "/proc/kallsyms");
      return -ESRCH;
    }
  return 0;
}

void applyKsyms(const ObjectPlan &plan, const ProgSpec &p, const Vec<KsymValue> &values, struct bpf_insn *code) {
  for (size_t r = 0; r < p.ksymCount; ++r) {
    const KsymRef &ref = plan.ksymRefs[p.ksymStart + r];
    const KsymValue &v = values[ref.ext];
    struct bpf_insn &in = code[ref.insn];
    if (plan.ksyms[ref.ext].func) {
      // A weak kfunc the kernel lacks: a call the verifier refuses if it
      // is reached, as libbpf's poison_kfunc_call.
      in.src_reg = v.set ? kPseudoKfuncCall : 0;
      in.off = 0;
      in.imm = v.set ? (int32_t)v.btfId : kPoisonKfunc + (int32_t)ref.ext;
      continue;
    }
    if (plan.ksyms[ref.ext].typed && v.set) {
      in.src_reg = kPseudoBtfId;
      in.imm = (int32_t)v.btfId;
      code[ref.insn + 1].imm = v.objFd >= 0 ? v.objFd : 0;
    } else {
      in.src_reg = 0;
      in.imm = (int32_t)(uint32_t)v.addr;
      code[ref.insn + 1].imm = (int32_t)(uint32_t)(v.addr >> 32);
    }
  }
}

} // namespace bpfd
