//===- TracepointStructs.cpp - Tracepoint records from the kernel tree ----===//
#include "TracepointStructs.h"
#include "HeaderCache.h"
#include "HelpersHeader.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/RecordLayout.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Basic/Version.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Regex.h"
#include "llvm/TargetParser/Triple.h"

#include <optional>
#include <set>

using namespace clang;
using namespace llvm;

namespace bpfxcc {

// fields()' errors say why; the caller names the tracepoint.
static Error tpError(StringRef, StringRef, const Twine &Why) {
  return createStringError(inconvertibleErrorCode(), "%s", Why.str().c_str());
}

/// Whether the target's C has unsigned plain char, as clang's driver
/// decides it (the kernel's is_signed_type(char) depends on it).
static bool charIsUnsigned(const Triple &T) {
  switch (T.getArch()) {
  case Triple::aarch64:
  case Triple::aarch64_be:
  case Triple::arm:
  case Triple::armeb:
  case Triple::thumb:
  case Triple::thumbeb:
  case Triple::ppc:
  case Triple::ppcle:
  case Triple::ppc64:
  case Triple::ppc64le:
  case Triple::riscv32:
  case Triple::riscv64:
  case Triple::systemz:
  case Triple::hexagon:
  case Triple::msp430:
  case Triple::xcore:
    return !T.isOSDarwin();
  default:
    return false;
  }
}

TracepointStructs::TracepointStructs(StringRef SourceDir, StringRef ArchDir,
                                     const FrontendInput &B)
    : SourceDir(SourceDir.str()), ArchDir(ArchDir.str()), Base(B) {
  Base.Prologue.clear();
  Base.VersionHeader.clear();
  Base.SkipBodies.clear();
  if (charIsUnsigned(Triple(Base.Triple)))
    Base.Flags.push_back("-fno-signed-char");
}

std::vector<std::string> TracepointStructs::headersOf(StringRef Category) {
  if (!Scanned) {
    Scanned = true;
    Regex System("^[ \t]*#[ \t]*define[ \t]+TRACE_SYSTEM[ \t]+([A-Za-z0-9_]+)");
    SmallString<256> Events(SourceDir), ArchEvents(SourceDir);
    sys::path::append(Events, "include", "trace", "events");
    sys::path::append(ArchEvents, "arch", ArchDir, "include");
    sys::path::append(ArchEvents, "asm", "trace");
    for (auto [DirRef, IncludeAs] : {std::pair<StringRef, StringRef>(Events, "trace/events/"),
                                     std::pair<StringRef, StringRef>(ArchEvents, "asm/trace/")}) {
    std::string Dir = DirRef.str();
    std::error_code EC;
    for (sys::fs::directory_iterator It(Dir, EC), End; !EC && It != End;
         It.increment(EC)) {
      StringRef Name = sys::path::filename(It->path());
      if (!Name.ends_with(".h"))
        continue;
      auto MB = MemoryBuffer::getFile(It->path());
      if (!MB)
        continue;
      SmallVector<StringRef, 0> Lines;
      (*MB)->getBuffer().split(Lines, '\n');
      StringSet<> Seen;
      for (StringRef L : Lines) {
        SmallVector<StringRef, 2> M;
        if (System.match(L, &M) && Seen.insert(M[1]).second)
          HeadersByCategory[M[1].str()].push_back((IncludeAs + Name).str());
      }
    }
    }
    for (auto &[Cat, Hs] : HeadersByCategory)
      llvm::sort(Hs);
  }
  auto It = HeadersByCategory.find(Category.str());
  return It == HeadersByCategory.end() ? std::vector<std::string>() : It->second;
}

// The event macros of linux/tracepoint.h and trace/trace_events.h, reduced to
// the two that matter here: DECLARE_EVENT_CLASS (a record layout) and
// DEFINE_EVENT (an event using a class's record).
static const char EventFamily[] = R"(
#undef TRACE_EVENT
#define TRACE_EVENT(name, proto, args, tstruct, assign, print) \
  DECLARE_EVENT_CLASS(name, PARAMS(proto), PARAMS(args), PARAMS(tstruct), \
                      PARAMS(assign), PARAMS(print)) \
  DEFINE_EVENT(name, name, PARAMS(proto), PARAMS(args))
#undef TRACE_EVENT_CONDITION
#define TRACE_EVENT_CONDITION(name, proto, args, cond, tstruct, assign, print) \
  TRACE_EVENT(name, PARAMS(proto), PARAMS(args), PARAMS(tstruct), \
              PARAMS(assign), PARAMS(print))
#undef TRACE_EVENT_FN
#define TRACE_EVENT_FN(name, proto, args, tstruct, assign, print, reg, unreg) \
  TRACE_EVENT(name, PARAMS(proto), PARAMS(args), PARAMS(tstruct), \
              PARAMS(assign), PARAMS(print))
#undef TRACE_EVENT_FN_COND
#define TRACE_EVENT_FN_COND(name, proto, args, cond, tstruct, assign, print, \
                            reg, unreg) \
  TRACE_EVENT(name, PARAMS(proto), PARAMS(args), PARAMS(tstruct), \
              PARAMS(assign), PARAMS(print))
