//===- PreambleBodies.cpp - Header function bodies of a cached preamble ---===//
#include "PreambleBodies.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/Builtins.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/Preprocessor.h"

#include <algorithm>

using namespace clang;
using namespace llvm;

namespace bpfxcc {

void PreambleRecorder::BeforeExecute(CompilerInstance &CI) {
  SM = &CI.getSourceManager();
  // Every token the parser takes, skipped bodies included (they are lexed
  // and macro-expanded, just not parsed).
  CI.getPreprocessor().setTokenWatcher([this](const Token &T) {
    if (Current && T.is(tok::identifier))
      Current->push_back(T.getIdentifierInfo());
  });
}

void PreambleRecorder::HandleTopLevelDecl(DeclGroupRef) {
  // A function definition is handed over once its body (skipped or not)
  // has been read.
  Current = nullptr;
}

bool PreambleRecorder::shouldSkipFunctionBody(Decl *D) {
  Current = nullptr;
  const auto *FD = dyn_cast<FunctionDecl>(D);
  if (!FD || !SM || !FD->getDeclName().isIdentifier())
    return false;
  // Only what is compiled when used and not otherwise: a header's external
  // definition, or one marked used, is emitted in any case.
  if (FD->getStorageClass() != SC_Static && !FD->isInlineSpecified())
    return false;
  if (FD->hasAttr<UsedAttr>() || FD->hasAttr<ConstructorAttr>() ||
      FD->hasAttr<DestructorAttr>())
    return false;
  // The kernel's headers only: never the program's nor bpf-xcc's own.
  SourceLocation L = SM->getExpansionLoc(FD->getLocation());
  if (L.isInvalid() || SM->isWrittenInMainFile(L) ||
      SM->getFilename(L).starts_with("/virtual/"))
    return false;
  Current = &Bodies[FD->getIdentifier()]; // even one that names nothing
  return !Keep.count(FD->getName().str());
}

void PreambleRecorder::AfterExecute(CompilerInstance &CI) {
  Current = nullptr;
  CI.getPreprocessor().setTokenWatcher(nullptr);
  SourceManager &S = CI.getSourceManager();
  for (auto I = S.fileinfo_begin(), E = S.fileinfo_end(); I != E; ++I) {
    StringRef Name = I->first.getName();
    if (Name != Main && !Name.starts_with("/virtual/"))
      Deps.push_back(Name.str());
  }
  std::sort(Deps.begin(), Deps.end());
  Counter = CI.getPreprocessor().getCounterValue();
  for (auto &[Fn, Ids] : Bodies) {
    Functions.Names.insert(Fn->getName().str());
    std::sort(Ids.begin(), Ids.end());
    Ids.erase(std::unique(Ids.begin(), Ids.end()), Ids.end());
    std::vector<std::string> Callees;
    for (const IdentifierInfo *Id : Ids)
      if (Id != Fn && Bodies.count(Id))
        Callees.push_back(Id->getName().str());
    std::sort(Callees.begin(), Callees.end());
    if (!Callees.empty())
      Functions.Calls[Fn->getName().str()] = std::move(Callees);
  }
  Bodies.clear();
}

std::string HeaderFunctions::format() const {
  std::string Text;
  for (const std::string &N : Names)
    Text += "fn " + N + "\n";
  for (const auto &[Fn, Callees] : Calls) {
    Text += "calls " + Fn;
    for (const std::string &C : Callees)
      Text += " " + C;
    Text += "\n";
  }
  return Text;
}

std::optional<HeaderFunctions> HeaderFunctions::parse(StringRef Text) {
  HeaderFunctions F;
  SmallVector<StringRef, 0> Lines;
  Text.split(Lines, '\n', -1, /*KeepEmpty=*/false);
  for (StringRef L : Lines) {
    if (L.consume_front("fn ")) {
      if (L.empty() || L.contains(' '))
        return std::nullopt;
      F.Names.insert(L.str());
      continue;
    }
    if (!L.consume_front("calls "))
      return std::nullopt;
    SmallVector<StringRef, 8> W;
    L.split(W, ' ', -1, /*KeepEmpty=*/false);
    if (W.size() < 2)
      return std::nullopt;
    auto &Callees = F.Calls[W[0].str()];
    for (StringRef C : ArrayRef<StringRef>(W).drop_front())
      Callees.push_back(C.str());
  }
  return F;
}

std::set<std::string> identifiersIn(StringRef Text) {
  std::set<std::string> Ids;
  LangOptions LO;
  Lexer L(SourceLocation(), LO, Text.begin(), Text.begin(), Text.end());
  Token T;
  while (true) {
    L.LexFromRawLexer(T);
    if (T.is(tok::eof))
      break;
    if (T.is(tok::raw_identifier))
      Ids.insert(T.getRawIdentifier().str());
  }
  return Ids;
}

namespace {
/// A label or a case in \p S: code generation keeps a dead branch holding
/// one (CodeGenFunction::ContainsLabel; any case counts here).
bool containsLabel(const Stmt *S) {
  if (!S)
    return false;
  if (isa<LabelStmt>(S) || isa<SwitchCase>(S))
    return true;
  for (const Stmt *C : S->children())
    if (containsLabel(C))
      return true;
  return false;
}

/// Walks the main file's declarations and the bodies of the functions they
/// reach, noting the reached functions whose bodies were skipped. What code
/// generation never emits is not walked, as clang's CodeGen decides it: the
/// operands of sizeof, typeof and __builtin_constant_p, the arm of a `?:`,
/// `&&`, `||` or `if` that a condition folding to an integer leaves dead
/// (CodeGenFunction::ConstantFoldsToSimpleInteger), the unchosen operands of
/// __builtin_choose_expr and _Generic. So roundup_pow_of_two(1024) in a map
/// definition reaches no function.
class ReachVisitor : public RecursiveASTVisitor<ReachVisitor> {
  using Base = RecursiveASTVisitor<ReachVisitor>;

public:
  ReachVisitor(const ASTContext &Ctx, std::set<std::string> &Out)
      : Ctx(Ctx), Out(Out) {}
  bool VisitDeclRefExpr(DeclRefExpr *E) {
    if (const auto *FD = dyn_cast<FunctionDecl>(E->getDecl()))
      reach(FD);
    return true;
  }
  void reach(const FunctionDecl *FD) {
    if (!Seen.insert(FD->getCanonicalDecl()).second)
      return;
    for (const FunctionDecl *R : FD->redecls())
      if (R->hasSkippedBody()) {
        if (R->getDeclName().isIdentifier())
          Out.insert(R->getName().str());
        return;
      }
    const FunctionDecl *Def = nullptr;
    if (FD->hasBody(Def) && Def->getBody())
      TraverseStmt(Def->getBody());
  }

