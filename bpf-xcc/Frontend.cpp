//===- Frontend.cpp - Driving clang over a BCC program --------------------===//
#include "Frontend.h"

#include "HeaderCache.h"
#include "HelpersHeader.h"
#include "PreambleBodies.h"

#include "clang/AST/ASTContext.h"
#include "clang/CodeGen/CodeGenAction.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/CompilerInvocation.h"
#include "clang/Frontend/FrontendActions.h"
#include "clang/Basic/Version.h"
#include "clang/Frontend/MultiplexConsumer.h"
#include "clang/Frontend/PrecompiledPreamble.h"
#include "clang/Frontend/TextDiagnosticPrinter.h"
#include "clang/Basic/IdentifierTable.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/MacroInfo.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Lex/PreprocessorOptions.h"

#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/InstrTypes.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/VirtualFileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include <ctime>
#include <set>

using namespace clang;
using namespace llvm;

namespace bpfxcc {

static const char HelpersPath[] = "/virtual/bpf-xcc/bpf_xcc_helpers.h";
static const char VirtualIncludeDir[] = "/virtual/bpf-xcc/include";
static const char ProtoPath[] = "/virtual/bpf-xcc/include/bcc/proto.h";
static const char VersionIncludeDir[] = "/virtual/bpf-xcc/version";
static const char VersionPath[] = "/virtual/bpf-xcc/version/linux/version.h";
static const char MapsPath[] = "/virtual/bpf-xcc/include/bpf-xcc/maps.h";
static const char PreamblePath[] = "/virtual/bpf-xcc/preamble.pch";
/// Changes when what bpf-xcc puts in a cached preamble changes.
static const char CacheFormat[] = "bpf-xcc preamble 2";

std::vector<std::string> cc1Args(const FrontendInput &In) {
  std::vector<std::string> A = {
      "-cc1", "-triple", In.Triple, "-emit-llvm", "-O2", "-disable-llvm-passes",
      "-debug-info-kind=constructor", "-dwarf-version=5",
      "-fgnuc-version=4.2.1", "-ferror-limit", "20",
      "-nostdsysteminc", "-nobuiltininc", "-resource-dir", In.ResourceDir,
      "-internal-isystem", In.ResourceDir + "/include", "-D__BPF_XCC__"};
  if (!In.VersionHeader.empty())
    A.push_back(std::string("-I") + VersionIncludeDir);
  for (const std::string &F : In.Flags) {
    if (F == "-fno-stack-protector" || F == "-nostdinc")
      continue; // cc1's defaults
    A.push_back(F);
  }
  A.push_back(std::string("-I") + VirtualIncludeDir);
  A.push_back("-Wno-unknown-warning-option");
  A.push_back("-Wno-gnu-variable-sized-type-not-at-end");
  A.push_back("-Wno-address-of-packed-member");
  // bcc/proto.h marks packet headers deprecated("packet"), as BCC.
  A.push_back("-Wno-deprecated-declarations");
  A.push_back("-Wno-unused-function");
  // Kernel headers hold inline functions calling functions that only the
  // kernel's own sources declare (slub_def.h's slab_address()). Clang 16+
  // makes that an error even when the function is never used; as with
  // BCC's clang 14, it is not. A call that reaches code is an error of the
  // code pass (reportUndefinedCalls()).
  A.push_back("-Wno-implicit-function-declaration");
  A.push_back("-include");
  A.push_back(HelpersPath);
  A.push_back("-x");
  A.push_back("c");
  A.push_back(In.FileName);
  return A;
}

// The length of the program's leading block of directives, comments and
// blank lines (clang's preamble of it), ended at the start of a line outside
// any #if and any continued directive.
static size_t leadingBlock(StringRef Source) {
  LangOptions LO;
  LO.C11 = LO.GNUMode = LO.LineComment = 1;
  size_t End = std::min<size_t>(Lexer::ComputePreamble(Source, LO).Size,
                                Source.size());
  size_t Safe = 0, Pos = 0;
  int Depth = 0;
  while (Pos < End) {
    size_t NL = Source.find('\n', Pos);
    if (NL == StringRef::npos || NL >= End)
      break; // a line cut by the preamble's end
    StringRef Line = Source.slice(Pos, NL).rtrim("\r");
    StringRef Dir = Line.ltrim(" \t");
    if (Dir.consume_front("#")) {
      Dir = Dir.ltrim(" \t");
      if (Dir.starts_with("if"))
        ++Depth;
      else if (Dir.starts_with("endif"))
        --Depth;
    }
    Pos = NL + 1;
    if (Depth <= 0 && !Line.ends_with("\\"))
      Safe = Pos;
    if (Depth < 0)
      break;
  }
  return Safe;
}

// A program that puts code before its #include block (BCC's tools with a
// container filter: `static inline int _cgroup_filter() { return 0; }`
// first) would keep its headers out of the preamble. The end of such a
// prefix of Src[From:]: the line where the first directive starts, when the
// code before it is whole top-level declarations (brackets balanced, last
// token ';' or '}') whose identifiers are keywords, always_inline
// attributes or the names of the functions the prefix itself defines, so
// that no macro of the headers can reach it when the headers are read first
// (it is read after them); 0 when there is none.
static size_t codePrefixEnd(StringRef Src, size_t From) {
  LangOptions LO;
  LO.C11 = LO.GNUMode = LO.LineComment = 1;
  IdentifierTable Keywords(LO);
  Lexer L(SourceLocation(), LO, Src.begin(), Src.begin() + From, Src.end());
  Token Tok;
  int Depth = 0;
  tok::TokenKind Last = tok::unknown;
  std::set<std::string> Defined, Used;
  std::string Prev;
  while (!L.LexFromRawLexer(Tok) || Tok.isNot(tok::eof)) {
    if (Tok.is(tok::eof))
      break;
    if (Tok.is(tok::hash) && Tok.isAtStartOfLine()) {
      if (Depth || (Last != tok::semi && Last != tok::r_brace))
        return 0;
      for (const std::string &U : Used)
        if (!Defined.count(U))
          return 0;
      size_t Hash = L.getBufferLocation() - Src.begin() - Tok.getLength();
      size_t LineStart = Src.rfind('\n', Hash);
      LineStart = LineStart == StringRef::npos ? 0 : LineStart + 1;
      return Src.slice(LineStart, Hash).trim(" \t").empty() ? LineStart : 0;
    }
    switch (Tok.getKind()) {
    case tok::l_paren: case tok::l_brace: case tok::l_square:
      ++Depth;
      break;
    case tok::r_paren: case tok::r_brace: case tok::r_square:
      if (--Depth < 0)
        return 0;
      break;
    case tok::raw_identifier: {
      std::string Name = Tok.getRawIdentifier().str();
      // The attribute the analysis pass puts before helper functions (no
      // kernel header defines a macro of that name).
      if (Keywords.get(Name).getTokenID() == tok::identifier &&
          Name != "__attribute__" && Name != "always_inline")
        Used.insert(Name);
      break;
    }
    case tok::hash: case tok::hashhash:
      return 0;
    default:
      break;
    }
    // NAME ( at depth 0 defines a function.
    if (Tok.is(tok::l_paren) && Depth == 1 && !Prev.empty())
      Defined.insert(Prev);
    Prev = Tok.is(tok::raw_identifier) ? Tok.getRawIdentifier().str() : "";
    Last = Tok.getKind();
  }
  return 0;
}

namespace {
/// The main file of a pass: the preamble (its first Head bytes), the
/// declarations block that follows it (Tail bytes), and the program.
///
///   prologue; #line 1; Src[0, Lead)          the preamble
///     [#line; Src[P, P + Block)]             a code prefix's #include block
///   #line; __BPF_XCC_PASS; maps.h; Late; #line
///   [Src[Lead, P); #line]                    the code prefix, after its block
///   the rest of Src
struct MainText {
  std::string Text;
  size_t Head = 0, Tail = 0;
  std::string Line1, MarkP, MarkR; ///< #line markers (MarkP: a code prefix).
  /// The program's own text from the rewritten main file, in its order.
  Expected<std::string> restore(StringRef S) const {
    auto Lost = [] {
      return createStringError(inconvertibleErrorCode(),
                               "the rewritten program lost bpf-xcc's prologue");
    };
    StringRef Tail = StringRef(Text).substr(Head, this->Tail);
    size_t At = S.find(Line1);
    if (At == StringRef::npos)
      return Lost();
    At += Line1.size();
    if (MarkP.empty()) {
      size_t T = S.find(Tail, At);
      if (T == StringRef::npos)
        return Lost();
      return (S.slice(At, T) + S.substr(T + Tail.size())).str();
    }
    size_t P = S.find(MarkP, At);
    size_t T = P == StringRef::npos ? P : S.find(Tail, P + MarkP.size());
    size_t R = T == StringRef::npos ? T : S.find(MarkR, T + Tail.size());
    if (R == StringRef::npos)
      return Lost();
    return (S.slice(At, P) + S.slice(T + Tail.size(), R) +
            S.slice(P + MarkP.size(), T) + S.substr(R + MarkR.size()))
        .str();
  }
};
} // namespace

static MainText composeMain(const FrontendInput &In, int PassNo) {
  StringRef Src = In.Source;
  size_t Lead = leadingBlock(Src);
  auto LineAt = [&](size_t Pos) {
    return "#line " + std::to_string(Src.take_front(Pos).count('\n') + 1) +
           " \"" + In.FileName + "\"\n";
  };
  // A code prefix and the #include block after it.
  size_t P = Lead, Block = 0;
  if (size_t End = codePrefixEnd(Src, Lead)) {
    size_t B = leadingBlock(Src.drop_front(End));
    if (Src.substr(End, B).contains("#include") ||
        Src.substr(End, B).contains("# include")) {
      P = End;
      Block = B;
    }
  }
  MainText M;
  if (!In.Prologue.empty())
    M.Text = In.Prologue + "\n";
  M.Line1 = "#line 1 \"" + In.FileName + "\"\n";
  M.Text += M.Line1;
  M.Text += Src.take_front(Lead);
  if (Block) {
    M.MarkP = LineAt(P);
    M.MarkR = LineAt(P + Block);
    M.Text += M.MarkP;
    M.Text += Src.substr(P, Block);
  }
  M.Head = M.Text.size();
  // A #line first: a cached preamble's #line does not reach the main file's
  // lines after it (clang keeps it with the preamble's own file).
  std::string Resume = LineAt(Lead);
  M.Text += Resume + "#define __BPF_XCC_PASS " + std::to_string(PassNo) +
            "\n#include <bpf-xcc/maps.h>\n" + In.Late;
  if (!In.Late.empty() && In.Late.back() != '\n')
    M.Text += "\n";
  M.Text += Resume;
  M.Tail = M.Text.size() - M.Head;
  if (Block) {
    M.Text += Src.slice(Lead, P);
    M.Text += M.MarkR;
    M.Text += Src.drop_front(P + Block);
  } else {
    M.Text += Src.drop_front(Lead);
  }
  return M;
}

std::string mainFileText(const FrontendInput &In, int PassNo) {
  return composeMain(In, PassNo).Text;
}

static void remapHeaders(PreprocessorOptions &PP, const FrontendInput &In,
                         std::vector<std::unique_ptr<MemoryBuffer>> &Keep) {
  auto Map = [&](StringRef Path, StringRef Text) {
    Keep.push_back(MemoryBuffer::getMemBuffer(Text, Path));
    PP.addRemappedFile(Path, Keep.back().get());
  };
  Map(ProtoPath, bccProtoHeader());
  Map(HelpersPath, helpersHeader());
  Map(MapsPath, mapsHeader());
  if (!In.VersionHeader.empty())
    Map(VersionPath, In.VersionHeader);
}

namespace {
/// Counts the diagnostics of a preamble's build: one with any is not kept
/// (its warnings would be lost to the runs that use it).
class DiagCounter : public DiagnosticConsumer {
public:
  void HandleDiagnostic(DiagnosticsEngine::Level L, const Diagnostic &Info) override {
    DiagnosticConsumer::HandleDiagnostic(L, Info);
    if (L != DiagnosticsEngine::Ignored && L != DiagnosticsEngine::Note)
      ++Count;
  }
  unsigned Count = 0;
};

} // namespace

namespace {
/// A preamble precompiled, not stored yet.
struct BuiltPreamble {
  CachedPreamble P;
  std::vector<std::string> Deps; ///< The files it read.
  HeaderFunctions Functions;     ///< Its kernel-header functions.
  bool Unusable = false;         ///< It gives diagnostics (not precompiled).
};
} // namespace

// Precompiles M's preamble, compiling the bodies of the kernel-header
// functions named in \p Keep only.
static std::optional<BuiltPreamble> buildPreamble(const FrontendInput &In,
                                                  ArrayRef<std::string> Args,
                                                  const MainText &M,
                                                  const std::set<std::string> &Keep) {
  DiagCounter Counter;
  IntrusiveRefCntPtr<DiagnosticsEngine> Diags = CompilerInstance::createDiagnostics(
      new DiagnosticOptions(), &Counter, /*ShouldOwnClient=*/false);
  CompilerInvocation Inv;
  std::vector<const char *> Argv;
  for (size_t I = 1; I < Args.size(); ++I)
    Argv.push_back(Args[I].c_str());
  if (!CompilerInvocation::CreateFromArgs(Inv, Argv, *Diags))
    return std::nullopt;
  std::vector<std::unique_ptr<MemoryBuffer>> Buffers;
  Inv.getPreprocessorOpts().RetainRemappedFileBuffers = true;
  remapHeaders(Inv.getPreprocessorOpts(), In, Buffers);
  // The kernel headers' function bodies are skipped but Keep's
  // (PreambleBodies.h); the recorder decides.
  Inv.getFrontendOpts().SkipFunctionBodies = true;
  auto Main = MemoryBuffer::getMemBuffer(M.Text, In.FileName);
  PreambleRecorder Rec(In.FileName, Keep);
  auto Built = PrecompiledPreamble::Build(
      Inv, Main.get(), PreambleBounds(M.Head, true), *Diags,
      vfs::getRealFileSystem(), std::make_shared<PCHContainerOperations>(),
      /*StoreInMemory=*/true, "", Rec);
  if (!Built) {
    if (In.Verbose)
      errs() << "bpf-xcc: header cache: cannot precompile the preamble: "
             << Built.getError().message() << "\n";
    return std::nullopt;
  }
  BuiltPreamble B;
  B.Deps = std::move(Rec.Deps);
  B.Functions = std::move(Rec.Functions);
  B.Unusable = Counter.Count != 0;
  if (B.Unusable)
    return std::move(B);
  // The precompiled header's bytes, as clang hands them to a pass.
  CompilerInvocation Use(Inv);
  IntrusiveRefCntPtr<vfs::FileSystem> FS = vfs::getRealFileSystem();
  Built->AddImplicitPreamble(Use, FS, Main.get());
  auto PCH = FS->getBufferForFile(Use.getPreprocessorOpts().ImplicitPCHInclude);
  if (!PCH)
    return std::nullopt;
  B.P.Storage = MemoryBuffer::getMemBufferCopy((*PCH)->getBuffer(), PreamblePath);
  B.P.PCH = B.P.Storage->getBuffer();
  B.P.Bytes = M.Head;
  B.P.EndsAtStartOfLine = true;
  B.P.Counter = Rec.Counter;
  return std::move(B);
}

// The preamble of M from the cache, precompiled on a miss; none without a
// cache, for a pass that skips bodies, or for a preamble with diagnostics.
//
// Entries are keyed by the preamble and the kernel-header function bodies
// they compile: In.KeepBodies when given (the analysis pass's choice, for
// the code pass), else those the program names (raw identifiers of the text
// after the preamble) and all they call, which the preamble's index entry
// tells. Without an index (cold), the preamble is built keeping the bodies
// of every function the program names; its index is stored, and it is
// built once more only if those bodies call functions the program does not
// name (PreambleBodies.h).
static std::optional<CachedPreamble> preambleFor(const FrontendInput &In,
                                                 ArrayRef<std::string> Args,
                                                 const MainText &M) {
  if (In.CacheDir.empty() || !In.SkipBodies.empty())
    return std::nullopt;
  auto Note = [&](const Twine &What) {
    if (In.Verbose)
      errs() << "bpf-xcc: header cache: " << What << "\n";
  };
  SmallString<256> Cwd;
  if (sys::fs::current_path(Cwd))
    return std::nullopt;
  std::string ArgText;
  for (const std::string &A : Args)
    ArgText += A + '\0';
  std::string Version = getClangFullVersion();
  std::string Base = HeaderCache::key(
      {CacheFormat, Version, Cwd, ArgText, helpersHeader(), bccProtoHeader(),
       In.VersionHeader, StringRef(M.Text).take_front(M.Head)});
  std::string IndexKey = HeaderCache::key({Base, "index"});
  auto KeyOf = [&](ArrayRef<std::string> Keep) {
    std::string Kept;
    for (const std::string &K : Keep)
      Kept += K + '\0';
    return HeaderCache::key({Base, "bodies", Kept});
  };
  HeaderCache Cache(In.CacheDir);

  // Which bodies: given, or from the index (std::nullopt: no index yet).
  std::set<std::string> Named;
  HeaderCalls Calls;
  std::optional<std::vector<std::string>> Keep = In.KeepBodies;
  if (!Keep) {
    Named = identifiersIn(StringRef(M.Text.c_str() + M.Head, M.Text.size() - M.Head));
    std::string Why;
    auto Text = Cache.findText(IndexKey, &Why);
    if (!Why.empty())
      Note("rebuilt: " + Why);
    if (Text)
      if (auto Index = HeaderFunctions::parse(*Text)) {
        Keep = bodiesNamed(Named, *Index);
        Calls = std::move(Index->Calls);
      }
  }
  if (Keep) {
    std::string Key = KeyOf(*Keep);
    CachedPreamble P;
    std::string Why;
    switch (Cache.find(Key, P, Why)) {
    case HeaderCache::Lookup::Hit:
      Note("hit " + StringRef(Key).take_front(16));
      P.Kept = *Keep;
      P.Calls = std::move(Calls);
      return std::move(P);
    case HeaderCache::Lookup::Unusable:
      Note(StringRef(Key).take_front(16) +
           ": the preamble gives diagnostics (parsed in full)");
      return std::nullopt;
    case HeaderCache::Lookup::Miss:
      if (!Why.empty())
        Note("rebuilt: " + Why);
      break;
    }
  }

  std::clock_t Start = std::clock();
  std::set<std::string> Build = Keep ? std::set<std::string>(Keep->begin(), Keep->end())
                                     : Named;
  auto B = buildPreamble(In, Args, M, Build);
  if (!B)
    return std::nullopt;
  if (!Keep) {
    // Cold: the index, and the bodies the program needs.
    if (Error E = Cache.storeText(IndexKey, B->Deps, B->Functions.format()))
      Note(toString(std::move(E)));
    std::set<std::string> Direct;
    Keep = bodiesNamed(Named, B->Functions, &Direct);
    if (Keep->size() != Direct.size()) {
      std::string Also;
      for (const std::string &K : *Keep)
        if (!Direct.count(K))
          Also += " " + K;
      Note("the kernel-header functions the program names call others:" + Also +
           " (again, keeping them)");
      B = buildPreamble(In, Args, M, std::set<std::string>(Keep->begin(), Keep->end()));
      if (!B)
        return std::nullopt;
    }
  }
  std::string Key = KeyOf(*Keep);
  if (B->Unusable) {
    Note("the preamble gives diagnostics: not precompiled");
    if (Error E = Cache.storeUnusable(Key, B->Deps))
      Note(toString(std::move(E)));
    return std::nullopt;
  }
  B->P.Kept = *Keep;
  B->P.Calls = std::move(B->Functions.Calls);
  std::string Kept;
  for (const std::string &K : *Keep)
    Kept += " " + K;
  if (Error E = Cache.store(Key, B->Deps, B->P))
    Note(toString(std::move(E)));
  else
    Note("stored " + StringRef(Key).take_front(16) + " (" + Twine(B->Deps.size()) +
         " files, " + Twine(B->P.PCH.size() >> 10) + " KB, " +
         (Keep->empty() ? "no kernel-header function body" : "bodies of" + Kept) +
         ", " + Twine((std::clock() - Start) * 1000 / CLOCKS_PER_SEC) + " ms)");
  return std::move(B->P);
}

namespace {
/// A CompilerInstance over in-memory main file and helpers header.
class Pass {
public:
  /// \p Diags, if given, receives the diagnostics instead of stderr. With
  /// \p Cached, the preamble of \p Main comes from the header cache.
  Pass(const FrontendInput &In, const MainText &Main,
       DiagnosticConsumer *Diags = nullptr, bool Cached = false) {
    std::vector<std::string> Args = cc1Args(In);
    std::vector<const char *> Argv;
    for (size_t I = 1; I < Args.size(); ++I)
      Argv.push_back(Args[I].c_str());
    CI.createDiagnostics(new TextDiagnosticPrinter(errs(), new DiagnosticOptions()));
    Ok = CompilerInvocation::CreateFromArgs(CI.getInvocation(), Argv,
                                            CI.getDiagnostics());
    // Print with the invocation's options: presumed locations (#line) give
    // the user's own line numbers.
    CI.getDiagnosticOpts().ShowColors = false;
    if (Diags)
      CI.createDiagnostics(Diags, /*ShouldOwnClient=*/false);
    else
      CI.createDiagnostics(new TextDiagnosticPrinter(errs(), &CI.getDiagnosticOpts()));
    if (!In.SkipBodies.empty())
      CI.getFrontendOpts().SkipFunctionBodies = true;
    PreprocessorOptions &PP = CI.getPreprocessorOpts();
    PP.RetainRemappedFileBuffers = true;
    Keep.push_back(MemoryBuffer::getMemBufferCopy(Main.Text, In.FileName));
    PP.addRemappedFile(In.FileName, Keep.back().get());
    remapHeaders(PP, In, Keep);
    if (Ok && Cached)
      Pre = preambleFor(In, Args, Main);
    if (Pre) {
      // As clang's PrecompiledPreamble::AddImplicitPreamble, from memory.
      auto Mem = makeIntrusiveRefCnt<vfs::InMemoryFileSystem>();
      Mem->addFile(PreamblePath, 0,
                   MemoryBuffer::getMemBuffer(Pre->PCH, PreamblePath,
                                              /*RequiresNullTerminator=*/false));
      auto FS = makeIntrusiveRefCnt<vfs::OverlayFileSystem>(vfs::getRealFileSystem());
      FS->pushOverlay(Mem);
      CI.createFileManager(FS);
      PP.ImplicitPCHInclude = PreamblePath;
      PP.PrecompiledPreambleBytes = {unsigned(Pre->Bytes), Pre->EndsAtStartOfLine};
      PP.DisablePCHOrModuleValidation = DisableValidationForModuleKind::PCH;
      PP.UsePredefines = false;
    }
  }
  /// __COUNTER__ where the main file's text starts being read.
  unsigned counter() const { return Pre ? Pre->Counter : 0; }
  bool Ok = false;
  std::vector<std::unique_ptr<MemoryBuffer>> Keep; ///< Remapped files.
  std::optional<CachedPreamble> Pre;               ///< Outlives CI.
  CompilerInstance CI;
};

/// Skips the bodies of the named functions (Sema asks it for every body
/// once FrontendOptions::SkipFunctionBodies is set).
class BodySkipper : public ASTConsumer {
public:
  explicit BodySkipper(const std::vector<std::string> &Names)
      : Names(Names.begin(), Names.end()) {}
  bool shouldSkipFunctionBody(Decl *D) override {
    const auto *FD = dyn_cast<FunctionDecl>(D);
    return FD && Names.count(FD->getName().str());
  }

private:
  std::set<std::string> Names;
};

/// Records where errors are, and prints every diagnostic into a buffer that
/// is shown only if the errors are the program's.
class ErrorRecorder : public DiagnosticConsumer {
public:
  ErrorRecorder(DiagnosticOptions *Opts) : Out(Text), Printer(Out, Opts) {}
  void BeginSourceFile(const LangOptions &LO, const Preprocessor *PP) override {
    Printer.BeginSourceFile(LO, PP);
  }
  void EndSourceFile() override { Printer.EndSourceFile(); }
  void HandleDiagnostic(DiagnosticsEngine::Level L, const Diagnostic &Info) override {
    DiagnosticConsumer::HandleDiagnostic(L, Info);
    if (L >= DiagnosticsEngine::Error)
      Errors.push_back(Info.getLocation());
    Printer.HandleDiagnostic(L, Info);
  }
  std::vector<SourceLocation> Errors;
  std::string Text;
  raw_string_ostream Out;
  TextDiagnosticPrinter Printer;
};

/// After the analysis pass: the header functions whose bodies hold the
/// recorded errors; none when an error lies elsewhere (the program, our
/// headers, a declaration). A program that calls one of them fails in the
/// code pass (reportUndefinedCalls).
class BrokenHeaderFunctions : public ASTConsumer {
public:
  BrokenHeaderFunctions(const ErrorRecorder &Rec, std::vector<std::string> &Names)
      : Rec(Rec), Names(Names) {}
  void HandleTranslationUnit(ASTContext &Ctx) override {
    if (Rec.Errors.empty())
      return;
    const SourceManager &SM = Ctx.getSourceManager();
    std::vector<const FunctionDecl *> Bodies;
    for (const Decl *D : Ctx.getTranslationUnitDecl()->decls())
      if (const auto *FD = dyn_cast<FunctionDecl>(D))
        if (FD->doesThisDeclarationHaveABody())
          Bodies.push_back(FD);
    std::set<std::string> Found;
    for (SourceLocation Loc : Rec.Errors) {
      SourceLocation L = SM.getExpansionLoc(Loc);
      if (L.isInvalid() || SM.isWrittenInMainFile(L) ||
          SM.getFilename(L).starts_with("/virtual/"))
        return; // the program's own error
      const FunctionDecl *In = nullptr;
      for (const FunctionDecl *FD : Bodies) {
        SourceRange R(SM.getExpansionLoc(FD->getBeginLoc()),
                      SM.getExpansionLoc(FD->getEndLoc()));
        if (!SM.isBeforeInTranslationUnit(L, R.getBegin()) &&
            !SM.isBeforeInTranslationUnit(R.getEnd(), L))
          In = FD;
      }
      if (!In || !In->isStatic())
        return;
      Found.insert(In->getName().str());
    }
    Names.assign(Found.begin(), Found.end());
  }

private:
  const ErrorRecorder &Rec;
  std::vector<std::string> &Names; ///< Outlives the consumer.
};

class RewriteAction : public ASTFrontendAction {
public:
  RewriteAction(const RewriteOptions &Opts, RewriteResult &Out,
                const std::vector<std::string> &Skip, unsigned Counter,
                std::vector<std::unique_ptr<ASTConsumer>> Extra = {})
      : Opts(Opts), Out(Out), Skip(Skip), Counter(Counter),
        Extra(std::move(Extra)) {}
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI,
                                                 StringRef) override {
    CI.getPreprocessor().setCounterValue(Counter);
    std::vector<std::unique_ptr<ASTConsumer>> C;
    C.push_back(createBccRewriter(Opts, Out));
    C.push_back(std::make_unique<BodySkipper>(Skip));
    for (auto &E : Extra)
      C.push_back(std::move(E));
    return std::make_unique<MultiplexConsumer>(std::move(C));
  }

private:
  const RewriteOptions &Opts;
  RewriteResult &Out;
  const std::vector<std::string> &Skip;
  unsigned Counter;
  std::vector<std::unique_ptr<ASTConsumer>> Extra;
};

/// Code generation, skipping the bodies the analysis pass dropped.
class CodeAction : public WrapperFrontendAction {
public:
  CodeAction(EmitLLVMOnlyAction *Inner, const std::vector<std::string> &Skip,
             unsigned Counter, std::set<std::string> *Reached,
             const std::vector<std::string> &CoreTreeDirs, CoreAccessReport *Core)
      : WrapperFrontendAction(std::unique_ptr<FrontendAction>(Inner)),
        Inner(Inner), Skip(Skip), Counter(Counter), Reached(Reached),
        CoreTreeDirs(CoreTreeDirs), Core(Core) {}
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI,
                                                 StringRef File) override {
    CI.getPreprocessor().setCounterValue(Counter);
    std::vector<std::unique_ptr<ASTConsumer>> C;
    // --core: records marked before CodeGen sees the functions reading them.
    if (!CoreTreeDirs.empty())
      C.push_back(createCoreAccessMarker(CoreTreeDirs, Core ? *Core : Unused));
    C.push_back(WrapperFrontendAction::CreateASTConsumer(CI, File));
    if (!C.back())
      return nullptr;
    C.push_back(std::make_unique<BodySkipper>(Skip));
    if (Reached)
      C.push_back(createSkippedBodyFinder(*Reached));
    return std::make_unique<MultiplexConsumer>(std::move(C));
  }
  EmitLLVMOnlyAction *Inner;

private:
  const std::vector<std::string> &Skip;
  unsigned Counter;
  std::set<std::string> *Reached; ///< With a cached preamble: what it skipped.
  const std::vector<std::string> &CoreTreeDirs;
  CoreAccessReport *Core;
  CoreAccessReport Unused;
};

