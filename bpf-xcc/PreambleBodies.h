//===- PreambleBodies.h - Header function bodies of a cached preamble -*- C++ -*-===//
//
// Which function bodies of the kernel headers a cached preamble compiles.
// Half of parsing a BCC program's kernel headers is the bodies of their
// static and inline functions (thousands; a program uses a handful, most
// none), and the precompiled header then stores them all. A preamble is
// therefore precompiled with those bodies skipped, but for the functions
// named to be kept; what the skipped bodies call (the identifiers in their
// tokens after macro expansion that name other skipped functions) is
// recorded with it. A pass over the program finds the skipped functions the
// program reaches -- from its own code, or through the bodies of functions
// it reaches -- and the preamble is built again keeping those and all they
// call, once. Bodies that are not compiled are never emitted either (static
// and inline functions are emitted only when used), so the object is the
// same as from a full parse (--no-cache). docs/bpf-xcc.md, "Header cache".
//
//===----------------------------------------------------------------------===//
#ifndef BPF_XCC_PREAMBLEBODIES_H
#define BPF_XCC_PREAMBLEBODIES_H

#include "HeaderCache.h"

#include "clang/Frontend/PrecompiledPreamble.h"

#include "llvm/ADT/StringRef.h"

#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace clang {
class ASTConsumer;
class IdentifierInfo;
class FunctionDecl;
class SourceManager;
} // namespace clang

namespace bpfxcc {

/// A preamble's kernel-header functions (static or inline: those whose
/// bodies a cached preamble may skip) and what each calls among them, as its
/// index entry stores them: it says, without a parse, which bodies a program
/// needs.
struct HeaderFunctions {
  std::set<std::string> Names;
  HeaderCalls Calls;
  /// "fn NAME" lines, then "calls NAME CALLEE..." lines.
  std::string format() const;
  static std::optional<HeaderFunctions> parse(llvm::StringRef Text);
};

/// The identifiers in \p Text (a null-terminated buffer's tail), raw: no
/// macro is expanded.
std::set<std::string> identifiersIn(llvm::StringRef Text);

/// The callbacks of a preamble's build: the files it read, __COUNTER__ at its
/// end, which bodies it skips (kernel-header functions that are static or
/// inline, but for those named in \p Keep) and what every header function
/// calls.
class PreambleRecorder : public clang::PreambleCallbacks {
public:
  /// \p Main: the main file's name (not a dependency).
  PreambleRecorder(llvm::StringRef Main, const std::set<std::string> &Keep)
      : Main(Main.str()), Keep(Keep) {}
  void BeforeExecute(clang::CompilerInstance &CI) override;
  void AfterExecute(clang::CompilerInstance &CI) override;
  void HandleTopLevelDecl(clang::DeclGroupRef DG) override;
  bool shouldSkipFunctionBody(clang::Decl *D) override;

  std::vector<std::string> Deps; ///< Files read (not the main file, not /virtual/).
  unsigned Counter = 0;          ///< __COUNTER__ after the preamble.
  HeaderFunctions Functions;     ///< Filled by AfterExecute.

private:
  std::string Main;
  const std::set<std::string> &Keep;
  const clang::SourceManager *SM = nullptr;
  /// The identifiers in the body of the header function being read (null
  /// between functions): one entry of Bodies.
  std::vector<const clang::IdentifierInfo *> *Current = nullptr;
  /// Each header function and the identifiers in its body, in order.
  std::map<const clang::IdentifierInfo *, std::vector<const clang::IdentifierInfo *>>
      Bodies;
};

/// An AST consumer that, once the translation unit is parsed, puts into \p Out
/// the functions with a skipped body that the main file's declarations reach
/// (directly or through the bodies of the functions they reach).
std::unique_ptr<clang::ASTConsumer>
createSkippedBodyFinder(std::set<std::string> &Out);

/// \p Keep, \p Reached and every header function they call (transitively,
/// through \p Calls), sorted.
std::vector<std::string> bodiesToKeep(const std::vector<std::string> &Keep,
                                      const std::set<std::string> &Reached,
                                      const HeaderCalls &Calls);

/// The header functions among \p Named (a program's identifiers) and all
/// they call, sorted; \p Direct, if given, receives those named.
std::vector<std::string> bodiesNamed(const std::set<std::string> &Named,
                                     const HeaderFunctions &F,
                                     std::set<std::string> *Direct = nullptr);

} // namespace bpfxcc

#endif