  bool TraverseUnaryExprOrTypeTraitExpr(UnaryExprOrTypeTraitExpr *E) {
    // sizeof of a variable-length array evaluates its bound.
    if (E->isArgumentType() ? E->getArgumentType()->isVariablyModifiedType()
                            : E->getArgumentExpr()->getType()->isVariablyModifiedType())
      return Base::TraverseUnaryExprOrTypeTraitExpr(E);
    return true;
  }
  bool TraverseTypeOfExprTypeLoc(TypeOfExprTypeLoc) { return true; }
  bool TraverseCallExpr(CallExpr *E) {
    if (E->getBuiltinCallee() == Builtin::BI__builtin_constant_p)
      return true;
    return Base::TraverseCallExpr(E);
  }
  bool TraverseChooseExpr(ChooseExpr *E) {
    return E->isConditionDependent() ? Base::TraverseChooseExpr(E)
                                     : TraverseStmt(E->getChosenSubExpr());
  }
  bool TraverseGenericSelectionExpr(GenericSelectionExpr *E) {
    return E->isResultDependent() ? Base::TraverseGenericSelectionExpr(E)
                                  : TraverseStmt(E->getResultExpr());
  }
  bool TraverseConditionalOperator(ConditionalOperator *E) {
    bool C;
    if (folds(E->getCond(), C)) {
      Expr *Live = C ? E->getTrueExpr() : E->getFalseExpr();
      Expr *Dead = C ? E->getFalseExpr() : E->getTrueExpr();
      if (!containsLabel(Dead))
        return TraverseStmt(Live);
    }
    return Base::TraverseConditionalOperator(E);
  }
  bool TraverseBinaryOperator(BinaryOperator *E) {
    bool C;
    if ((E->getOpcode() == BO_LAnd || E->getOpcode() == BO_LOr) &&
        folds(E->getLHS(), C)) {
      bool RhsDead = E->getOpcode() == BO_LAnd ? !C : C;
      if (RhsDead && !containsLabel(E->getRHS()))
        return true;
      return TraverseStmt(E->getRHS());
    }
    return Base::TraverseBinaryOperator(E);
  }
  bool TraverseIfStmt(IfStmt *S) {
    bool C;
    if (!S->getInit() && !S->getConditionVariable() && folds(S->getCond(), C)) {
      Stmt *Live = C ? S->getThen() : S->getElse();
      Stmt *Dead = C ? S->getElse() : S->getThen();
      if (!containsLabel(Dead))
        return !Live || TraverseStmt(Live);
    }
    return Base::TraverseIfStmt(S);
  }

private:
  /// \p E folds to an integer (it then emits no code) and holds no label.
  bool folds(const Expr *E, bool &Value) const {
    Expr::EvalResult R;
    if (E->isValueDependent() || !E->EvaluateAsInt(R, Ctx) || containsLabel(E))
      return false;
    Value = R.Val.getInt().getBoolValue();
    return true;
  }