#undef DEFINE_EVENT_FN
#define DEFINE_EVENT_FN(template, name, proto, args, reg, unreg) \
  DEFINE_EVENT(template, name, PARAMS(proto), PARAMS(args))
#undef DEFINE_EVENT_PRINT
#define DEFINE_EVENT_PRINT(template, name, proto, args, print) \
  DEFINE_EVENT(template, name, PARAMS(proto), PARAMS(args))
#undef DEFINE_EVENT_CONDITION
#define DEFINE_EVENT_CONDITION(template, name, proto, args, cond) \
  DEFINE_EVENT(template, name, PARAMS(proto), PARAMS(args))
#undef TRACE_EVENT_NOP
#define TRACE_EVENT_NOP(name, proto, args, struct, assign, print)
#undef DEFINE_EVENT_NOP
#define DEFINE_EVENT_NOP(template, name, proto, args)
#undef TRACE_EVENT_FLAGS
#define TRACE_EVENT_FLAGS(name, value)
#undef TRACE_EVENT_PERF_PERM
#define TRACE_EVENT_PERF_PERM(name, expr...)
#undef TRACE_DEFINE_ENUM
#define TRACE_DEFINE_ENUM(a)
#undef TRACE_DEFINE_SIZEOF
#define TRACE_DEFINE_SIZEOF(a)
#undef DECLARE_TRACE
#define DECLARE_TRACE(name, proto, args)
#undef DECLARE_TRACE_CONDITION
#define DECLARE_TRACE_CONDITION(name, proto, args, cond)
#undef DECLARE_EVENT_CLASS
#undef DEFINE_EVENT
)";

// The translation unit reading \p Header as the kernel's stages 1 and 4 do.
static std::string eventsUnit(StringRef Header) {
  std::string H = "#include <" + Header.str() + ">\n";
  std::string S = "/* bpf-xcc: the records of " + Header.str() +
                  " (stages 1 and 4 of trace/trace_events.h) */\n"
                  "#include <linux/trace_events.h>\n" + H +
                  "#define TRACE_HEADER_MULTI_READ\n";
  S += EventFamily;
  S += "#include <trace/stages/stage1_struct_define.h>\n"
       "#define DECLARE_EVENT_CLASS(name, proto, args, tstruct, assign, print) \\\n"
       "  struct trace_event_raw_##name { struct trace_entry ent; tstruct "
       "char __data[]; };\n"
       "#define DEFINE_EVENT(template, name, proto, args) \\\n"
       "  typedef struct trace_event_raw_##template __bpf_xcc_event_##name;\n" +
       H +
       "#include <trace/stages/stage4_event_fields.h>\n"
       "#undef DECLARE_EVENT_CLASS\n"
       "#define DECLARE_EVENT_CLASS(name, proto, args, tstruct, assign, print) \\\n"
       "  static struct trace_event_fields __bpf_xcc_fields_##name[] = "
       "{ tstruct {} };\n"
       "#undef DEFINE_EVENT\n"
       "#define DEFINE_EVENT(template, name, proto, args)\n" +
       H;
  return S;
}

/// Size in bytes of \p T for the target (0 when incomplete).
static unsigned byteSize(ASTContext &Ctx, QualType T) {
  if (T->isIncompleteType() || T->isDependentType())
    return 0;
  return unsigned(Ctx.getTypeSizeInChars(T).getQuantity());
}

