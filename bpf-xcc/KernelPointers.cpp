//===- KernelPointers.cpp - Which values of a BCC program are kernel addresses -===//
#include "KernelPointers.h"

#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;
using namespace llvm;

namespace bpfxcc {

using Class = KernelPointerAnalysis::Class;

namespace {

/// The record a pointer type points to, or null.
const RecordDecl *pointeeRecord(QualType T) {
  if (const auto *PT = T->getAs<PointerType>())
    return PT->getPointeeType()->getAsRecordDecl();
  return nullptr;
}

/// Name of the function a call calls directly through a declared name
/// (functions and BCC's helper pointers such as bpf_get_current_task).
StringRef calleeName(const CallExpr *CE) {
  const Expr *Callee = CE->getCallee()->IgnoreParenCasts();
  if (const auto *DRE = dyn_cast<DeclRefExpr>(Callee))
    if (const IdentifierInfo *II = DRE->getDecl()->getIdentifier())
      return II->getName();
  return "";
}

/// Can hold an address: a pointer or an integer (BCC programs keep kernel
/// addresses in u64 too).
bool holdsAddress(QualType T) {
  return T->isPointerType() || T->isIntegerType();
}

} // namespace

/// Classifies the expressions of one function, post-order (operands first).
class KernelPointerWalker : public RecursiveASTVisitor<KernelPointerWalker> {
public:
  KernelPointerWalker(KernelPointerAnalysis &A, const FunctionDecl *FD)
      : A(A), FD(FD) {}

  bool shouldTraversePostOrder() const { return true; }

  // Unevaluated operands (sizeof, alignof, typeof) read nothing.
  bool TraverseUnaryExprOrTypeTraitExpr(UnaryExprOrTypeTraitExpr *) { return true; }
  bool TraverseTypeOfExprTypeLoc(TypeOfExprTypeLoc) { return true; }

  bool VisitVarDecl(VarDecl *VD);
  bool VisitReturnStmt(ReturnStmt *RS);
  bool VisitExpr(Expr *E);

private:
  Class of(const Expr *E) const {
    auto It = A.Classes.find(E->IgnoreParens());
    return It == A.Classes.end() ? Class::None : It->second;
  }
  void set(const Expr *E, Class C) {
    if (C != Class::None)
      A.Classes[E] = C;
  }
  /// Records that whatever \p Target names (a variable, a field) receives a
  /// value of class \p C.
  void assign(const Expr *Target, Class C);
  Class classify(Expr *E);
  Class classifyCall(CallExpr *CE);
  Class classifyContextRead(const Expr *LV, QualType Type);

  KernelPointerAnalysis &A;
  const FunctionDecl *FD;
  DenseSet<const Expr *> Seen;
};

void KernelPointerWalker::assign(const Expr *Target, Class C) {
  unsigned Level;
  if (C == Class::KernelPtr)
    Level = 0;
  else if (C == Class::KernelPtrPtr)
    Level = 1;
  else
    return;
  Target = Target->IgnoreParenImpCasts();
  const ValueDecl *D = nullptr;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(Target))
    D = dyn_cast<VarDecl>(DRE->getDecl());
  else if (const auto *ME = dyn_cast<MemberExpr>(Target))
    if (of(ME) != Class::KernelLValue)
      D = dyn_cast<FieldDecl>(ME->getMemberDecl());
  if (!D)
    return;
  if (Level == 0 ? holdsAddress(D->getType()) : D->getType()->isPointerType())
    A.markDecl(D, Level);
}

bool KernelPointerWalker::VisitVarDecl(VarDecl *VD) {
  if (const Expr *Init = VD->getInit()) {
    Class C = of(Init);
    if (C == Class::KernelPtr && holdsAddress(VD->getType()))
      A.markDecl(VD, 0);
    else if (C == Class::KernelPtrPtr && VD->getType()->isPointerType())
      A.markDecl(VD, 1);
  }
  return true;
}

bool KernelPointerWalker::VisitReturnStmt(ReturnStmt *RS) {
  if (const Expr *V = RS->getRetValue()) {
    Class C = of(V);
    if (C == Class::KernelPtr)
      A.markReturn(FD, 0);
    else if (C == Class::KernelPtrPtr)
      A.markReturn(FD, 1);
  }
  return true;
}

