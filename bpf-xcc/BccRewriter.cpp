//===- BccRewriter.cpp - BCC program syntax to plain C --------------------===//
#include "BccRewriter.h"
#include "KernelPointers.h"
#include "MapMethods.h"
#include "MapTypeJson.h"
#include "PacketRewrite.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSwitch.h"

using namespace clang;
using namespace llvm;

namespace bpfxcc {
namespace {

/// BPF_MAP_TYPE_* of a BCC map kind; "" when unknown.
std::string mapTypeOf(StringRef Kind, QualType Key) {
  // As BCC 0.26: a histogram is an array only when its key is `int`
  // (BPF_HIST1's default, or a typedef of it); any other key makes it a hash.
  if (Kind == "histogram")
    return !Key.isNull() && Key->isSpecificBuiltinType(BuiltinType::Int)
               ? "BPF_MAP_TYPE_ARRAY"
               : "BPF_MAP_TYPE_HASH";
  StringRef T = StringSwitch<StringRef>(Kind)
                    .Case("hash", "HASH")
                    .Case("array", "ARRAY")
                    .Case("percpu_hash", "PERCPU_HASH")
                    .Case("percpu_array", "PERCPU_ARRAY")
                    .Case("lru_hash", "LRU_HASH")
                    .Case("lru_percpu_hash", "LRU_PERCPU_HASH")
                    .Case("perf_output", "PERF_EVENT_ARRAY")
                    .Case("perf_event", "PERF_EVENT_ARRAY")
                    .Case("perf_array", "PERF_EVENT_ARRAY")
                    .Case("stacktrace", "STACK_TRACE")
                    .Case("prog", "PROG_ARRAY")
                    .Case("cgroup_array", "CGROUP_ARRAY")
                    .Case("ringbuf", "RINGBUF")
                    .Case("queue", "QUEUE")
                    .Case("stack", "STACK")
                    .Case("lpm_trie", "LPM_TRIE")
                    .Case("devmap", "DEVMAP")
                    .Case("cpumap", "CPUMAP")
                    .Case("xskmap", "XSKMAP")
                    .Case("sockmap", "SOCKMAP")
                    .Case("sockhash", "SOCKHASH")
                    .Case("array_of_maps", "ARRAY_OF_MAPS")
                    .Case("hash_of_maps", "HASH_OF_MAPS")
                    .Case("sk_storage", "SK_STORAGE")
                    .Case("inode_storage", "INODE_STORAGE")
                    .Case("task_storage", "TASK_STORAGE")
                    .Case("cgroup_storage", "CGROUP_STORAGE")
                    .Case("percpu_cgroup_storage", "PERCPU_CGROUP_STORAGE")
                    .Default("");
  return T.empty() ? "" : ("BPF_MAP_TYPE_" + T).str();
}

struct MapDecl {
  MapInfo Info;
  QualType Key, Leaf;
  /// Perf maps: the type of the events perf_submit() sends, as spelled at
  /// file scope ("struct data_t"); empty if unknown or not nameable there.
  std::string EventType;
};

/// The file-scope spelling of what Data (perf_submit's data argument, or a
/// ring buffer record's) points to, or "" where that type has no name at file scope.
static std::string submittedType(ASTContext &Ctx, const Expr *Data) {
  QualType Pointee = Data->IgnoreParenImpCasts()->getType()->getPointeeType();
  if (Pointee.isNull())
    return "";
  const RecordDecl *RD = Pointee->getAsRecordDecl();
  if (!RD || !RD->getDeclContext()->isFileContext())
    return "";
  if (const auto *TT = Pointee->getAs<TypedefType>())
    if (!TT->getDecl()->getDeclContext()->isFileContext())
      return "";
  if (!RD->getIdentifier() && !Pointee->getAs<TypedefType>())
    return "";
  return Pointee.getUnqualifiedType().getAsString(Ctx.getPrintingPolicy());
}

/// As BCC: the fields of the struct \p Data points to become the event
/// fields of the map it is sent through (the last such call wins).
static void recordEventFields(MapDecl &MD, const Expr *Data) {
  std::vector<std::string> Fields =
      bccEventFields(Data->IgnoreCasts()->getType()->getPointeeType());
  if (!Fields.empty())
    MD.Info.EventFields = std::move(Fields);
}

/// Records for bpf-run in section .bpfd.meta (see bpf-run/ObjectInfo.h): the
/// event type of each perf or ringbuf map, and which maps are BCC histograms.
static std::string presentationRecords(const std::vector<std::unique_ptr<MapDecl>> &Maps) {
  std::string Out;
  const char *Attr = " __attribute__((section(\".bpfd.meta\"), used));\n";
  for (const auto &MD : Maps) {
    if (!MD->EventType.empty())
      Out += MD->EventType + " *__bpfd_event_" + MD->Info.Name + Attr;
    if (MD->Info.Kind == "histogram")
      Out += "int __bpfd_log2hist_" + MD->Info.Name + Attr;
  }
  return Out.empty() ? Out : "\n" + Out;
}

/// Rewrites one function's text: map method calls, kprobe parameters, and
/// the kernel reads the analysis found.
class FunctionRewriter : public RecursiveASTVisitor<FunctionRewriter> {
public:
  FunctionRewriter(ASTContext &Ctx, Rewriter &R, const RewriteOptions &Opts,
                   const DenseMap<const VarDecl *, MapDecl *> &Maps,
                   const KernelPointerAnalysis &KP, bool &Failed)
      : Ctx(Ctx), SM(Ctx.getSourceManager()), LO(Ctx.getLangOpts()), R(R),
        Opts(Opts), Maps(Maps), KP(KP), Failed(Failed) {}