  const ASTContext &Ctx;
  std::set<std::string> &Out;
  std::set<const FunctionDecl *> Seen;
};

class SkippedBodyFinder : public ASTConsumer {
public:
  explicit SkippedBodyFinder(std::set<std::string> &Out) : Out(Out) {}
  void Initialize(ASTContext &Ctx) override { SM = &Ctx.getSourceManager(); }
  // The main file's declarations: those of the precompiled preamble are not
  // handed over (and are not all read, which a walk of the translation unit
  // would do); those of headers read after the preamble count only where
  // the program reaches them.
  bool HandleTopLevelDecl(DeclGroupRef DG) override {
    for (Decl *D : DG)
      if (SM->isWrittenInMainFile(SM->getExpansionLoc(D->getLocation())))
        Decls.push_back(D);
    return true;
  }
  void HandleTranslationUnit(ASTContext &Ctx) override {
    ReachVisitor V(Ctx, Out);
    for (Decl *D : Decls) {
      if (const auto *FD = dyn_cast<FunctionDecl>(D))
        V.reach(FD); // its own body, or its skipped one
      else
        V.TraverseDecl(D);
    }
  }

private:
  std::set<std::string> &Out;
  const SourceManager *SM = nullptr;
  std::vector<Decl *> Decls;
};
} // namespace

std::unique_ptr<ASTConsumer> createSkippedBodyFinder(std::set<std::string> &Out) {
  return std::make_unique<SkippedBodyFinder>(Out);
}

std::vector<std::string> bodiesToKeep(const std::vector<std::string> &Keep,
                                      const std::set<std::string> &Reached,
                                      const HeaderCalls &Calls) {
  std::set<std::string> All(Keep.begin(), Keep.end());
  std::vector<std::string> Work(Reached.begin(), Reached.end());
  while (!Work.empty()) {
    std::string Fn = std::move(Work.back());
    Work.pop_back();
    if (!All.insert(Fn).second)
      continue;
    auto It = Calls.find(Fn);
    if (It != Calls.end())
      Work.insert(Work.end(), It->second.begin(), It->second.end());
  }
  return std::vector<std::string>(All.begin(), All.end());
}

std::vector<std::string> bodiesNamed(const std::set<std::string> &Named,
                                     const HeaderFunctions &F,
                                     std::set<std::string> *Direct) {
  std::set<std::string> Found;
  for (const std::string &N : Named)
    if (F.Names.count(N))
      Found.insert(N);
  std::vector<std::string> Keep = bodiesToKeep({}, Found, F.Calls);
  if (Direct)
    *Direct = std::move(Found);
  return Keep;
}

} // namespace bpfxcc