bool KernelPointerWalker::VisitExpr(Expr *E) {
  // Initializer lists are traversed in their syntactic and semantic forms,
  // which share the operands.
  if (!Seen.insert(E).second)
    return true;
  set(E, classify(E));
  return true;
}

// A word read from the probe context: raw tracepoint arguments are kernel
// pointers; elsewhere a pointer-typed field is one and an integer becomes
// one when cast to a pointer.
Class KernelPointerWalker::classifyContextRead(const Expr *LV, QualType Type) {
  const Expr *Root = LV->IgnoreParenImpCasts();
  while (true) {
    if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(Root))
      Root = ASE->getBase()->IgnoreParenImpCasts();
    else if (const auto *ME = dyn_cast<MemberExpr>(Root)) {
      if (ME->isArrow()) {
        Root = ME->getBase()->IgnoreParenImpCasts();
        break;
      }
      Root = ME->getBase()->IgnoreParenImpCasts();
    } else
      break;
  }
  bool RawTp = false;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(Root))
    if (const auto *P = dyn_cast<ParmVarDecl>(DRE->getDecl())) {
      auto It = A.ContextParams.find(P);
      RawTp = It != A.ContextParams.end() && It->second;
    }
  if (Type->isPointerType() || (RawTp && Type->isIntegerType()))
    return Class::KernelPtr;
  return Type->isIntegerType() ? Class::CtxWord : Class::None;
}