  // Post-order: operands are rewritten before the expressions holding them,
  // whose new text then takes the operands' new text.
  bool shouldTraversePostOrder() const { return true; }

  void run(FunctionDecl *FD, bool IsProbe);

  // Unevaluated operands (sizeof, typeof, alignof) keep their text.
  bool TraverseUnaryExprOrTypeTraitExpr(UnaryExprOrTypeTraitExpr *E) {
    return true;
  }
  bool TraverseTypeOfExprTypeLoc(TypeOfExprTypeLoc) { return true; }

  bool VisitExpr(Expr *E);

private:
  void rewriteRead(Expr *LV);
  void rewriteMapCall(CallExpr *CE);
  void rewriteProbeParams(FunctionDecl *FD);
  bool rewritePacketRead(ImplicitCastExpr *E);
  void rewritePacketWrite(BinaryOperator *BO);
  void refusePacketIncrement(UnaryOperator *UO);
  void rewriteChecksumCall(CallExpr *CE);
  bool packetContext(SourceLocation Loc);

  std::optional<CharSourceRange> fileRange(SourceRange SR) const {
    CharSourceRange CR =
        Lexer::makeFileCharRange(CharSourceRange::getTokenRange(SR), SM, LO);
    if (CR.isInvalid() || !SM.isInMainFile(CR.getBegin()))
      return std::nullopt;
    return CR;
  }
  std::string original(CharSourceRange CR) const {
    return Lexer::getSourceText(CR, SM, LO).str();
  }
  std::string current(CharSourceRange CR) const {
    return R.getRewrittenText(CR);
  }
  void error(SourceLocation Loc, StringRef Msg) {
    DiagnosticsEngine &D = Ctx.getDiagnostics();
    D.Report(Loc, D.getCustomDiagID(DiagnosticsEngine::Error, "%0")) << Msg;
    Failed = true;
  }

