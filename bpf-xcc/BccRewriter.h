//===- BccRewriter.h - BCC program syntax to plain C -------------*- C++ -*-===//
//
// Runs over the AST of the analysis pass (maps are method-bearing structs)
// and rewrites the main file's text into C that the code pass compiles:
//  - map method calls (table.lookup(&k), .update, .perf_submit, ...) become
//    BPF helper calls on the BTF-defined map;
//  - extra parameters of kprobe functions become reads of the argument
//    registers of struct pt_regs;
//  - reads of kernel memory (a->b->c through any kernel pointer that
//    KernelPointers.h finds) become bpf_probe_read_kernel calls, chained;
//  - helper functions (static, inline) get always_inline, as in BCC;
//  - a prologue defines each map's BPF_MAP_TYPE_* and the structs of the
//    TRACEPOINT_PROBE arguments.
//
//===----------------------------------------------------------------------===//
#ifndef BPF_XCC_BCCREWRITER_H
#define BPF_XCC_BCCREWRITER_H

#include "bpf-xcc/Arch.h"
#include "bpf-xcc/BccRelease.h"
#include "bpf-xcc/Program.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/Rewrite/Core/Rewriter.h"

#include <memory>
#include <string>
#include <vector>

namespace bpfxcc {

struct RewriteOptions {
  const ArchInfo *Arch = nullptr;
  /// The target has syscall wrappers: syscall__ arguments live in the
  /// struct pt_regs the wrapper receives.
  bool SyscallWrappers = false;
  /// Name of the kernel-memory read helper (bpf_probe_read_kernel, or
  /// bpf_probe_read before Linux 5.5).
  std::string ProbeRead = "bpf_probe_read_kernel";
  /// The BCC release whose rewrites to make (BccRelease.h).
  BccRelease Bcc;
};

/// The consumer that analyses and rewrites; results land in \p Out once the
/// translation unit is complete.
std::unique_ptr<clang::ASTConsumer>
createBccRewriter(const RewriteOptions &Opts, RewriteResult &Out);

} // namespace bpfxcc

#endif