/// common_type, common_flags, ...: the members of struct trace_entry, as
/// trace_define_common_fields() names them.
static bool commonFields(ASTContext &Ctx, std::vector<TracepointField> &Out,
                         unsigned &EntrySize) {
  for (const Decl *D : Ctx.getTranslationUnitDecl()->decls()) {
    const auto *RD = dyn_cast<RecordDecl>(D);
    if (!RD || RD->getName() != "trace_entry" || !RD->isCompleteDefinition() ||
        RD->isInvalidDecl())
      continue;
    const ASTRecordLayout &L = Ctx.getASTRecordLayout(RD);
    PrintingPolicy PP = Ctx.getPrintingPolicy();
    for (const FieldDecl *F : RD->fields()) {
      TracepointField TF;
      TF.Type = F->getType().getAsString(PP);
      TF.Name = ("common_" + F->getName()).str();
      TF.Offset = unsigned(L.getFieldOffset(F->getFieldIndex()) / 8);
      TF.Size = byteSize(Ctx, F->getType());
      TF.Signed = F->getType()->isSignedIntegerOrEnumerationType();
      Out.push_back(TF);
    }
    EntrySize = unsigned(L.getSize().getQuantity());
    return true;
  }
  return false;
}

/// Collects the leaf initializers of a (semantic) initializer list by member
/// name, through anonymous structs and unions.
static void leafInits(const InitListExpr *ILE, const RecordDecl *RD,
                      StringMap<const Expr *> &Out) {
  auto Visit = [&](const FieldDecl *F, const Expr *E) {
    const auto *Sub = dyn_cast<InitListExpr>(E->IgnoreParenImpCasts());
    const RecordDecl *SubRD = F->getType()->getAsRecordDecl();
    if (Sub && SubRD && F->isAnonymousStructOrUnion())
      leafInits(Sub, SubRD, Out);
    else
      Out[F->getName()] = E;
  };
  if (RD->isUnion()) {
    if (const FieldDecl *F = ILE->getInitializedFieldInUnion())
      if (ILE->getNumInits())
        Visit(F, ILE->getInit(0));
    return;
  }
  unsigned I = 0;
  for (const FieldDecl *F : RD->fields()) {
    if (I >= ILE->getNumInits())
      break;
    Visit(F, ILE->getInit(I++));
  }
}

static std::optional<int64_t> intOf(ASTContext &Ctx, const Expr *E) {
  Expr::EvalResult R;
  if (!E || E->isValueDependent() || !E->EvaluateAsInt(R, Ctx))
    return std::nullopt;
  return R.Val.getInt().getExtValue();
}

/// The fields of one class: stage 4's table for type, name, size and
/// signedness, stage 1's record for the offsets.
static bool classFields(ASTContext &Ctx, const RecordDecl *Raw,
                        const VarDecl *Table,
                        std::vector<TracepointField> &Out) {
  const auto *ILE = dyn_cast_or_null<InitListExpr>(Table->getInit());
  const auto *AT = Ctx.getAsArrayType(Table->getType());
  if (!ILE || !AT || Raw->isInvalidDecl() || !Raw->isCompleteDefinition())
    return false;
  const RecordDecl *Elem = AT->getElementType()->getAsRecordDecl();
  if (!Elem)
    return false;
  const ASTRecordLayout &L = Ctx.getASTRecordLayout(Raw);
  StringMap<unsigned> OffsetOf;
  for (const FieldDecl *F : Raw->fields())
    OffsetOf[F->getName()] = unsigned(L.getFieldOffset(F->getFieldIndex()) / 8);
  for (unsigned I = 0; I < ILE->getNumInits(); ++I) {
    const auto *E = dyn_cast<InitListExpr>(ILE->getInit(I)->IgnoreParenImpCasts());
    if (!E)
      return false;
    StringMap<const Expr *> Leaf;
    leafInits(E, Elem, Leaf);
    const auto *Type = Leaf.lookup("type")
                           ? dyn_cast<clang::StringLiteral>(Leaf.lookup("type")->IgnoreParenCasts())
                           : nullptr;
    if (!Type)
      break; // the table's closing {}
    const auto *Name = Leaf.lookup("name")
                           ? dyn_cast<clang::StringLiteral>(Leaf.lookup("name")->IgnoreParenCasts())
                           : nullptr;
    auto Size = intOf(Ctx, Leaf.lookup("size"));
    if (!Name || !Size)
      return false;
    TracepointField F;
    F.Type = Type->getString().str();
    // An array's length as a number (its type says "char[TASK_COMM_LEN]"
    // when the length is an enumerator); tracefs prints stage 4's .len.
    size_t Bracket = F.Type.find('[');
    if (Bracket != std::string::npos && !StringRef(F.Type).starts_with("__"))
      if (auto Len = intOf(Ctx, Leaf.lookup("len")); Len && *Len > 0)
        F.Type = F.Type.substr(0, Bracket) + "[" + std::to_string(*Len) + "]";
    F.Name = Name->getString().str();
    F.Size = unsigned(*Size);
    // is_signed_type() of a pointer is no integer constant: unsigned.
    F.Signed = intOf(Ctx, Leaf.lookup("is_signed")).value_or(0) != 0;
    std::string Member = F.Name;
    if (StringRef(F.Type).starts_with("__data_loc"))
      Member = "__data_loc_" + F.Name;
    else if (StringRef(F.Type).starts_with("__rel_loc"))
      Member = "__rel_loc_" + F.Name;
    auto Off = OffsetOf.find(Member);
    if (Off == OffsetOf.end())
      return false;
    F.Offset = Off->second;
    Out.push_back(std::move(F));
  }
  return true;
}