Class KernelPointerWalker::classify(Expr *E) {
  if (auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    auto It = A.DeclLevel.find(DRE->getDecl());
    if (It != A.DeclLevel.end())
      return It->second == 0 ? Class::KernelPtr : Class::KernelPtrPtr;
    return Class::None; // the context pointer itself: its fields below
  }
  if (auto *PE = dyn_cast<ParenExpr>(E))
    return of(PE->getSubExpr());

  if (auto *ICE = dyn_cast<ImplicitCastExpr>(E)) {
    Expr *Sub = ICE->getSubExpr();
    Class S = of(Sub);
    switch (ICE->getCastKind()) {
    case CK_LValueToRValue:
      if (S == Class::KernelLValue) {
        A.Reads.insert(Sub->IgnoreParens());
        return E->getType()->isPointerType() ? Class::KernelPtr : Class::None;
      }
      if (S == Class::CtxLValue)
        return classifyContextRead(Sub, E->getType());
      return S == Class::KernelPtr || S == Class::KernelPtrPtr ? S : Class::None;
    case CK_ArrayToPointerDecay:
      if (S == Class::KernelLValue)
        return Class::KernelPtr;
      if (S == Class::CtxLValue)
        return Class::CtxLValue; // ctx->args: still the context
      return Class::None;
    default:
      return S == Class::KernelLValue || S == Class::CtxLValue ? Class::None : S;
    }
  }
  if (auto *CE = dyn_cast<CStyleCastExpr>(E)) {
    Class S = of(CE->getSubExpr());
    if (S == Class::CtxWord)
      return E->getType()->isPointerType() ? Class::KernelPtr : Class::CtxWord;
    return S == Class::KernelPtr || S == Class::KernelPtrPtr ? S : Class::None;
  }
  if (auto *ME = dyn_cast<MemberExpr>(E)) {
    Class B = of(ME->getBase());
    if (ME->isArrow() ? B == Class::KernelPtr : B == Class::KernelLValue)
      return Class::KernelLValue;
    if (!ME->isArrow() && B == Class::CtxLValue)
      return Class::CtxLValue; // ctx->a.b
    // Through a cast too: riscv64's PT_REGS_PARM1(ctx) is
    // ((struct user_regs_struct *)(ctx))->a0 (Arch.cpp).
    if (ME->isArrow() && B == Class::None)
      if (auto *DRE = dyn_cast<DeclRefExpr>(ME->getBase()->IgnoreParenCasts()))
        if (auto *P = dyn_cast<ParmVarDecl>(DRE->getDecl()); P && A.isContextParam(P))
          return Class::CtxLValue; // ctx->regs, args->skaddr
    // A field that was given a kernel pointer (struct values of maps).
    auto It = A.DeclLevel.find(ME->getMemberDecl());
    if (It != A.DeclLevel.end())
      return It->second == 0 ? Class::KernelPtr : Class::KernelPtrPtr;
    return Class::None;
  }
  if (auto *ASE = dyn_cast<ArraySubscriptExpr>(E)) {
    Class B = of(ASE->getBase());
    if (B == Class::KernelPtr)
      return Class::KernelLValue;
    if (B == Class::KernelPtrPtr)
      return Class::KernelPtr;
    if (B == Class::CtxLValue)
      return Class::CtxLValue;
    return Class::None;
  }
  if (auto *UO = dyn_cast<UnaryOperator>(E)) {
    Class S = of(UO->getSubExpr());
    switch (UO->getOpcode()) {
    case UO_Deref:
      if (S == Class::KernelPtr)
        return Class::KernelLValue;
      if (S == Class::KernelPtrPtr)
        return Class::KernelPtr;
      return Class::None;
    case UO_AddrOf:
      if (S == Class::KernelLValue)
        return Class::KernelPtr;
      if (S == Class::KernelPtr)
        return Class::KernelPtrPtr;
      return Class::None;
    case UO_Extension:
      return S;
    default:
      return Class::None;
    }
  }
  if (auto *BO = dyn_cast<BinaryOperator>(E)) {
    Class L = of(BO->getLHS()), R = of(BO->getRHS());
    switch (BO->getOpcode()) {
    case BO_Assign:
      assign(BO->getLHS(), R);
      return R == Class::KernelPtr || R == Class::KernelPtrPtr ? R : Class::None;
    case BO_Comma:
      return R == Class::KernelPtr || R == Class::KernelPtrPtr ? R : Class::None;
    case BO_Add:
    case BO_Sub:
      // Pointer arithmetic keeps the pointer operand's class; integer
      // arithmetic on a kernel address is still one.
      if (E->getType()->isPointerType()) {
        const Expr *Ptr = BO->getLHS()->getType()->isPointerType() ? BO->getLHS()
                                                                    : BO->getRHS();
        Class P = of(Ptr);
        return P == Class::KernelPtr ? P : Class::None;
      }
      if (E->getType()->isIntegerType() &&
          !BO->getLHS()->getType()->isPointerType() &&
          (L == Class::KernelPtr || R == Class::KernelPtr))
        return Class::KernelPtr;
      return Class::None;
    default:
      return Class::None;
    }
  }
  if (auto *CO = dyn_cast<AbstractConditionalOperator>(E)) {
    Class T = of(CO->getTrueExpr()), F = of(CO->getFalseExpr());
    if (T == Class::KernelPtr || F == Class::KernelPtr)
      return Class::KernelPtr;
    if (T == Class::KernelPtrPtr || F == Class::KernelPtrPtr)
      return Class::KernelPtrPtr;
    return Class::None;
  }
  if (auto *SE = dyn_cast<StmtExpr>(E)) {
    // ({ ...; value; }), as in container_of().
    if (const Stmt *Last = SE->getSubStmt()->body_back())
      if (const auto *LE = dyn_cast<Expr>(Last)) {
        Class C = of(LE);
        return C == Class::KernelPtr || C == Class::KernelPtrPtr ? C : Class::None;
      }
    return Class::None;
  }
  if (auto *ILE = dyn_cast<InitListExpr>(E)) {
    // struct x v = { .field = kernel_pointer }: the field holds one.
    if (!ILE->isSemanticForm())
      return Class::None;
    if (const RecordDecl *RD = E->getType()->getAsRecordDecl()) {
      unsigned I = 0;
      for (const FieldDecl *F : RD->fields()) {
        if (I >= ILE->getNumInits())
          break;
        Class C = of(ILE->getInit(I++));
        if (C == Class::KernelPtr && holdsAddress(F->getType()))
          A.markDecl(F, 0);
        else if (C == Class::KernelPtrPtr && F->getType()->isPointerType())
          A.markDecl(F, 1);
      }
    }
    return Class::None;
  }
  if (auto *CE = dyn_cast<CallExpr>(E))
    return classifyCall(CE);
  return Class::None;
}