Error failed(StringRef What) {
  return createStringError(inconvertibleErrorCode(), "%s", What.str().c_str());
}

/// Reports each call to a function declared but not defined in the module:
/// BPF code can call BPF helpers (function pointers to their numbers),
/// intrinsics, kfuncs (extern __ksym, section .ksyms) and its own functions,
/// nothing else. Returns the number of such calls.
unsigned reportUndefinedCalls(const llvm::Module &M) {
  unsigned N = 0;
  for (const llvm::Function &F : M)
    for (const llvm::BasicBlock &BB : F)
      for (const llvm::Instruction &I : BB) {
        const auto *Call = dyn_cast<llvm::CallBase>(&I);
        if (!Call)
          continue;
        // Implicitly declared functions are called through a mismatching
        // type: look through it.
        const auto *Callee = dyn_cast<llvm::Function>(
            Call->getCalledOperand()->stripPointerCasts());
        // "dontcall-error" (the kernel's compiletime_assert(): a call left
        // in dead code until O2 folds it) is the backend's to report.
        if (!Callee || !Callee->isDeclaration() || Callee->isIntrinsic() ||
            Callee->getSection() == ".ksyms" ||
            Callee->hasFnAttribute("dontcall-error") ||
            Callee->hasFnAttribute("dontcall-warn"))
          continue;
        std::string Where;
        if (const llvm::DebugLoc &DL = Call->getDebugLoc()) {
          const auto *Scope = cast<llvm::DIScope>(DL->getScope());
          // The presumed name: the user's file as given, headers by the
          // path they were found at.
          std::string File = Scope->getFilename().str();
          Where = File + ":" + std::to_string(DL.getLine()) + ":" +
                  std::to_string(DL.getCol()) + ": ";
        }
        errs() << Where << "error: call to undeclared or external function '"
               << Callee->getName() << "' (from '" << F.getName()
               << "'): BPF code can call only BPF helpers and functions the "
                  "program defines\n";
        ++N;
      }
  return N;
}
} // namespace

