//===- Compiler.h - One BCC program to one BPF object, in memory -*- C++ -*-===//
//
// The whole of bpf-xcc's work as a library call: the target's kernel tree
// and profile, the analysis pass (BccRewriter), the attach points, the code
// pass and the object. bpf-xcc's driver and the remote libbcc (bpfd-bcc)
// both call compileProgram().
//
//===----------------------------------------------------------------------===//
#ifndef BPF_XCC_COMPILER_H
#define BPF_XCC_COMPILER_H

#include "bpf-xcc/Arch.h"
#include "bpf-xcc/BccRelease.h"
#include "bpf-xcc/Program.h"

#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace bpfxcc {

class Profile;

struct CompileOptions {
  std::string FileName;  ///< Shown in diagnostics ("prog.c", "<text>").
  std::string Source;    ///< The program's C text.
  std::string ArchName;  ///< arm64, x86_64, ... (lookupArch()).
  std::string KernelDir; ///< Configured tree or Debian linux-headers folder.
  /// The target's profile (tracepoint formats, version code); null: none.
  const Profile *Prof = nullptr;
  /// Where Prof came from, for messages ("the profile FILE").
  std::string ProfileName;
  std::vector<std::string> Includes; ///< -I folders.
  std::vector<std::string> Defines;  ///< -D name[=value].
  /// Further driver flags given by the program's loader (BCC's cflags:
  /// -DX, -I..., -w, -Wno-...); "-D"/"-I" ones go before the kernel's.
  std::vector<std::string> ExtraFlags;
  std::vector<std::string> Attach; ///< --attach FN=SECTION options.
  /// The BCC release the program is written for (BccRelease.h): its
  /// helpers.h macros, its frontend's rewrites, its loader's reading of
  /// kfunc__ names. Default 0.26.0.
  BccRelease BccVersion;
  /// When set, every probe function is placed in this section instead of
  /// its attach point's (libbcc: BCC's loader is told each function's type
  /// and attach point by the tool, not by the object).
  std::string SectionOfEveryProbe;
  std::string ResourceDir;         ///< clang's builtin headers.
  /// The header cache's folder (HeaderCache.h); "": defaultCacheDir().
  std::string CacheDir;
  bool NoCache = false; ///< Neither read nor write the header cache.
  /// CO-RE (docs/core.md): every kernel read the program makes (the
  /// rewriter's implicit ones and its own bpf_probe_read*) carries a field
  /// relocation against the kernel tree's record, which the loader fixes by
  /// the device's BTF; the tree is then a reference, not the device's own.
  bool Core = false;
  bool Verbose = false;
  bool TimePhases = false;  ///< Print each phase's CPU time (stderr).
  bool RewriteOnly = false; ///< Stop after the analysis pass (no object).
};

struct CompileResult {
  std::string Object;     ///< The BPF ELF object.
  std::string RewrittenC; ///< Prologue, #line, rewritten program.
  RewriteResult Rewrite;  ///< Maps (with BCC's type descriptions), probes.
  unsigned VersionCode = 0;
  std::string Release;
};

/// An error whose details clang already printed as diagnostics: a caller
/// reports it in one line or not at all.
class DiagnosedError : public llvm::ErrorInfo<DiagnosedError> {
public:
  static char ID;
  explicit DiagnosedError(std::string What) : What(std::move(What)) {}
  void log(llvm::raw_ostream &OS) const override { OS << What; }
  std::error_code convertToErrorCode() const override {
    return llvm::inconvertibleErrorCode();
  }

private:
  std::string What;
};

llvm::Expected<CompileResult> compileProgram(const CompileOptions &Opts);

/// bpf-xcc --tracepoint-format: the record of each CATEGORY:EVENT of
/// \p Names as the kernel tree gives it, printed as tracefs prints a
/// format's fields; with Opts.Prof, compared with the profile's format.
/// The name "@profile" stands for every tracepoint of the profile and prints
/// one line per tracepoint and a summary instead. Fails when a tracepoint
/// cannot be derived or differs from the profile.
llvm::Error printTracepointFormats(const CompileOptions &Opts,
                                   llvm::ArrayRef<std::string> Names,
                                   llvm::raw_ostream &OS);

/// The clang resource folder compiled in (builtin headers such as stddef.h).
const char *defaultResourceDir();

} // namespace bpfxcc

#endif