Class KernelPointerWalker::classifyCall(CallExpr *CE) {
  // BCC map methods: table.update(&k, &v), table.lookup(&k), ...
  if (auto *ME = dyn_cast<MemberExpr>(CE->getCallee()->IgnoreParenImpCasts()))
    if (!ME->isArrow())
      if (auto *DRE = dyn_cast<DeclRefExpr>(ME->getBase()->IgnoreParenImpCasts()))
        if (auto *Map = dyn_cast<VarDecl>(DRE->getDecl()); Map && A.Maps.count(Map)) {
          StringRef Method = ME->getMemberDecl()->getName();
          if ((Method == "update" || Method == "insert") && CE->getNumArgs() == 2 &&
              of(CE->getArg(1)) == Class::KernelPtrPtr)
            A.markMap(Map);
          if ((Method == "lookup" || Method == "lookup_or_init" ||
               Method == "lookup_or_try_init") &&
              A.KernelMaps.count(Map))
            return Class::KernelPtrPtr;
          return Class::None;
        }

  if (calleeName(CE) == "bpf_get_current_task")
    return Class::KernelPtr;

  const FunctionDecl *Callee = CE->getDirectCallee();
  const FunctionDecl *Def = nullptr;
  if (!Callee || !Callee->hasBody(Def) || !Def)
    return Class::None;
  A.addCallee(Def);
  for (unsigned I = 0, N = std::min(CE->getNumArgs(), Def->getNumParams()); I < N; ++I) {
    const ParmVarDecl *P = Def->getParamDecl(I);
    Class C = of(CE->getArg(I));
    if (C == Class::KernelPtr && holdsAddress(P->getType()))
      A.markDecl(P, 0);
    else if (C == Class::KernelPtrPtr && P->getType()->isPointerType())
      A.markDecl(P, 1);
  }
  auto It = A.ReturnLevel.find(Def);
  if (It == A.ReturnLevel.end())
    return Class::None;
  return It->second == 0 ? Class::KernelPtr : Class::KernelPtrPtr;
}

/// Lowers Facts[Key] to Level (a new key counts as lowered); true if it changed.
template <typename KeyT>
static bool lowerLevel(DenseMap<KeyT, unsigned> &Facts, KeyT Key, unsigned Level) {
  auto [It, New] = Facts.try_emplace(Key, Level);
  if (New)
    return true;
  if (Level >= It->second)
    return false;
  It->second = Level;
  return true;
}

void KernelPointerAnalysis::markDecl(const Decl *D, unsigned Level) {
  // Both may reach it (virtiostat: record(vq, sgs) and record(vq, &sg)): a
  // kernel pointer wins, its pointee read with the probe helper is right for
  // BPF memory too, the other way round the verifier refuses.
  if (lowerLevel(DeclLevel, D, Level))
    Changed = true;
}

void KernelPointerAnalysis::markReturn(const FunctionDecl *FD, unsigned Level) {
  if (lowerLevel(ReturnLevel, FD, Level))
    Changed = true;
}

void KernelPointerAnalysis::markMap(const VarDecl *Map) {
  if (KernelMaps.insert(Map).second)
    Changed = true;
}

void KernelPointerAnalysis::addCallee(const FunctionDecl *FD) {
  if (Functions.insert(FD))
    Changed = true;
}

bool KernelPointerAnalysis::isContextParam(const ParmVarDecl *P) const {
  return ContextParams.count(P);
}

void KernelPointerAnalysis::addFunction(const FunctionDecl *FD, bool ProbeArgsAreKernel) {
  Functions.insert(FD);
  if (FD->getNumParams() == 0)
    return;
  const ParmVarDecl *Ctx0 = FD->getParamDecl(0);
  if (const RecordDecl *RD = pointeeRecord(Ctx0->getType())) {
    StringRef Name = RD->getName();
    if (Name == "pt_regs" || Name.starts_with("tracepoint__"))
      ContextParams[Ctx0] = false;
    else if (Name == "bpf_raw_tracepoint_args")
      ContextParams[Ctx0] = true;
  }
  if (ProbeArgsAreKernel)
    for (unsigned I = 1; I < FD->getNumParams(); ++I)
      if (FD->getParamDecl(I)->getType()->isPointerType())
        DeclLevel.try_emplace(FD->getParamDecl(I), 0);
}

void KernelPointerAnalysis::run() {
  // Each round reclassifies every expression with the facts so far; a round
  // that adds no fact (and no function) is the fixed point. Facts only grow
  // and are bounded by the declarations, so this ends.
  do {
    Changed = false;
    Classes.clear();
    Reads.clear();
    for (size_t I = 0; I < Functions.size(); ++I) {
      const FunctionDecl *FD = Functions[I];
      KernelPointerWalker W(*this, FD);
      W.TraverseStmt(const_cast<Stmt *>(FD->getBody()));
    }
  } while (Changed);
}

} // namespace bpfxcc