namespace {
/// Preprocesses the main file and keeps the object-like macros defined at
/// its end, with their replacement text.
class MacroAction : public PreprocessOnlyAction {
public:
  explicit MacroAction(std::vector<std::pair<std::string, std::string>> &Out) : Out(Out) {}
  void ExecuteAction() override {
    Preprocessor &PP = getCompilerInstance().getPreprocessor();
    PP.EnterMainSourceFile();
    Token Tok;
    do
      PP.Lex(Tok);
    while (Tok.isNot(tok::eof));
    for (const auto &[II, State] : PP.macros()) {
      const MacroDirective *MD = State.getLatest();
      const MacroInfo *MI = MD ? MD->getMacroInfo() : nullptr;
      if (!MI || !MD->isDefined() || MI->isFunctionLike())
        continue;
      std::string Text;
      for (const Token &T : MI->tokens())
        Text += (Text.empty() ? "" : " ") + PP.getSpelling(T);
      Out.emplace_back(II->getName().str(), Text);
    }
  }

private:
  std::vector<std::pair<std::string, std::string>> &Out;
};
} // namespace

namespace {
/// Hands the main file's preprocessed tokens to a callback.
/// An AST action, so that clang loads a cached preamble (its preprocessor
/// alone does not), that only lexes.
class MainTokensAction : public ASTFrontendAction {
public:
  MainTokensAction(function_ref<void(StringRef, unsigned)> Fn, unsigned Counter)
      : Fn(Fn), Counter(Counter) {}
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI,
                                                 StringRef) override {
    CI.getPreprocessor().setCounterValue(Counter);
    return std::make_unique<ASTConsumer>();
  }
  void ExecuteAction() override {
    Preprocessor &PP = getCompilerInstance().getPreprocessor();
    SourceManager &SM = PP.getSourceManager();
    PP.EnterMainSourceFile();
    Token Tok;
    while (true) {
      PP.Lex(Tok);
      if (Tok.is(tok::eof))
        break;
      SourceLocation L = SM.getExpansionLoc(Tok.getLocation());
      if (!SM.isWrittenInMainFile(L))
        continue;
      Fn(PP.getSpelling(Tok), SM.getPresumedLoc(L).getLine());
    }
  }

private:
  function_ref<void(StringRef, unsigned)> Fn;
  unsigned Counter;
};
} // namespace