Error TracepointStructs::readEventsHeader(StringRef Category, StringRef Header) {
  if (!HeadersRead.insert(Header).second)
    return Error::success();
  FrontendInput In = Base;
  In.FileName = "/virtual/bpf-xcc/tracepoints/" + sys::path::filename(Header).str() + ".c";
  In.Source = eventsUnit(Header);
  return readUnit(In, Header, [&](ASTContext &Ctx, std::string &Trouble) {
    std::vector<TracepointField> Common;
    unsigned EntrySize = 0;
    if (!commonFields(Ctx, Common, EntrySize)) {
      Trouble = "struct trace_entry not found";
      return;
    }
    StringMap<const RecordDecl *> Raw;
    StringMap<const VarDecl *> Tables;
    std::vector<std::pair<std::string, std::string>> EventClass;
    for (const Decl *D : Ctx.getTranslationUnitDecl()->decls()) {
      if (const auto *TD = dyn_cast<TypedefDecl>(D)) {
        StringRef N = TD->getName();
        if (!N.consume_front("__bpf_xcc_event_"))
          continue;
        const RecordDecl *RD = TD->getUnderlyingType()->getAsRecordDecl();
        if (RD && RD->getName().starts_with("trace_event_raw_"))
          EventClass.emplace_back(N.str(),
                                  RD->getName().drop_front(16).str());
      } else if (const auto *RD = dyn_cast<RecordDecl>(D)) {
        if (RD->getName().starts_with("trace_event_raw_") &&
            RD->isCompleteDefinition())
          Raw[RD->getName().drop_front(16)] = RD;
      } else if (const auto *VD = dyn_cast<VarDecl>(D)) {
        StringRef N = VD->getName();
        if (N.consume_front("__bpf_xcc_fields_"))
          Tables[N] = VD;
      }
    }
    unsigned Bad = 0;
    for (const auto &[Ev, Class] : EventClass) {
      const RecordDecl *R = Raw.lookup(Class);
      const VarDecl *T = Tables.lookup(Class);
      std::vector<TracepointField> Fields = Common;
      if (!R || !T || !classFields(Ctx, R, T, Fields)) {
        ++Bad;
        continue;
      }
      Events[(Category + "/" + Ev).str()] = std::move(Fields);
    }
    if (Bad)
      Trouble = std::to_string(Bad) + " of its events did not parse";
  });
}

