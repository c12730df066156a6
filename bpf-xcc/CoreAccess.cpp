//===- CoreAccess.cpp - Kernel reads as CO-RE relocations (--core) --------===//
#include "CoreAccess.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"

#include "llvm/ADT/StringSwitch.h"

using namespace clang;
using namespace llvm;

namespace bpfxcc {
namespace {

/// The helpers whose source argument is kernel memory (the _user ones read
/// the process's, which has no BTF).
bool isKernelReadHelper(const CallExpr *CE) {
  const auto *DRE = dyn_cast<DeclRefExpr>(CE->getCallee()->IgnoreParenCasts());
  if (!DRE)
    return false;
  return StringSwitch<bool>(DRE->getDecl()->getName())
      .Cases("bpf_probe_read", "bpf_probe_read_kernel", "bpf_probe_read_str",
             "bpf_probe_read_kernel_str", true)
      .Default(false);
}

class Marker : public RecursiveASTVisitor<Marker> {
public:
  Marker(ASTContext &Ctx, const std::vector<std::string> &TreeDirs,
         CoreAccessReport &Report)
      : Ctx(Ctx), SM(Ctx.getSourceManager()), TreeDirs(TreeDirs), Report(Report) {}

  bool VisitCallExpr(CallExpr *CE) {
    if (CE->getNumArgs() != 3 || !isKernelReadHelper(CE))
      return true;
    if (const Expr *LV = addressedLValue(CE->getArg(2)))
      if (markPath(LV))
        ++Report.Reads;
    return true;
  }

private:
  /// The lvalue whose address \p Src is (`&X`, or an array X decayed), or
  /// null for a pointer value (nothing of it to relocate).
  static const Expr *addressedLValue(const Expr *Src) {
    Src = Src->IgnoreParenCasts();
    if (const auto *UO = dyn_cast<UnaryOperator>(Src))
      return UO->getOpcode() == UO_AddrOf ? UO->getSubExpr() : nullptr;
    if (Src->isGLValue() && Src->getType()->isArrayType())
      return Src;
    return nullptr;
  }

  /// Marks the records from the member \p LV names down to the pointer it
  /// is reached through; true if any was the kernel's.
  bool markPath(const Expr *LV) {
    bool Any = false;
    for (;;) {
      LV = LV->IgnoreParens();
      if (const auto *ME = dyn_cast<MemberExpr>(LV)) {
        if (const auto *FD = dyn_cast<FieldDecl>(ME->getMemberDecl()))
          Any |= mark(FD->getParent());
        if (ME->isArrow())
          return Any;
        LV = ME->getBase();
      } else if (const auto *AS = dyn_cast<ArraySubscriptExpr>(LV)) {
        const auto *Decay = dyn_cast<ImplicitCastExpr>(AS->getBase()->IgnoreParens());
        if (!Decay || Decay->getCastKind() != CK_ArrayToPointerDecay)
          return Any; // a pointer indexed: its target is not a member
        LV = Decay->getSubExpr();
      } else if (const auto *Cast = dyn_cast<CastExpr>(LV);
                 Cast && Cast->getCastKind() == CK_NoOp) {
        LV = Cast->getSubExpr();
      } else {
        return Any;
      }
    }
  }

  bool isKernelRecord(const RecordDecl *RD) const {
    SourceLocation L = SM.getExpansionLoc(RD->getLocation());
    if (L.isInvalid() || SM.isWrittenInMainFile(L))
      return false;
    StringRef File = SM.getFilename(L);
    for (const std::string &Dir : TreeDirs)
      if (File.starts_with(Dir) && File.size() > Dir.size() && File[Dir.size()] == '/')
        return true;
    return false;
  }

  /// Gives \p RD (and the anonymous records nested in it) the attribute.
  bool mark(const RecordDecl *RD) {
    if (!RD || !isKernelRecord(RD))
      return false;
    RecordDecl *Def = const_cast<RecordDecl *>(RD->getDefinition());
    if (!Def)
      return false;
    if (!Def->hasAttr<BPFPreserveAccessIndexAttr>()) {
      Def->addAttr(BPFPreserveAccessIndexAttr::CreateImplicit(Ctx));
      if (Def->getIdentifier())
        Report.Records.insert((Def->getKindName() + " " + Def->getName()).str());
      for (const Decl *D : Def->decls())
        if (const auto *Inner = dyn_cast<RecordDecl>(D);
            Inner && Inner->isAnonymousStructOrUnion())
          mark(Inner);
    }
    return true;
  }

  ASTContext &Ctx;
  SourceManager &SM;
  const std::vector<std::string> &TreeDirs;
  CoreAccessReport &Report;
};

class CoreAccessMarker : public ASTConsumer {
public:
  CoreAccessMarker(std::vector<std::string> TreeDirs, CoreAccessReport &Report)
      : TreeDirs(std::move(TreeDirs)), Report(Report) {}
  void Initialize(ASTContext &C) override { Ctx = &C; }
  // Before CodeGen sees the function (the multiplexer's order): its
  // accesses of the records marked here are emitted preserved.
  bool HandleTopLevelDecl(DeclGroupRef DG) override {
    Marker M(*Ctx, TreeDirs, Report);
    for (Decl *D : DG)
      if (auto *FD = dyn_cast<FunctionDecl>(D); FD && FD->hasBody())
        M.TraverseStmt(FD->getBody());
    return true;
  }

private:
  std::vector<std::string> TreeDirs;
  CoreAccessReport &Report;
  ASTContext *Ctx = nullptr;
};

} // namespace

std::unique_ptr<ASTConsumer>
createCoreAccessMarker(std::vector<std::string> TreeDirs, CoreAccessReport &Report) {
  return std::make_unique<CoreAccessMarker>(std::move(TreeDirs), Report);
}

} // namespace bpfxcc