Error forEachMainFileToken(const FrontendInput &In,
                           function_ref<void(StringRef, unsigned)> Fn) {
  // Errors are the analysis pass's to report, once.
  DiagnosticConsumer Quiet;
  Pass P(In, composeMain(In, 1), &Quiet, /*Cached=*/true);
  if (!P.Ok)
    return failed("invalid compiler flags");
  P.CI.getDiagnosticOpts().ShowCarets = false; // "N warnings generated"
  MainTokensAction Action(Fn, P.counter());
  P.CI.ExecuteAction(Action);
  return Error::success();
}

Expected<std::vector<std::pair<std::string, std::string>>>
definedMacros(const FrontendInput &In) {
  std::vector<std::pair<std::string, std::string>> Out;
  Pass P(In, composeMain(In, 1));
  if (!P.Ok)
    return failed("invalid compiler flags");
  MacroAction Action(Out);
  if (!P.CI.ExecuteAction(Action) || P.CI.getDiagnostics().hasErrorOccurred())
    return failed("preprocessing failed");
  return std::move(Out);
}

namespace {
/// Hands the finished AST to a callback; no function body is parsed.
class InspectConsumer : public ASTConsumer {
public:
  explicit InspectConsumer(function_ref<void(ASTContext &)> Fn) : Fn(Fn) {}
  void HandleTranslationUnit(ASTContext &Ctx) override { Fn(Ctx); }
  bool shouldSkipFunctionBody(Decl *) override { return true; }

private:
  function_ref<void(ASTContext &)> Fn;
};

class InspectAction : public ASTFrontendAction {
public:
  explicit InspectAction(function_ref<void(ASTContext &)> Fn) : Fn(Fn) {}
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &,
                                                 StringRef) override {
    return std::make_unique<InspectConsumer>(Fn);
  }

private:
  function_ref<void(ASTContext &)> Fn;
};

} // namespace