  ASTContext &Ctx;
  SourceManager &SM;
  const LangOptions &LO;
  Rewriter &R;
  const RewriteOptions &Opts;
  const DenseMap<const VarDecl *, MapDecl *> &Maps;
  const KernelPointerAnalysis &KP;
  bool &Failed;
  /// Initializer lists are traversed in both forms, which share operands:
  /// each expression is rewritten once.
  DenseSet<const Expr *> Seen;
  /// The function being rewritten: packet fields are read from the packet
  /// of its first parameter.
  const FunctionDecl *Fn = nullptr;
};

// As BCC: the packet helpers take the function's first parameter.
bool FunctionRewriter::packetContext(SourceLocation Loc) {
  if (Fn->getNumParams() > 0 && !Fn->getParamDecl(0)->getName().empty())
    return true;
  error(Loc, "packet header field in '" + Fn->getName().str() +
                 "', which has no named first parameter to read the packet from");
  return false;
}

// VAR->FIELD used as a value: bpf_dext_pkt(CTX, (u64)VAR+BYTE, BIT, WIDTH).
bool FunctionRewriter::rewritePacketRead(ImplicitCastExpr *E) {
  if (E->getCastKind() != CK_LValueToRValue)
    return false;
  auto F = packetField(Ctx, E->getSubExpr());
  if (!F)
    return false;
  auto CR = fileRange(E->getSourceRange());
  if (!CR) {
    error(E->getBeginLoc(), "packet header field '" + F->Field->getName().str() +
                                "' inside a macro body cannot be rewritten");
    return true;
  }
  if (packetContext(E->getBeginLoc()))
    R.ReplaceText(*CR, packetReadCall(*F, Fn->getParamDecl(0)->getName()));
  return true;
}

// VAR->FIELD = V  -> bpf_dins_pkt(CTX, (u64)VAR+BYTE, BIT, WIDTH, V);
// VAR->FIELD op= V -> the same with bpf_dext_pkt(...) op (V) (BCC 0.26 stores
// V alone there, a bug not kept).
void FunctionRewriter::rewritePacketWrite(BinaryOperator *BO) {
  if (!BO->isAssignmentOp())
    return;
  auto F = packetField(Ctx, BO->getLHS());
  if (!F)
    return;
  auto Lhs = fileRange(BO->getLHS()->getSourceRange());
  auto Rhs = fileRange(BO->getRHS()->getSourceRange());
  auto Whole = fileRange(BO->getSourceRange());
  if (!Lhs || !Rhs || !Whole) {
    error(BO->getBeginLoc(), "assignment to packet header field '" +
                                 F->Field->getName().str() +
                                 "' inside a macro body cannot be rewritten");
    return;
  }
  if (!packetContext(BO->getBeginLoc()))
    return;
  StringRef CtxName = Fn->getParamDecl(0)->getName();
  std::string Text = packetWritePrefix(*F, CtxName);
  std::string Tail = ")";
  if (BO->isCompoundAssignmentOp()) {
    Text += packetReadCall(*F, CtxName) + " " +
            BinaryOperator::getOpcodeStr(
                BinaryOperator::getOpForCompoundAssignment(BO->getOpcode()))
                .str() +
            " (";
    Tail = "))";
  }
  // From the field to the value: "ip->ttl -= " (blanks included).
  R.ReplaceText(CharSourceRange::getCharRange(Lhs->getBegin(), Rhs->getBegin()), Text);
  R.InsertText(Whole->getEnd(), Tail, /*InsertAfter=*/true);
}

// BCC's incr_cksum_l3(&ip->hchecksum, old, new) and incr_cksum_l4(&..., old,
// new, pseudo): the address of a packet field is its offset, the width is
// sizeof(new), as BCC's frontend rewrites them.
void FunctionRewriter::rewriteChecksumCall(CallExpr *CE) {
  const FunctionDecl *Callee = CE->getDirectCallee();
  if (!Callee)
    return;
  StringRef Name = Callee->getName();
  bool L3 = Name == "incr_cksum_l3";
  if (!L3 && Name != "incr_cksum_l4")
    return;
  unsigned Want = L3 ? 3 : 4;
  auto CR = fileRange(CE->getSourceRange());
  if (CE->getNumArgs() != Want || !CR) {
    error(CE->getBeginLoc(), Name.str() + " takes " + std::to_string(Want) +
                                 " arguments outside a macro body");
    return;
  }
  std::vector<std::string> Args;
  for (const Expr *A : CE->arguments()) {
    auto AR = fileRange(A->getSourceRange());
    if (!AR) {
      error(A->getBeginLoc(), "argument of " + Name.str() + " cannot be rewritten");
      return;
    }
    Args.push_back(current(*AR));
  }
  if (!packetContext(CE->getBeginLoc()))
    return;
  std::string Ctx0 = Fn->getParamDecl(0)->getName().str();
  std::string Text = (L3 ? "bpf_l3_csum_replace_(" : "bpf_l4_csum_replace_(") +
                     Ctx0 + ", (u64)(" + Args[0] + "), " + Args[1] + ", " + Args[2] +
                     ", ";
  if (L3)
    Text += "sizeof(" + Args[2] + "))";
  else
    Text += "(((" + Args[3] + ") & 0x1) << 4) | sizeof(" + Args[2] + "))";
  R.ReplaceText(*CR, Text);
}

// ++/-- would store through the offset as an address; BCC leaves them and
// the kernel refuses the program, so say so here.
void FunctionRewriter::refusePacketIncrement(UnaryOperator *UO) {
  if (!UO->isIncrementDecrementOp())
    return;
  if (auto F = packetField(Ctx, UO->getSubExpr()))
    error(UO->getBeginLoc(),
          "increment or decrement of packet header field '" +
              F->Field->getName().str() + "': write " + F->Base->getName().str() +
              "->" + F->Field->getName().str() + " = " + F->Base->getName().str() +
              "->" + F->Field->getName().str() + " + 1 (or - 1)");
}

// lvalue in kernel memory, used as a value: read it with the probe helper.
void FunctionRewriter::rewriteRead(Expr *LV) {
  if (auto *ME = dyn_cast<MemberExpr>(LV))
    if (auto *FD = dyn_cast<FieldDecl>(ME->getMemberDecl()))
      if (FD->isBitField())
        return; // cannot take its address; left as written
  auto CR = fileRange(LV->getSourceRange());
  if (!CR)
    return; // inside a macro body: left as written
  std::string Text = "({ __typeof__(" + original(*CR) +
                     ") _val; __builtin_memset(&_val, 0, sizeof(_val)); " +
                     Opts.ProbeRead + "(&_val, sizeof(_val), (void *)&(" +
                     current(*CR) + ")); _val; })";
  R.ReplaceText(*CR, Text);
}

void FunctionRewriter::rewriteMapCall(CallExpr *CE) {
  auto *ME = dyn_cast<MemberExpr>(CE->getCallee()->IgnoreParenImpCasts());
  if (!ME || ME->isArrow())
    return;
  auto *DRE = dyn_cast<DeclRefExpr>(ME->getBase()->IgnoreParenImpCasts());
  if (!DRE)
    return;
  auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
  auto It = VD ? Maps.find(VD) : Maps.end();
  if (It == Maps.end())
    return;
  const MapDecl &Map = *It->second;
  StringRef Method = ME->getMemberDecl()->getName();
  auto CR = fileRange(CE->getSourceRange());
  if (!CR) {
    error(CE->getBeginLoc(), ("call of " + Map.Info.Name + "." + Method +
                              "() inside a macro cannot be rewritten")
                                 .str());
    return;
  }
  std::vector<std::string> Args;
  for (Expr *A : CE->arguments()) {
    auto AR = fileRange(A->getSourceRange());
    if (!AR) {
      error(A->getBeginLoc(), "argument of a map method call cannot be rewritten");
      return;
    }
    Args.push_back(current(*AR));
  }
  const MapMethod *MM = findMapMethod(Method);
  if (!MM) {
    error(CE->getBeginLoc(), ("map method '" + Method + "' is not supported by bpf-xcc").str());
    return;
  }
  if (Args.size() < MM->MinArgs || Args.size() > MM->MaxArgs) {
    error(CE->getBeginLoc(), (Map.Info.Name + "." + Method + "() takes " +
                              std::to_string(MM->MinArgs) +
                              (MM->MinArgs == MM->MaxArgs ? "" : "-" + std::to_string(MM->MaxArgs)) +
                              " arguments")
                                 .str());
    return;
  }
  if (MM->EventArg >= 0) {
    const Expr *Event = CE->getArg(unsigned(MM->EventArg));
    if (It->second->EventType.empty())
      It->second->EventType = submittedType(Ctx, Event);
    recordEventFields(*It->second, Event);
  }
  std::string Text = MM->text(MapCall(Map.Info, Method, Args));
  R.ReplaceText(*CR, Text);
}

bool FunctionRewriter::VisitExpr(Expr *E) {
  if (!Seen.insert(E).second)
    return true;
  if (auto *IC = dyn_cast<ImplicitCastExpr>(E))
    if (rewritePacketRead(IC))
      return true;
  if (auto *BO = dyn_cast<BinaryOperator>(E))
    rewritePacketWrite(BO);
  if (auto *UO = dyn_cast<UnaryOperator>(E))
    refusePacketIncrement(UO);
  if (KP.isKernelRead(E))
    rewriteRead(E);
  if (auto *CE = dyn_cast<CallExpr>(E)) {
    rewriteMapCall(CE);
    rewriteChecksumCall(CE);
  }
  return true;
}

const RecordDecl *pointeeRecord(QualType T) {
  if (const auto *PT = T->getAs<PointerType>())
    return PT->getPointeeType()->getAsRecordDecl();
  return nullptr;
}

// int kprobe__f(struct pt_regs *ctx, T1 a, T2 b) { ... }
//   -> int kprobe__f(struct pt_regs *ctx) { T1 a = (...)ctx->REG1; ... }
void FunctionRewriter::rewriteProbeParams(FunctionDecl *FD) {
  unsigned N = FD->getNumParams();
  const ParmVarDecl *Ctx0 = FD->getParamDecl(0);
  const ArchInfo &A = *Opts.Arch;
  bool Syscall = FD->getName().starts_with("syscall__") && Opts.SyscallWrappers;
  ArrayRef<const char *> Regs = Syscall ? A.SyscallRegs : A.ArgRegs;
  if (N - 1 > Regs.size()) {
    error(FD->getParamDecl(Regs.size() + 1)->getLocation(),
          "probe functions take at most " + std::to_string(Regs.size()) +
              " arguments after the context on " + A.Name.str());
    return;
  }
  auto Sig = fileRange(SourceRange(Ctx0->getEndLoc(), FD->getParamDecl(N - 1)->getEndLoc()));
  auto *Body = dyn_cast<CompoundStmt>(FD->getBody());
  if (!Sig || !Body || Body->getLBracLoc().isMacroID()) {
    error(FD->getLocation(), "probe function signature inside a macro cannot be rewritten");
    return;
  }
  std::string Ctx = Ctx0->getName().str();
  std::string Decls;
  for (unsigned I = 1; I < N; ++I) {
    const ParmVarDecl *P = FD->getParamDecl(I);
    auto PR = fileRange(P->getSourceRange());
    if (!PR || P->getName().empty()) {
      error(P->getLocation(), "probe function parameter cannot be rewritten");
      return;
    }
    std::string Name = P->getName().str();
    // BCC 0.28 on ("rewriter: Init only the requested parameters"): a
    // parameter the body does not use is not read. One it only names in an
    // unevaluated operand (sizeof, typeof) is declared unread (BCC declares
    // none: its text then fails to compile).
    if (Opts.Bcc.has(BccFeature::ProbeParamsOnUse) && !P->isUsed()) {
      if (P->isReferenced())
        Decls += " " + original(*PR) + ";";
      continue;
    }
    Decls += " " + original(*PR) + " = ";
    if (Syscall)
      Decls += "({ u64 __v = 0; " + Opts.ProbeRead +
               "(&__v, sizeof(__v), &((struct pt_regs *)" + Ctx + "->" +
               A.ArgRegs[0] + ")->" + Regs[I - 1] + "); (__typeof__(" + Name +
               "))__v; });";
    else
      Decls += "(__typeof__(" + Name + "))" + Ctx + "->" + Regs[I - 1] + ";";
  }
  // Keep the text after the context parameter's name: drop ", T1 a, T2 b".
  SourceLocation After = Lexer::getLocForEndOfToken(Ctx0->getEndLoc(), 0, SM, LO);
  R.RemoveText(CharSourceRange::getCharRange(After, Sig->getEnd()));
  R.InsertTextAfterToken(Body->getLBracLoc(), Decls);
}

void FunctionRewriter::run(FunctionDecl *FD, bool IsProbe) {
  Fn = FD;
  if (IsProbe && FD->getNumParams() > 0) {
    const RecordDecl *RD = pointeeRecord(FD->getParamDecl(0)->getType());
    StringRef Ctx = RD ? RD->getName() : "";
    if (Ctx == "pt_regs" && FD->getNumParams() > 1 &&
        !FD->getName().starts_with("kretprobe__"))
      rewriteProbeParams(FD);
  }
  TraverseStmt(FD->getBody());
}

class BccRewriteConsumer : public ASTConsumer {
public:
  BccRewriteConsumer(const RewriteOptions &Opts, RewriteResult &Out)
      : Opts(Opts), Out(Out) {}

