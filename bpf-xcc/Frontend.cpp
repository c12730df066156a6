//===- Frontend.cpp - Driving clang over a BCC program --------------------===//
#include "Frontend.h"

#include "HelpersHeader.h"

#include "clang/CodeGen/CodeGenAction.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/CompilerInvocation.h"
#include "clang/Frontend/FrontendActions.h"
#include "clang/Frontend/TextDiagnosticPrinter.h"
#include "clang/Lex/PreprocessorOptions.h"

#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

using namespace clang;
using namespace llvm;

namespace bpfxcc {

static const char HelpersPath[] = "/virtual/bpf-xcc/bpf_xcc_helpers.h";
static const char VirtualIncludeDir[] = "/virtual/bpf-xcc/include";
static const char ProtoPath[] = "/virtual/bpf-xcc/include/bcc/proto.h";

std::vector<std::string> cc1Args(const FrontendInput &In, int Pass) {
  std::vector<std::string> A = {
      "-cc1", "-triple", In.Triple, "-emit-llvm", "-O2", "-disable-llvm-passes",
      "-debug-info-kind=constructor", "-dwarf-version=5",
      "-fgnuc-version=4.2.1", "-ferror-limit", "20",
      "-nostdsysteminc", "-nobuiltininc", "-resource-dir", In.ResourceDir,
      "-internal-isystem", In.ResourceDir + "/include",
      "-D__BPF_XCC_PASS=" + std::to_string(Pass), "-D__BPF_XCC__"};
  for (const std::string &F : In.Flags) {
    if (F == "-fno-stack-protector" || F == "-nostdinc")
      continue; // cc1's defaults
    A.push_back(F);
  }
  A.push_back(std::string("-I") + VirtualIncludeDir);
  A.push_back("-Wno-unknown-warning-option");
  A.push_back("-Wno-gnu-variable-sized-type-not-at-end");
  A.push_back("-Wno-address-of-packed-member");
  A.push_back("-Wno-unused-function");
  A.push_back("-include");
  A.push_back(HelpersPath);
  A.push_back("-x");
  A.push_back("c");
  A.push_back(In.FileName);
  return A;
}

namespace {
/// A CompilerInstance over in-memory main file and helpers header.
class Pass {
public:
  Pass(const FrontendInput &In, int PassNo, StringRef MainText) {
    std::vector<std::string> Args = cc1Args(In, PassNo);
    std::vector<const char *> Argv;
    for (size_t I = 1; I < Args.size(); ++I)
      Argv.push_back(Args[I].c_str());
    CI.createDiagnostics(new TextDiagnosticPrinter(errs(), new DiagnosticOptions()));
    Ok = CompilerInvocation::CreateFromArgs(CI.getInvocation(), Argv,
                                            CI.getDiagnostics());
    // Print with the invocation's options: presumed locations (#line) give
    // the user's own line numbers.
    CI.getDiagnosticOpts().ShowColors = false;
    CI.createDiagnostics(new TextDiagnosticPrinter(errs(), &CI.getDiagnosticOpts()));
    PreprocessorOptions &PP = CI.getPreprocessorOpts();
    PP.addRemappedFile(In.FileName,
                       MemoryBuffer::getMemBufferCopy(MainText, In.FileName).release());
    PP.addRemappedFile(ProtoPath,
                       MemoryBuffer::getMemBuffer(bccProtoHeader(), ProtoPath).release());
    PP.addRemappedFile(HelpersPath,
                       MemoryBuffer::getMemBuffer(helpersHeader(), HelpersPath).release());
  }
  bool Ok = false;
  CompilerInstance CI;
};

std::string withPrologue(const FrontendInput &In, StringRef Prologue,
                         StringRef Source) {
  if (Prologue.empty())
    return Source.str();
  return (Prologue + "\n#line 1 \"" + In.FileName + "\"\n" + Source).str();
}

class RewriteAction : public ASTFrontendAction {
public:
  RewriteAction(const RewriteOptions &Opts, RewriteResult &Out) : Opts(Opts), Out(Out) {}
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &,
                                                 StringRef) override {
    return createBccRewriter(Opts, Out);
  }

private:
  const RewriteOptions &Opts;
  RewriteResult &Out;
};

Error failed(StringRef What) {
  return createStringError(inconvertibleErrorCode(), "%s", What.str().c_str());
}
} // namespace

Error runAnalysisPass(const FrontendInput &In, const RewriteOptions &Opts,
                      RewriteResult &Out) {
  Pass P(In, 1, withPrologue(In, In.Prologue, In.Source));
  if (!P.Ok)
    return failed("invalid compiler flags");
  RewriteAction Action(Opts, Out);
  if (!P.CI.ExecuteAction(Action) || Out.Failed ||
      P.CI.getDiagnostics().hasErrorOccurred())
    return failed("compilation failed");
  // The rewritten buffer still holds the pass-1 prologue: strip it.
  if (!In.Prologue.empty()) {
    StringRef S = Out.Source;
    std::string Marker = "#line 1 \"" + In.FileName + "\"\n";
    size_t At = S.find(Marker);
    if (At != StringRef::npos)
      Out.Source = S.substr(At + Marker.size()).str();
  }
  return Error::success();
}

Expected<std::unique_ptr<llvm::Module>> runCodePass(const FrontendInput &In,
                                              LLVMContext &Ctx) {
  Pass P(In, 2, withPrologue(In, In.Prologue, In.Source));
  if (!P.Ok)
    return failed("invalid compiler flags");
  EmitLLVMOnlyAction Action(&Ctx);
  if (!P.CI.ExecuteAction(Action) || P.CI.getDiagnostics().hasErrorOccurred())
    return failed("compilation failed");
  std::unique_ptr<llvm::Module> M = Action.takeModule();
  if (!M)
    return failed("no module generated");
  return std::move(M);
}

} // namespace bpfxcc
