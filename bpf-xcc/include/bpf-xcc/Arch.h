//===- Arch.h - Per-architecture facts for cross-compiling BPF --*- C++ -*-===//
//
// One entry per target architecture: what the kernel build calls it, which
// clang triple parses its headers, where kprobe arguments live in its
// struct pt_regs, how its syscall wrappers are named and its byte order.
//
//===----------------------------------------------------------------------===//
#ifndef BPF_XCC_ARCH_H
#define BPF_XCC_ARCH_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

namespace bpfxcc {

struct ArchInfo {
  /// Canonical name, as given to --arch / ARCH (e.g. "arm64").
  llvm::StringRef Name;
  /// Folder under the kernel's arch/ (e.g. "arm64", "x86").
  llvm::StringRef KernelDir;
  /// Suffix of the __TARGET_ARCH_<x> macro libbpf's bpf_tracing.h tests.
  llvm::StringRef TargetArchMacro;
  /// Clang triple that parses this architecture's kernel headers.
  llvm::StringRef Triple;
  /// pt_regs members holding function arguments at a kprobe, as many as the
  /// C calling convention passes in registers (at most 6).
  llvm::ArrayRef<const char *> ArgRegs;
  /// pt_regs members holding syscall arguments (inside the wrapper's own
  /// struct pt_regs argument): the slots syscall_get_arguments() reads.
  llvm::ArrayRef<const char *> SyscallRegs;
  /// pt_regs members: return value, stack pointer, instruction pointer,
  /// frame pointer.
  const char *RetReg, *SpReg, *IpReg, *FpReg;
  /// Prefix of the syscall entry points when the kernel has syscall
  /// wrappers (CONFIG_ARCH_HAS_SYSCALL_WRAPPER), e.g. "__arm64_sys_".
  llvm::StringRef SyscallPrefix;
  /// BPF byte order of the target: true for bpfel, false for bpfeb.
  bool LittleEndian;
  /// The struct PT_REGS_PARMn, _RC, _SP, _IP and _FP read their registers
  /// through, when the kernel's struct pt_regs and a perf event's
  /// bpf_user_pt_regs_t name them differently (riscv: epc and pc, at the
  /// same offset): e.g. "struct user_regs_struct", as libbpf does. None:
  /// the argument's own type.
  const char *RegsCast = nullptr;

  llvm::StringRef bpfTriple() const { return LittleEndian ? "bpfel" : "bpfeb"; }
};

/// Finds the entry for an --arch / ARCH value ("aarch64" is "arm64").
llvm::Expected<const ArchInfo &> lookupArch(llvm::StringRef Name);

} // namespace bpfxcc

#endif
