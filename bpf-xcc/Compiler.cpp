//===- Compiler.cpp - One BCC program to one BPF object, in memory --------===//
#include "bpf-xcc/Compiler.h"
#include "bpf-xcc/Program.h"
#include "Frontend.h"
#include "HeaderCache.h"
#include "KernelTree.h"
#include "ObjectWriter.h"
#include "bpf-xcc/Profile.h"
#include "TracepointStructs.h"
#include "UsdtRewrite.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>
#include <ctime>

using namespace llvm;

namespace bpfxcc {

char DiagnosedError::ID = 0;

const char *defaultResourceDir() { return BPF_XCC_CLANG_RESOURCE_DIR; }

// A failure of a clang pass over \p File. "compilation failed" and
// "preprocessing failed" come after clang has printed its diagnostics (not
// repeated); any other ("invalid compiler flags", "no module generated")
// comes with none and is said here, naming the file.
static Error diagnosed(Error E, StringRef File) {
  std::string Msg = toString(std::move(E));
  if (Msg == "compilation failed" || Msg == "preprocessing failed")
    return make_error<DiagnosedError>(Msg);
  return createStringError(inconvertibleErrorCode(), "%s: %s",
                           File.str().c_str(), Msg.c_str());
}

static std::string archPrologue(const ArchInfo &A) {
  std::string P;
  std::string Cast = A.RegsCast ? "((const " + std::string(A.RegsCast) + " *)(x))" : "(x)";
  auto Def = [&](StringRef Name, StringRef Reg, StringRef Regs) {
    P += "#define " + Name.str() + "(x) (" + Regs.str() + "->" + Reg.str() + ")\n";
  };
  for (size_t I = 0; I < A.ArgRegs.size(); ++I)
    Def("PT_REGS_PARM" + std::to_string(I + 1), A.ArgRegs[I], Cast);
  Def("PT_REGS_RC", A.RetReg, Cast);
  Def("PT_REGS_SP", A.SpReg, Cast);
  Def("PT_REGS_IP", A.IpReg, Cast);
  Def("PT_REGS_FP", A.FpReg, Cast);
  for (size_t I = 0; I < A.SyscallRegs.size(); ++I)
    Def("PT_REGS_PARM" + std::to_string(I + 1) + "_SYSCALL", A.SyscallRegs[I], "(x)");
  return P;
}

namespace {
/// A tracepoint the program names: TRACEPOINT_PROBE(CAT, EV) or
/// `struct tracepoint__CAT__EV`, at the line of its use.
struct TracepointUse {
  std::string Category, Event;
  unsigned Line;
};
} // namespace

// The tracepoints the program names in code that is compiled: found in the
// preprocessed token stream of the program (TRACEPOINT_PROBE expands to
// `struct tracepoint__CAT__EV *args`), so a comment or an #if 0 block names
// none.
static Expected<std::vector<TracepointUse>>
tracepointUses(const FrontendInput &In) {
  std::vector<TracepointUse> Uses;
  StringRef Text = In.Source;
  if (!Text.contains("TRACEPOINT_PROBE") && !Text.contains("tracepoint__"))
    return Uses; // nothing can name one (macros from headers aside)
  bool AfterStruct = false;
  StringSet<> Seen;
  Error E = forEachMainFileToken(In, [&](StringRef Tok, unsigned Line) {
    bool WasStruct = AfterStruct;
    AfterStruct = Tok == "struct";
    if (!WasStruct || !Tok.consume_front("tracepoint__"))
      return;
    // struct tracepoint__a__b_c is ambiguous; BCC splits at the first "__".
    size_t Sep = Tok.find("__");
    if (Sep == StringRef::npos || Sep == 0 || Sep + 2 >= Tok.size())
      return;
    TracepointUse U{Tok.take_front(Sep).str(), Tok.drop_front(Sep + 2).str(), Line};
    if (Seen.insert(U.Category + "/" + U.Event).second)
      Uses.push_back(std::move(U));
  });
  if (E)
    return std::move(E);
  return Uses;
}

// Structs of the tracepoints the program names: from the profile's format
// when it has the tracepoint (a different layout in the kernel tree is a
// warning), else from the kernel tree (TracepointStructs). A profile of the
// tree's own kernel (the same release) is not checked against the tree: the
// formats come from the same build, and deriving them costs a parse of the
// events header (--tracepoint-format=@profile checks them all).
static Error tracepointPrologue(const FrontendInput &In, const ArchInfo &Arch,
                                const KernelTree &Tree,
                                const Profile *Prof, StringRef ProfileName,
                                StringRef File, bool Verbose, std::string &Out) {
  auto Uses = tracepointUses(In);
  if (!Uses)
    return Uses.takeError();
  if (Uses->empty())
    return Error::success();
  TracepointStructs FromTree(Tree.sourceDir(), Arch.KernelDir, In);
  bool SameKernel = Prof && !Prof->release().empty() &&
                    Prof->release() == Tree.release();
  for (const TracepointUse &U : *Uses) {
    std::string Where = (File + ":" + Twine(U.Line)).str();
    std::optional<StringRef> Fmt;
    if (Prof)
      Fmt = Prof->tracepointFormat(U.Category, U.Event);
    std::string Derived;
    if (Fmt && SameKernel) {
      if (Verbose)
        errs() << "bpf-xcc: tracepoint " << U.Category << ":" << U.Event
               << ": not checked against the kernel tree: " << ProfileName
               << " is of the tree's kernel (" << Tree.release() << ")\n";
    } else if (auto TreeFields = FromTree.fields(U.Category, U.Event); Fmt) {
      if (TreeFields) {
        TracepointDiff Diff =
            compareTracepointFields(*TreeFields, parseFormat(*Fmt));
        for (const std::vector<std::string> *L : {&Diff.Layout, &Diff.Names})
          for (const std::string &D : *L)
            errs() << Where << ": warning: tracepoint " << U.Category << ":"
                 << U.Event << ": " << D << " (" << ProfileName
                 << "'s format is used)\n";
      } else if (Verbose) {
        errs() << "bpf-xcc: tracepoint " << U.Category << ":" << U.Event
               << ": not checked against the kernel tree: "
               << toString(TreeFields.takeError()) << "\n";
      } else {
        consumeError(TreeFields.takeError());
      }
    } else {
      if (!TreeFields)
        return createStringError(
            inconvertibleErrorCode(),
            "%s: error: no format for tracepoint %s:%s: %s; give the target's "
            "profile with --profile (bpfd-remote ... GET_TARGET_PROFILE)",
            Where.c_str(), U.Category.c_str(), U.Event.c_str(),
            toString(TreeFields.takeError()).c_str());
      Derived = formatText(*TreeFields);
      Fmt = Derived;
      if (Verbose)
        errs() << "bpf-xcc: tracepoint " << U.Category << ":" << U.Event
               << ": record layout from the kernel tree\n";
    }
    auto S = tracepointStruct(U.Category, U.Event, *Fmt);
    if (!S)
      return S.takeError();
    Out += *S + "\n";
  }
  return Error::success();
}

namespace {
/// What a compile is for: the architecture and kernel tree of the options,
/// and the front end's input so far (triple, resource folder, -v).
struct CompileTarget {
  const ArchInfo &Arch;
  KernelTree Tree;
  FrontendInput In;
};
} // namespace

static Expected<CompileTarget> openTarget(const CompileOptions &Opts) {
  auto Arch = lookupArch(Opts.ArchName);
  if (!Arch)
    return Arch.takeError();
  auto Tree = KernelTree::open(Opts.KernelDir, *Arch);
  if (!Tree)
    return Tree.takeError();
  CompileTarget T{*Arch, std::move(*Tree), FrontendInput()};
  T.In.Triple = Arch->Triple.str();
  T.In.ResourceDir = Opts.ResourceDir.empty() ? defaultResourceDir() : Opts.ResourceDir;
  T.In.Verbose = Opts.Verbose;
  return std::move(T);
}

Error printTracepointFormats(const CompileOptions &Opts, ArrayRef<std::string> Names,
                            raw_ostream &OS) {
  auto T = openTarget(Opts);
  if (!T)
    return T.takeError();
  const ArchInfo *Arch = &T->Arch;
  KernelTree *Tree = &T->Tree;
  FrontendInput &In = T->In;
  for (const std::string &I : Opts.Includes)
    In.Flags.push_back("-I" + I);
  for (const std::string &F : Tree->flags())
    In.Flags.push_back(F);
  for (const std::string &D : Opts.Defines)
    In.Flags.push_back("-D" + D);
  TracepointStructs FromTree(Tree->sourceDir(), Arch->KernelDir, In);
  const Profile *Prof = Opts.Prof;

  bool Summary = Names.size() == 1 && Names[0] == "@profile";
  std::vector<std::string> List;
  if (Summary) {
    if (!Prof)
      return createStringError(inconvertibleErrorCode(),
                               "--tracepoint-format=@profile needs --profile");
    List = Prof->tracepoints();
  } else {
    List = Names;
  }
  unsigned Derived = 0, Equal = 0, Renamed = 0, Differ = 0, Missing = 0;
  for (const std::string &Name : List) {
    auto [Cat, Ev] = StringRef(Name).split(Summary ? '/' : ':');
    if (Cat.empty() || Ev.empty())
      return createStringError(inconvertibleErrorCode(),
                               "--tracepoint-format %s: not CATEGORY:EVENT",
                               Name.c_str());
    std::string TP = (Cat + ":" + Ev).str();
    auto Fields = FromTree.fields(Cat, Ev);
    if (!Fields) {
      ++Missing;
      std::string Why = toString(Fields.takeError());
      if (!Summary)
        return createStringError(inconvertibleErrorCode(), "tracepoint %s: %s",
                                 TP.c_str(), Why.c_str());
      OS << "missing " << TP << ": " << Why << "\n";
      continue;
    }
    ++Derived;
    if (!Summary)
      OS << "tracepoint " << TP << "\n" << formatText(*Fields);
    std::optional<StringRef> Fmt;
    if (Prof)
      Fmt = Prof->tracepointFormat(Cat, Ev);
    if (!Fmt) {
      if (Prof && !Summary)
        OS << "compare " << TP << ": not in " << Opts.ProfileName << "\n";
      continue;
    }
    std::vector<TracepointField> Target = parseFormat(*Fmt);
    TracepointDiff Diff = compareTracepointFields(*Fields, Target);
    if (Diff.empty()) {
      ++Equal;
      OS << "equal " << TP << " (" << Target.size() << " fields)\n";
      continue;
    }
    ++(Diff.Layout.empty() ? Renamed : Differ);
    for (const std::string &D : Diff.Layout)
      OS << "differs " << TP << ": " << D << "\n";
    for (const std::string &D : Diff.Names)
      OS << "renamed " << TP << ": " << D << "\n";
  }
  if (Summary)
    OS << "summary: tracepoints=" << List.size() << " derived=" << Derived
       << " equal=" << Equal << " renamed=" << Renamed << " differ=" << Differ
       << " missing=" << Missing << "\n";
  if (Differ)
    return createStringError(inconvertibleErrorCode(),
                             "%u tracepoint(s) differ from %s", Differ,
                             Opts.ProfileName.c_str());
  return Error::success();
}

namespace {
/// --time-phases: the CPU time of each phase of compileProgram(), printed
/// as it ends ("bpf-xcc: time: PHASE MS ms").
class PhaseTimer {
public:
  explicit PhaseTimer(bool On) : On(On), Start(std::clock()) {}
  void done(const char *Phase) {
    if (!On)
      return;
    std::clock_t Now = std::clock();
    errs() << "bpf-xcc: time: " << Phase << " "
           << (Now - Start) * 1000 / CLOCKS_PER_SEC << " ms\n";
    Start = Now;
  }

private:
  bool On;
  std::clock_t Start;
};

struct TargetVersion {
  unsigned Code;
  std::string From;
  bool Overrides; ///< Not the tree's own linux/version.h.
};
} // namespace

static Expected<TargetVersion> targetVersionCode(const KernelTree &Tree,
                                                 const CompileOptions &Opts) {
  if (const char *E = getenv("BCC_LINUX_VERSION_CODE")) {
    unsigned long long Code;
    if (StringRef(E).getAsInteger(0, Code) || Code > 0xffffff)
      return createStringError(inconvertibleErrorCode(),
                               "BCC_LINUX_VERSION_CODE='%s' is not a kernel "
                               "version code (e.g. 393473 for 6.1.1)",
                               E);
    return TargetVersion{unsigned(Code), "$BCC_LINUX_VERSION_CODE", true};
  }
  if (Opts.Prof && Opts.Prof->versionCode())
    return TargetVersion{*Opts.Prof->versionCode(), Opts.ProfileName, true};
  return TargetVersion{Tree.versionCode(), "the kernel tree", false};
}

// A linux/version.h for \p Code, found before the tree's generated one.
static std::string versionHeader(unsigned Code, StringRef From) {
  return "/* LINUX_VERSION_CODE from " + From.str() + " (bpf-xcc) */\n" +
         "#define LINUX_VERSION_CODE " + std::to_string(Code) + "\n" +
         "#define KERNEL_VERSION(a,b,c) (((a) << 16) + ((b) << 8) + "
         "((c) > 255 ? 255 : (c)))\n" +
         "#define LINUX_VERSION_MAJOR " + std::to_string(Code >> 16) + "\n" +
         "#define LINUX_VERSION_PATCHLEVEL " + std::to_string((Code >> 8) & 0xff) +
         "\n#define LINUX_VERSION_SUBLEVEL " + std::to_string(Code & 0xff) + "\n";
}

// -v: the clang -cc1 command line of one pass.
static void printInvocation(StringRef Pass, const FrontendInput &In) {
  errs() << "bpf-xcc: clang (" << Pass << "):";
  for (const std::string &A : cc1Args(In))
    errs() << " " << A;
  errs() << "\n";
}

Expected<CompileResult> compileProgram(const CompileOptions &Opts) {
  PhaseTimer Time(Opts.TimePhases);
  auto T = openTarget(Opts);
  if (!T)
    return T.takeError();
  const ArchInfo *Arch = &T->Arch;
  KernelTree *Tree = &T->Tree;
  const Profile *Prof = Opts.Prof;
  if (Prof && !Prof->arch().empty() && lookupArch(Prof->arch()) &&
      lookupArch(Prof->arch())->Name != Arch->Name)
    return createStringError(inconvertibleErrorCode(), "%s is for arch %s, not %s",
                             Opts.ProfileName.c_str(), Prof->arch().str().c_str(),
                             Arch->Name.str().c_str());

  FrontendInput &In = T->In;
  In.FileName = Opts.FileName;
  // bpf_usdt_readarg*() calls become calls of genargs' readers, as in BCC.
  auto Source = rewriteUsdtReadargs(Opts.FileName, Opts.Source);
  if (!Source)
    return Source.takeError();
  In.Source = std::move(*Source);
  In.Flags.push_back("-nostdinc");
  for (const std::string &I : Opts.Includes)
    In.Flags.push_back("-I" + I);
  for (const std::string &F : Opts.ExtraFlags)
    if (StringRef(F).starts_with("-I"))
      In.Flags.push_back(F);
  for (const std::string &F : Tree->flags())
    In.Flags.push_back(F);
  // The BCC release, for the helpers header's #if (BccRelease.h).
  for (const std::string &F : Opts.BccVersion.macroFlags())
    In.Flags.push_back(F);
  for (const std::string &D : Opts.Defines)
    In.Flags.push_back("-D" + D);
  for (const std::string &F : Opts.ExtraFlags)
    if (!StringRef(F).starts_with("-I"))
      In.Flags.push_back(F);
  In.Flags.push_back("-fno-stack-protector");
  if (Opts.Verbose) {
    errs() << "bpf-xcc: arch " << Arch->Name << " (" << Arch->Triple << " -> "
           << Arch->bpfTriple() << "), kernel " << Tree->release()
           << " (LINUX_VERSION_CODE " << Tree->versionCode() << "), BCC "
           << Opts.BccVersion.str() << "\n"
           << "bpf-xcc: source tree " << Tree->sourceDir() << "\n"
           << "bpf-xcc: build tree  " << Tree->buildDir() << "\n"
           << "bpf-xcc: kernel flags:";
    for (const std::string &F : Tree->flags())
      errs() << " " << F;
    errs() << "\n";
  }

  In.Prologue = archPrologue(*Arch);
  if (!Opts.NoCache)
    In.CacheDir = Opts.CacheDir.empty() ? defaultCacheDir() : Opts.CacheDir;
  if (Opts.Verbose)
    errs() << "bpf-xcc: header cache "
           << (In.CacheDir.empty() ? "off" : In.CacheDir.c_str()) << "\n";

  bool Wrappers = Tree->config("ARCH_HAS_SYSCALL_WRAPPER") == "y";
  RewriteOptions RO;
  RO.Arch = &*Arch;
  RO.SyscallWrappers = Wrappers;
  RO.Bcc = Opts.BccVersion;
  // Kernel reads: bpf_probe_read_kernel when the target's uapi bpf.h lists
  // it (Linux 5.5 and backports), else bpf_probe_read, as patched BCC
  // decides (bcc-patches 0004) -- never from the host.
  bool HasProbeReadKernel = Tree->declaresHelper("probe_read_kernel");
  if (!HasProbeReadKernel) {
    RO.ProbeRead = "bpf_probe_read";
    In.Prologue += "#define bpf_probe_read_kernel bpf_probe_read\n"
                   "#define bpf_probe_read_kernel_str bpf_probe_read_str\n"
                   "#define bpf_probe_read_user bpf_probe_read\n"
                   "#define bpf_probe_read_user_str bpf_probe_read_str\n";
  }
  if (Opts.Verbose)
    errs() << "bpf-xcc: kernel reads use " << RO.ProbeRead << " ("
           << Tree->sourceDir() << "/include/uapi/linux/bpf.h "
           << (HasProbeReadKernel ? "lists" : "does not list")
           << " FN(probe_read_kernel))\n";

  // LINUX_VERSION_CODE of the target: $BCC_LINUX_VERSION_CODE (as patched
  // BCC), else the profile's, else the tree's. It is both the `version`
  // section and what the program's #if LINUX_VERSION_CODE sees.
  auto Version = targetVersionCode(*Tree, Opts);
  if (!Version)
    return Version.takeError();
  if (Version->Overrides)
    In.VersionHeader = versionHeader(Version->Code, Version->From);
  if (Opts.Verbose)
    errs() << "bpf-xcc: LINUX_VERSION_CODE " << Version->Code << " from "
           << Version->From << "\n";

  // Tracepoint structs come after the program's #include block (In.Late):
  // the prologue before it is the same for every program of the target.
  Time.done("setup");
  std::string TpStructs;
  if (Error E = tracepointPrologue(In, *Arch, *Tree, Prof, Opts.ProfileName,
                                   Opts.FileName, Opts.Verbose, TpStructs))
    return E;
  In.Late = std::move(TpStructs);
  Time.done("tracepoint-structs");


  if (Opts.Verbose)
    printInvocation("analysis pass", In);
  CompileResult Res;
  if (Error E = runAnalysisPass(In, RO, Res.Rewrite))
    return diagnosed(std::move(E), Opts.FileName);
  Time.done("analysis-pass");

  // Attach points: --attach first, then BCC's naming conventions, then the
  // context type.
  ObjectPlan Plan;
  Plan.Arch = &*Arch;
  Plan.VersionCode = Version->Code;
  Plan.Release = Prof && !Prof->release().empty() ? Prof->release().str()
                                                  : Tree->release().str();
  for (const std::string &A : Opts.Attach)
    if (Error E = parseAttachOption(A, *Arch, Wrappers, Plan.Attach))
      return E;
  StringSet<> ProbeNames;
  for (const ProbeFunction &P : Res.Rewrite.Probes) {
    ProbeNames.insert(P.Name);
    if (Plan.Attach.count(P.Name))
      continue;
    std::string Sec = attachFromName(P.Name, *Arch, Wrappers, Opts.BccVersion);
    if (Sec.empty())
      Sec = sectionFromContext(P.ContextType);
    if (!Opts.SectionOfEveryProbe.empty())
      Sec = Opts.SectionOfEveryProbe;
    if (!Sec.empty())
      Plan.Attach[P.Name].push_back(Sec);
  }
  for (const auto &[Fn, Secs] : Plan.Attach)
    if (!ProbeNames.contains(Fn))
      return createStringError(inconvertibleErrorCode(),
                               "--attach %s=...: %s defines no probe function '%s'",
                               Fn.c_str(), Opts.FileName.c_str(), Fn.c_str());

  Plan.Core = Opts.Core;
  FrontendInput Code = In;
  if (Opts.Core)
    Code.CoreTreeDirs = {Tree->sourceDir().str(), Tree->buildDir().str()};
  Code.Source = Res.Rewrite.Source;
  Code.Late = In.Late + Res.Rewrite.Prologue;
  Res.RewrittenC = mainFileText(Code, 2);
  Res.VersionCode = Version->Code;
  Res.Release = Plan.Release;
  if (Opts.RewriteOnly)
    return std::move(Res);
  if (Opts.Verbose)
    printInvocation("code pass", Code);
  LLVMContext Ctx;
  CoreAccessReport Core;
  auto M = runCodePass(Code, Ctx, &Core);
  if (!M)
    return diagnosed(M.takeError(), Opts.FileName);
  if (Opts.Core && Opts.Verbose) {
    errs() << "bpf-xcc: CO-RE: " << Core.Reads << " kernel reads relocated through "
           << Core.Records.size() << " records of " << Tree->release() << " (reference):";
    for (const std::string &R : Core.Records)
      errs() << " " << R;
    errs() << "\n";
  }
  Time.done("code-pass");
  SmallVector<char, 0> Buf;
  raw_svector_ostream VOS(Buf);
  if (Error E = writeObject(**M, Plan, VOS))
    return E;
  Res.Object.assign(Buf.begin(), Buf.end());
  Time.done("object");
  return std::move(Res);
}

} // namespace bpfxcc
