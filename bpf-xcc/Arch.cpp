//===- Arch.cpp - Per-architecture facts for cross-compiling BPF ----------===//
#include "bpf-xcc/Arch.h"

#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace bpfxcc {

// Function arguments at a kprobe follow each architecture's C calling
// convention: registers only as far as the ABI passes arguments in
// registers (AAPCS: r0-r3; s390x ELF ABI: r2-r6), the rest are on the stack
// and cannot be read from pt_regs.
//
// Syscall arguments are read from the user-mode struct pt_regs a syscall
// wrapper receives (CONFIG_ARCH_HAS_SYSCALL_WRAPPER), in the slots the
// kernel's syscall_get_arguments() reads (asm/syscall.h). The first one is
// the saved original (orig_x0, orig_gpr2): at the wrapper's entry arm64's
// regs[0] still equals orig_x0 but is overwritten by the return value,
// and s390's wrapper itself reads orig_gpr2 (gprs[2] is not the argument).
// Patched BCC (bcc-patches 0001) uses the same lists;
// test/bcc-compat/arg-registers-*.c compare them.
static const char *const Arm64Args[] = {"regs[0]", "regs[1]", "regs[2]",
                                        "regs[3]", "regs[4]", "regs[5]"};
static const char *const Arm64SysArgs[] = {"orig_x0", "regs[1]", "regs[2]",
                                           "regs[3]", "regs[4]", "regs[5]"};
static const char *const X86Args[] = {"di", "si", "dx", "cx", "r8", "r9"};
static const char *const X86SysArgs[] = {"di", "si", "dx", "r10", "r8", "r9"};
// 32-bit arm has no syscall wrappers: sys_* are plain AAPCS functions.
static const char *const ArmArgs[] = {"uregs[0]", "uregs[1]", "uregs[2]",
                                      "uregs[3]"};
static const char *const RiscvArgs[] = {"a0", "a1", "a2", "a3", "a4", "a5"};
// riscv's struct pt_regs is user_regs_struct (pc, ra, sp, ... t6: the
// registers of a perf event's bpf_user_pt_regs_t) with more after it, but
// calls the pc epc: PT_REGS_* read through user_regs_struct, as libbpf's do,
// so that PT_REGS_IP(&ctx->regs) compiles (profile) and PT_REGS_IP(ctx) reads
// epc. The wrapper's orig_a0 is in pt_regs only: the _SYSCALL ones are not
// cast.
// riscv's wrapper (6.6+) reads orig_a0: the trap entry has already put
// -ENOSYS into a0 (test/bpf-run/pt-regs-riscv64.test, on Debian 13's 6.12).
static const char *const RiscvSysArgs[] = {"orig_a0", "a1", "a2", "a3", "a4", "a5"};
static const char *const S390Args[] = {"gprs[2]", "gprs[3]", "gprs[4]",
                                       "gprs[5]", "gprs[6]"};
static const char *const S390SysArgs[] = {"orig_gpr2", "gprs[3]", "gprs[4]",
                                          "gprs[5]",   "gprs[6]", "gprs[7]"};
static const char *const PpcArgs[] = {"gpr[3]", "gpr[4]", "gpr[5]",
                                      "gpr[6]", "gpr[7]", "gpr[8]"};

static const ArchInfo Archs[] = {
    {"arm64", "arm64", "arm64", "aarch64-linux-gnu", Arm64Args, Arm64SysArgs,
     "regs[0]", "sp", "pc", "regs[29]", "__arm64_sys_", true},
    {"x86_64", "x86", "x86", "x86_64-linux-gnu", X86Args, X86SysArgs, "ax",
     "sp", "ip", "bp", "__x64_sys_", true},
    {"arm", "arm", "arm", "armv7a-linux-gnueabihf", ArmArgs, ArmArgs,
     "uregs[0]", "uregs[13]", "uregs[15]", "uregs[11]", "sys_", true},
    {"riscv64", "riscv", "riscv", "riscv64-linux-gnu", RiscvArgs, RiscvSysArgs,
     "a0", "sp", "pc", "s0", "__riscv_sys_", true, "struct user_regs_struct"},
    {"s390x", "s390", "s390", "s390x-linux-gnu", S390Args, S390SysArgs,
     "gprs[2]", "gprs[15]", "psw.addr", "gprs[11]", "__s390x_sys_", false},
    {"ppc64le", "powerpc", "powerpc", "powerpc64le-linux-gnu", PpcArgs,
     PpcArgs, "gpr[3]", "gpr[1]", "nip", "gpr[31]", "sys_", true},
};

Expected<const ArchInfo &> lookupArch(StringRef Name) {
  StringRef Canonical = StringSwitch<StringRef>(Name)
                            .Case("aarch64", "arm64")
                            .Case("x86", "x86_64")
                            .Case("amd64", "x86_64")
                            .Case("riscv", "riscv64")
                            .Case("s390", "s390x")
                            .Default(Name);
  for (const ArchInfo &A : Archs)
    if (A.Name == Canonical)
      return A;
  std::string Known;
  for (const ArchInfo &A : Archs)
    Known += (Known.empty() ? "" : ", ") + A.Name.str();
  return createStringError(inconvertibleErrorCode(),
                           "unknown architecture '%s' (known: %s, aarch64)",
                           Name.str().c_str(), Known.c_str());
}

} // namespace bpfxcc