  void HandleTranslationUnit(ASTContext &Ctx) override;

private:
  const RewriteOptions &Opts;
  RewriteResult &Out;
};

void BccRewriteConsumer::HandleTranslationUnit(ASTContext &Ctx) {
  SourceManager &SM = Ctx.getSourceManager();
  DiagnosticsEngine &Diags = Ctx.getDiagnostics();
  if (Diags.hasErrorOccurred()) {
    Out.Failed = true;
    return;
  }
  Rewriter R(SM, Ctx.getLangOpts());
  std::vector<std::unique_ptr<MapDecl>> MapStore;
  DenseMap<const VarDecl *, MapDecl *> Maps;
  std::vector<FunctionDecl *> Functions;

  // The program's own declarations: a cached preamble holds directives and
  // headers only (Frontend.cpp), and its declarations are not loaded.
  for (Decl *D : Ctx.getTranslationUnitDecl()->noload_decls()) {
    if (auto *VD = dyn_cast<VarDecl>(D)) {
      const auto *SA = VD->getAttr<SectionAttr>();
      StringRef Kind;
      if (!SA || !(Kind = SA->getName()).consume_front("maps/"))
        continue;
      // As BCC: "KIND:PIN_PATH" (a pinned table; the path is not pinned
      // by bpf-xcc's objects) and "KIND$INNER" (a map of maps and the name
      // of its inner map).
      StringRef Inner;
      Kind = Kind.split(':').first;
      std::tie(Kind, Inner) = Kind.split('$');
      auto MD = std::make_unique<MapDecl>();
      MD->Info.Name = VD->getName().str();
      MD->Info.Kind = Kind.str();
      if (const RecordDecl *RD = VD->getType()->getAsRecordDecl())
        for (const FieldDecl *F : RD->fields()) {
          if (F->getName() == "key") MD->Key = F->getType();
          if (F->getName() == "leaf") MD->Leaf = F->getType();
        }
      MD->Info.MapType = mapTypeOf(Kind, MD->Key);
      if (!MD->Key.isNull())
        MD->Info.KeyDesc = bccTypeJson(Ctx, MD->Key);
      if (!MD->Leaf.isNull())
        MD->Info.LeafDesc = bccTypeJson(Ctx, MD->Leaf);
      if (MD->Info.MapType.empty()) {
        Diags.Report(VD->getLocation(),
                     Diags.getCustomDiagID(DiagnosticsEngine::Error,
                                           "unknown map kind '%0'"))
            << Kind;
        Out.Failed = true;
        continue;
      }
      Out.Prologue += "#define __bpf_xcc_maptype_" + MD->Info.Name + " " +
                      MD->Info.MapType + "\n";
      if (Kind == "array_of_maps" || Kind == "hash_of_maps") {
        if (Inner.empty()) {
          Diags.Report(VD->getLocation(),
                       Diags.getCustomDiagID(DiagnosticsEngine::Error,
                                             "map of maps '%0' names no inner map"))
              << MD->Info.Name;
          Out.Failed = true;
          continue;
        }
        Out.Prologue += "#define __bpf_xcc_inner_" + MD->Info.Name + " " +
                        Inner.str() + "\n";
      }
      Out.Maps.push_back(MD->Info);
      Maps[VD] = MD.get();
      MapStore.push_back(std::move(MD));
    } else if (auto *FD = dyn_cast<FunctionDecl>(D)) {
      if (FD->doesThisDeclarationHaveABody() &&
          SM.isInMainFile(SM.getExpansionLoc(FD->getLocation())))
        Functions.push_back(FD);
    }
  }

  // Classify first, to a fixed point over the call graph (a pointer passed
  // to a helper function or stored in a map is known only once every
  // function was seen), then rewrite the text.
  DenseSet<const VarDecl *> MapVars;
  for (const auto &[VD, MD] : Maps)
    MapVars.insert(VD);
  KernelPointerAnalysis KP(Ctx, MapVars);
  auto isProbe = [](const FunctionDecl *FD) {
    return !FD->isStatic() && !FD->isInlineSpecified() &&
           FD->getStorageClass() != SC_Extern;
  };
  for (FunctionDecl *FD : Functions) {
    bool KprobeArgs = false;
    if (isProbe(FD) && FD->getNumParams() > 1)
      if (const RecordDecl *RD = pointeeRecord(FD->getParamDecl(0)->getType()))
        KprobeArgs = RD->getName() == "pt_regs" &&
                     !FD->getName().starts_with("kretprobe__");
    KP.addFunction(FD, KprobeArgs);
  }
  KP.run();

  for (FunctionDecl *FD : Functions) {
    bool IsProbe = isProbe(FD);
    if (IsProbe) {
      ProbeFunction P;
      P.Name = FD->getName().str();
      if (FD->getNumParams() > 0)
        if (const RecordDecl *RD = pointeeRecord(FD->getParamDecl(0)->getType()))
          P.ContextType = RD->getName().str();
      Out.Probes.push_back(P);
    } else {
      // As BCC: helper functions are inlined into each program, so what the
      // probe passes them (constants, the context, stack pointers) stays
      // known to the verifier. One a macro defines (KFUNC_PROBE's body) is
      // left to the macro: text before the macro would reach its first
      // declaration instead.
      SourceLocation Start = FD->getBeginLoc();
      if (Start.isFileID() && SM.isInMainFile(Start))
        R.InsertTextBefore(Start, "__attribute__((always_inline)) ");
    }
    FunctionRewriter FR(Ctx, R, Opts, Maps, KP, Out.Failed);
    FR.run(FD, IsProbe);
  }

  FileID Main = SM.getMainFileID();
  if (const RewriteBuffer *RB = R.getRewriteBufferFor(Main))
    Out.Source = std::string(RB->begin(), RB->end());
  else
    Out.Source = SM.getBufferData(Main).str();
  Out.Source += presentationRecords(MapStore);
  // What the functions taught about each map (event fields).
  Out.Maps.clear();
  for (const auto &MD : MapStore)
    Out.Maps.push_back(MD->Info);
}

} // namespace

std::unique_ptr<ASTConsumer> createBccRewriter(const RewriteOptions &Opts,
                                               RewriteResult &Out) {
  return std::make_unique<BccRewriteConsumer>(Opts, Out);
}

} // namespace bpfxcc