Error TracepointStructs::readSyscalls() {
  if (SyscallsRead)
    return Error::success();
  SyscallsRead = true;
  FrontendInput In = Base;
  In.FileName = "/virtual/bpf-xcc/tracepoints/syscalls.c";
  // The sys_NAME prototypes are hidden when the arch has syscall wrappers;
  // their argument lists are the same SYSCALL_DEFINEs either way.
  In.Source = "/* bpf-xcc: syscall tracepoints (kernel/trace/trace_syscalls.c) */\n"
              "#include <linux/trace_events.h>\n"
              "#undef CONFIG_ARCH_HAS_SYSCALL_WRAPPER\n"
              "#include <linux/syscalls.h>\n";
  return readUnit(In, "linux/syscalls.h", [&](ASTContext &Ctx, std::string &Trouble) {
    std::vector<TracepointField> Common;
    unsigned EntrySize = 0;
    if (!commonFields(Ctx, Common, EntrySize)) {
      Trouble = "struct trace_entry not found";
      return;
    }
    // struct syscall_trace_enter { struct trace_entry ent; int nr;
    // unsigned long args[]; } and syscall_trace_exit { ...; int nr; long ret; }.
    unsigned LongSize = byteSize(Ctx, Ctx.LongTy);
    unsigned LongAlign = unsigned(Ctx.getTypeAlignInChars(Ctx.LongTy).getQuantity());
    unsigned IntSize = byteSize(Ctx, Ctx.IntTy);
    TracepointField Nr{"int", "__syscall_nr", EntrySize, IntSize, true};
    unsigned ArgsAt = unsigned(alignTo(EntrySize + IntSize, LongAlign));
    PrintingPolicy PP = Ctx.getPrintingPolicy();
    for (const Decl *D : Ctx.getTranslationUnitDecl()->decls()) {
      const auto *FD = dyn_cast<FunctionDecl>(D);
      if (!FD || !FD->getName().starts_with("sys_") || FD->isInvalidDecl())
        continue;
      StringRef Name = FD->getName().drop_front(4);
      std::vector<TracepointField> Enter = Common, Exit = Common;
      Enter.push_back(Nr);
      Exit.push_back(Nr);
      unsigned Off = ArgsAt;
      for (const ParmVarDecl *P : FD->parameters()) {
        TracepointField F;
        F.Type = P->getOriginalType().getAsString(PP);
        F.Name = P->getName().str();
        if (F.Name.empty())
          F.Name = "arg" + std::to_string(Enter.size() - Common.size());
        F.Offset = Off;
        F.Size = LongSize;
        F.Signed = false;
        Enter.push_back(F);
        Off += LongSize;
      }
      Exit.push_back(TracepointField{"long", "ret", ArgsAt, LongSize, true});
      Events[("syscalls/sys_enter_" + Name).str()] = std::move(Enter);
      Events[("syscalls/sys_exit_" + Name).str()] = std::move(Exit);
    }
  });
}

// The records of one unit from the header cache when it holds them (blocks
// "event CAT/EV", its format's field lines, "end"; a "trouble" line), else
// parsed by \p Parse and stored with the files the parse read.
Error TracepointStructs::readUnit(
    const FrontendInput &In, StringRef TroubleKey,
    function_ref<void(ASTContext &, std::string &)> Parse) {
  std::optional<HeaderCache> Cache;
  std::string Key;
  SmallString<256> Cwd;
  if (!In.CacheDir.empty() && !sys::fs::current_path(Cwd)) {
    std::string Args;
    for (const std::string &A : cc1Args(In))
      Args += A + '\0';
    Key = HeaderCache::key({"bpf-xcc tracepoint records 1", getClangFullVersion(),
                            Cwd, Args, helpersHeader(), bccProtoHeader(),
                            In.VersionHeader, mainFileText(In, 1)});
    Cache.emplace(In.CacheDir);
    if (std::optional<std::string> Text = Cache->findText(Key)) {
      for (StringRef Rest = *Text; !Rest.empty();) {
        auto [Line, After] = Rest.split('\n');
        Rest = After;
        if (Line.consume_front("trouble ")) {
          HeaderTrouble[TroubleKey.str()] = Line.str();
        } else if (Line.consume_front("event ")) {
          size_t End = Rest.find("end\n");
          if (End == StringRef::npos)
            break;
          Events[Line.str()] = parseFormat(Rest.take_front(End));
          Rest = Rest.drop_front(End + 4);
        }
      }
      return Error::success();
    }
  }
  std::set<std::string> Before;
  for (const auto &E : Events)
    Before.insert(E.first);
  std::string Trouble;
  std::vector<std::string> Deps;
  Error E = inspectAST(In, [&](ASTContext &Ctx) {
    Parse(Ctx, Trouble);
    const SourceManager &SM = Ctx.getSourceManager();
    for (auto I = SM.fileinfo_begin(), End = SM.fileinfo_end(); I != End; ++I)
      if (!I->first.getName().starts_with("/virtual/"))
        Deps.push_back(I->first.getName().str());
  });
  if (E)
    return E;
  if (!Trouble.empty())
    HeaderTrouble[TroubleKey.str()] = Trouble;
  if (Cache) {
    std::string Text;
    for (const auto &[Name, Fields] : Events)
      if (!Before.count(Name))
        Text += "event " + Name + "\n" + formatText(Fields) + "end\n";
    if (!Trouble.empty())
      Text += "trouble " + Trouble + "\n";
    std::sort(Deps.begin(), Deps.end());
    if (Error SE = Cache->storeText(Key, Deps, Text)) {
      if (In.Verbose)
        errs() << "bpf-xcc: header cache: " << toString(std::move(SE)) << "\n";
      else
        consumeError(std::move(SE));
    }
  }
  return Error::success();
}

