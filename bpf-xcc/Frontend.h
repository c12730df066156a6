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
#include "CoreAccess.h"

#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Error.h"

#include "llvm/ADT/STLFunctionalExtras.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace clang {
class ASTContext;
}

namespace bpfxcc {

struct FrontendInput {
  std::string FileName;   ///< As given on the command line (diagnostics).
  std::string Source;     ///< The main file's text.
  std::string Prologue;   ///< Text put before the main file (#line-reset).
  std::string Triple;     ///< Target triple (aarch64-linux-gnu, ...).
  std::vector<std::string> Flags; ///< Driver-style -I/-D/-include/-W flags.
  std::string ResourceDir;        ///< clang's builtin headers (stddef.h ...).
  /// Text of a linux/version.h found before the tree's (the target's
  /// LINUX_VERSION_CODE when it differs from the tree's); "" for none.
  std::string VersionHeader;
  /// Text put after the program's leading #include block, before its code
  /// (tracepoint structs, the rewriter's map types): not in the preamble.
  std::string Late;
  /// The header cache's folder (HeaderCache.h); "" for none (--no-cache).
  std::string CacheDir;
  /// Kernel-header functions whose bodies are not compiled: those the
  /// analysis pass found in error and the program does not use.
  std::vector<std::string> SkipBodies;
  /// Kernel-header functions whose bodies a cached preamble compiles (it
  /// skips the others': PreambleBodies.h); none given: those the program
  /// names and all they call, from the preamble's index.
  std::optional<std::vector<std::string>> KeepBodies;
  /// --core: the kernel tree's folders, whose records the code pass marks
  /// for CO-RE relocations (CoreAccess.h); empty: fixed offsets.
  std::vector<std::string> CoreTreeDirs;
  bool Verbose = false;
};

/// Analysis pass: parses with __BPF_XCC_PASS=1 and rewrites. Leaves in
/// \p In what the code pass must be given: the kernel-header bodies to keep
/// in a cached preamble or to skip, and no cache when a cached preamble
/// could not do.
///
/// Kernel headers hold inline functions that do not compile outside the
/// kernel (6.1's slub_def.h: nearest_obj() calls slab_address() and reads
/// struct slab, both private to mm/). When every error lies in the body of
/// such a header function, the pass is run again without compiling those
/// bodies; their names land in In.SkipBodies. A program that calls one then
/// fails in the code pass at its call.
llvm::Error runAnalysisPass(FrontendInput &In, const RewriteOptions &Opts,
                            RewriteResult &Out);

/// Code pass: parses with __BPF_XCC_PASS=2 and returns the LLVM module
/// (target triple, -O2 attributes, no optimisation run yet, debug info).
/// A call to a function the program does not define (an implicitly declared
/// one, e.g. from a kernel header's inline function the program uses) is an
/// error at the call's file:line:col; header functions the program never
/// uses are not compiled, so their undeclared calls are no error. With
/// In.CoreTreeDirs, \p Core gets what the CO-RE marker did.
llvm::Expected<std::unique_ptr<llvm::Module>>
runCodePass(const FrontendInput &In, llvm::LLVMContext &Ctx,
            CoreAccessReport *Core = nullptr);

/// The object-like macros defined after preprocessing In's text for the
/// target (name, replacement text as spelled).
llvm::Expected<std::vector<std::pair<std::string, std::string>>>
definedMacros(const FrontendInput &In);

/// Preprocesses In's text for the target and hands each token of the main
/// file's code (comments and skipped #if blocks give none; a macro's tokens
/// count where the macro is used) to \p Fn with its presumed line.
llvm::Error
forEachMainFileToken(const FrontendInput &In,
                     llvm::function_ref<void(llvm::StringRef, unsigned)> Fn);

/// Parses In's text for the target without compiling any function body and
/// hands the AST to \p Inspect (layouts of structs, constant initializers).
/// Errors are printed only with In.Verbose; the AST is handed over even when
/// some declarations are in error, so \p Inspect must check what it reads.
/// Fails when clang cannot run at all.
llvm::Error inspectAST(const FrontendInput &In,
                       llvm::function_ref<void(clang::ASTContext &)> Inspect);

/// The cc1 command line of the passes, for -v.
std::vector<std::string> cc1Args(const FrontendInput &In);

/// The main file clang reads in pass \p Pass (1: analysis, 2: code): the
/// prologue, `#line 1`, the program's leading block of directives and
/// comments (the preamble, the same text in both passes), then
/// `#define __BPF_XCC_PASS`, the map macros (bpf_xcc_maps.h), In.Late and a
/// `#line` back to the program, and the rest of the program.
std::string mainFileText(const FrontendInput &In, int Pass);

} // namespace bpfxcc

#endif