Error inspectAST(const FrontendInput &In,
                 function_ref<void(ASTContext &)> Inspect) {
  DiagnosticConsumer Quiet;
  Pass P(In, composeMain(In, 1), In.Verbose ? nullptr : &Quiet);
  if (!P.Ok)
    return failed("invalid compiler flags");
  P.CI.getFrontendOpts().SkipFunctionBodies = true;
  P.CI.getDiagnosticOpts().ShowCarets = In.Verbose; // "N warnings generated"
  InspectAction Action(Inspect);
  if (!P.CI.ExecuteAction(Action))
    return failed("cannot parse " + In.FileName);
  return Error::success();
}

// -v: the kernel-header functions whose bodies a pass needs.
static void noteKept(const FrontendInput &In, const std::set<std::string> &Reached,
                     bool Again) {
  if (!In.Verbose)
    return;
  errs() << "bpf-xcc: header cache: the program uses kernel-header functions "
            "whose bodies the preamble skipped:";
  for (const std::string &N : Reached)
    errs() << " " << N;
  errs() << (Again ? " (again, keeping them and what they call)\n"
                   : " (again, without the cache)\n");
}

Error runAnalysisPass(FrontendInput &In, const RewriteOptions &Opts,
                      RewriteResult &Out) {
  MainText Text = composeMain(In, 1);
  // First attempt: diagnostics buffered until we know whose errors they are,
  // printed with the invocation's options.
  IntrusiveRefCntPtr<DiagnosticOptions> DiagOpts;
  {
    Pass Probe(In, Text);
    if (!Probe.Ok)
      return failed("invalid compiler flags");
    DiagOpts = new DiagnosticOptions(Probe.CI.getDiagnosticOpts());
  }
  std::unique_ptr<ErrorRecorder> Rec;
  std::vector<std::string> BrokenNames;
  bool Ok;
  // A cached preamble compiles only the kernel-header function bodies it was
  // told to keep (PreambleBodies.h): when the program reaches others, the
  // pass runs again with a preamble keeping them and all they call, and
  // once more without the cache should that still not do.
  for (unsigned Round = 0;; ++Round) {
    Rec = std::make_unique<ErrorRecorder>(DiagOpts.get());
    BrokenNames.clear();
    Out = RewriteResult();
    std::set<std::string> Reached;
    std::optional<HeaderCalls> Calls;
    {
      Pass P(In, Text, Rec.get(), /*Cached=*/true);
      P.CI.getDiagnosticOpts().ShowCarets = false; // no "N errors generated" yet
      std::vector<std::unique_ptr<ASTConsumer>> Extra;
      Extra.push_back(std::make_unique<BrokenHeaderFunctions>(*Rec, BrokenNames));
      if (P.Pre)
        Extra.push_back(createSkippedBodyFinder(Reached));
      RewriteAction Action(Opts, Out, In.SkipBodies, P.counter(), std::move(Extra));
      Ok = P.CI.ExecuteAction(Action) && !Out.Failed &&
           !P.CI.getDiagnostics().hasErrorOccurred();
      if (P.Pre) {
        Calls = std::move(P.Pre->Calls); // not used by clang
        // The code pass reads the same entry.
        In.KeepBodies = P.Pre->Kept;
      }
    }
    if (Reached.empty() || !Calls)
      break;
    std::vector<std::string> Keep = bodiesToKeep(*In.KeepBodies, Reached, *Calls);
    bool Again = Keep != *In.KeepBodies && Round < 2;
    noteKept(In, Reached, Again);
    if (Again)
      In.KeepBodies = std::move(Keep);
    else
      In.CacheDir.clear();
  }
  Rec->Out.flush();
  if (!Ok && !Rec->Errors.empty() && !BrokenNames.empty()) {
    // Only header functions the program does not reach are broken: again,
    // without their bodies.
    In.SkipBodies.insert(In.SkipBodies.end(), BrokenNames.begin(),
                         BrokenNames.end());
    Out = RewriteResult();
    Pass P(In, Text);
    RewriteAction Action(Opts, Out, In.SkipBodies, P.counter());
    if (!P.CI.ExecuteAction(Action) || Out.Failed ||
        P.CI.getDiagnostics().hasErrorOccurred())
      return failed("compilation failed");
    if (In.Verbose) {
      errs() << "bpf-xcc: not compiled (kernel-header functions in error that "
                "the program does not use):";
      for (const std::string &N : BrokenNames)
        errs() << " " << N;
      errs() << "\n";
    }
  } else {
    errs() << Rec->Text;
    if (!Ok)
      return failed("compilation failed");
  }
  // The rewritten buffer still holds the prologue and the declarations
  // block (composeMain()): back to the program's own text.
  auto Source = Text.restore(Out.Source);
  if (!Source)
    return Source.takeError();
  Out.Source = std::move(*Source);
  return Error::success();
}