Expected<std::vector<TracepointField>>
TracepointStructs::fields(StringRef Category, StringRef Event) {
  std::string Key = (Category + "/" + Event).str();
  auto Found = [&]() { return Events.find(Key); };
  if (Found() != Events.end())
    return Found()->second;
  std::vector<std::string> Tried;
  if (Category == "syscalls" &&
      (Event.starts_with("sys_enter_") || Event.starts_with("sys_exit_"))) {
    if (Error E = readSyscalls())
      return tpError(Category, Event, toString(std::move(E)));
    Tried.push_back("include/linux/syscalls.h");
  } else {
    for (const std::string &H : headersOf(Category)) {
      if (Error E = readEventsHeader(Category, H))
        return tpError(Category, Event, toString(std::move(E)));
      Tried.push_back((StringRef(H).starts_with("asm/")
                           ? "arch/" + ArchDir + "/include/"
                           : std::string("include/")) + H);
      if (Found() != Events.end())
        break;
    }
  }
  if (Found() != Events.end())
    return Found()->second;
  if (Tried.empty())
    return tpError(Category, Event,
                   "no header under " + SourceDir +
                       "/include/trace/events defines TRACE_SYSTEM " + Category);
  std::string Why = "not defined by " + join(Tried, ", ");
  for (const std::string &T : Tried) {
    StringRef H = StringRef(T).drop_front(T.find('/') + 1);
    auto It = HeaderTrouble.find(H.str());
    if (It != HeaderTrouble.end())
      Why += " (" + T + ": " + It->second + ")";
  }
  return tpError(Category, Event, Why);
}

TracepointDiff compareTracepointFields(ArrayRef<TracepointField> Tree,
                                      ArrayRef<TracepointField> Target) {
  TracepointDiff Out;
  StringMap<const TracepointField *> TreeByName;
  for (const TracepointField &F : Tree)
    TreeByName[F.Name] = &F;
  StringSet<> Matched;
  std::map<unsigned, const TracepointField *> TargetLeft; // by offset
  for (const TracepointField &T : Target) {
    const TracepointField *F = TreeByName.lookup(T.Name);
    if (!F) {
      TargetLeft[T.Offset] = &T;
      continue;
    }
    Matched.insert(T.Name);
    auto Diff = [&](StringRef What, unsigned A, unsigned B) {
      if (A != B)
        Out.Layout.push_back("field '" + T.Name + "': " + What.str() + " " +
                             std::to_string(A) + " in the kernel tree, " +
                             std::to_string(B) + " on the target");
    };
    Diff("offset", F->Offset, T.Offset);
    Diff("size", F->Size, T.Size);
    Diff("signed", F->Signed, T.Signed);
  }
  for (const TracepointField &F : Tree) {
    if (Matched.contains(F.Name))
      continue;
    auto It = TargetLeft.find(F.Offset);
    if (It != TargetLeft.end() && It->second->Size == F.Size &&
        It->second->Signed == F.Signed) {
      Out.Names.push_back("field at offset " + std::to_string(F.Offset) +
                          " is '" + F.Name + "' in the kernel tree, '" +
                          It->second->Name + "' on the target");
      TargetLeft.erase(It);
      continue;
    }
    Out.Layout.push_back("field '" + F.Name + "' is in the kernel tree (offset " +
                         std::to_string(F.Offset) + ") but not on the target");
  }
  for (const auto &[Off, T] : TargetLeft)
    Out.Layout.push_back("field '" + T->Name + "' is on the target (offset " +
                         std::to_string(Off) + ") but not in the kernel tree");
  return Out;
}

} // namespace bpfxcc
