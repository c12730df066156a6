//===- Frontend.h - Driving clang over a BCC program ------------*- C++ -*-===//
//
// The two clang passes over a program, both with the target's triple and
// kernel flags: the analysis pass (parse + BccRewriter) and the code pass
// (parse the rewritten text, generate LLVM IR for the target triple).
//
//===----------------------------------------------------------------------===//
#ifndef BPF_XCC_FRONTEND_H
#define BPF_XCC_FRONTEND_H

#include "BccRewriter.h"

#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Error.h"

#include <memory>
#include <string>
#include <vector>

namespace bpfxcc {

struct FrontendInput {
  std::string FileName;   ///< As given on the command line (diagnostics).
  std::string Source;     ///< The main file's text.
  std::string Prologue;   ///< Text put before the main file (#line-reset).
  std::string Triple;     ///< Target triple (aarch64-linux-gnu, ...).
  std::vector<std::string> Flags; ///< Driver-style -I/-D/-include/-W flags.
  std::string ResourceDir;        ///< clang's builtin headers (stddef.h ...).
  bool Verbose = false;
};

/// Analysis pass: parses with __BPF_XCC_PASS=1 and rewrites.
llvm::Error runAnalysisPass(const FrontendInput &In, const RewriteOptions &Opts,
                            RewriteResult &Out);

/// Code pass: parses with __BPF_XCC_PASS=2 and returns the LLVM module
/// (target triple, -O2 attributes, no optimisation run yet, debug info).
llvm::Expected<std::unique_ptr<llvm::Module>>
runCodePass(const FrontendInput &In, llvm::LLVMContext &Ctx);

/// The cc1 command line of a pass, for -v.
std::vector<std::string> cc1Args(const FrontendInput &In, int Pass);

} // namespace bpfxcc

#endif