Expected<std::unique_ptr<llvm::Module>> runCodePass(const FrontendInput &In,
                                              LLVMContext &Ctx,
                                              CoreAccessReport *Core) {
  std::set<std::string> Reached;
  std::unique_ptr<llvm::Module> M;
  bool Cached;
  {
    Pass P(In, composeMain(In, 2), nullptr, /*Cached=*/true);
    if (!P.Ok)
      return failed("invalid compiler flags");
    Cached = P.Pre.has_value();
    CodeAction Action(new EmitLLVMOnlyAction(&Ctx), In.SkipBodies, P.counter(),
                      Cached ? &Reached : nullptr, In.CoreTreeDirs, Core);
    if (!P.CI.ExecuteAction(Action) || P.CI.getDiagnostics().hasErrorOccurred())
      return failed("compilation failed");
    M = Action.Inner->takeModule();
  }
  if (Cached && !Reached.empty()) {
    // The rewritten program reaches a body the analysis pass did not (its
    // preamble skipped it): without the cache.
    noteKept(In, Reached, false);
    FrontendInput Full = In;
    Full.CacheDir.clear();
    if (Core)
      *Core = CoreAccessReport();
    return runCodePass(Full, Ctx, Core);
  }
  if (!M)
    return failed("no module generated");
  if (reportUndefinedCalls(*M))
    return failed("compilation failed");
  // Top-level asm statements come from the target architecture's headers
  // (32-bit arm's asm/unified.h: `.syntax unified`) and are that
  // architecture's assembly: the BPF object carries none.
  M->setModuleInlineAsm("");
  return std::move(M);
}

} // namespace bpfxcc
