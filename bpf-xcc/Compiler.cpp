//===- Compiler.cpp - One BCC program to one BPF object, in memory --------===//
#include "Compiler.h"
#include "Frontend.h"
#include "KernelTree.h"
#include "ObjectWriter.h"
#include "Program.h"
#include "UsdtRewrite.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>

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
  auto Def = [&](StringRef Name, StringRef Reg) {
    P += "#define " + Name.str() + "(x) ((x)->" + Reg.str() + ")\n";
  };
  for (size_t I = 0; I < A.ArgRegs.size(); ++I)
    Def("PT_REGS_PARM" + std::to_string(I + 1), A.ArgRegs[I]);
  Def("PT_REGS_RC", A.RetReg);
  Def("PT_REGS_SP", A.SpReg);
  Def("PT_REGS_IP", A.IpReg);
  Def("PT_REGS_FP", A.FpReg);
  for (size_t I = 0; I < A.SyscallRegs.size(); ++I)
    Def("PT_REGS_PARM" + std::to_string(I + 1) + "_SYSCALL", A.SyscallRegs[I]);
  return P;
}

// Structs of the tracepoints the program names, from the profile.
static Error tracepointPrologue(StringRef Source, const Profile *Prof,
                                StringRef File, std::string &Out) {
  Regex Probe("TRACEPOINT_PROBE[ \t]*\\([ \t]*([A-Za-z0-9_]+)[ \t]*,[ \t]*([A-Za-z0-9_]+)[ \t]*\\)");
  Regex Struct("struct[ \t]+tracepoint__([A-Za-z0-9_]+)__([A-Za-z0-9_]+)");
  StringSet<> Done;
  for (Regex *Re : {&Probe, &Struct}) {
    StringRef Rest = Source;
    SmallVector<StringRef, 3> M;
    while (Re->match(Rest, &M)) {
      std::string Cat = M[1].str(), Ev = M[2].str();
      size_t Line = 1 + Source.take_front(M[0].data() - Source.data()).count('\n');
      Rest = Rest.drop_front(M[0].data() + M[0].size() - Rest.data());
      if (Re == &Struct) {
        // struct tracepoint__a__b_c is ambiguous; BCC splits at the first "__".
        StringRef Full = M[0];
        Full = Full.drop_front(Full.find("tracepoint__") + 12);
        size_t Sep = Full.find("__");
        Cat = Full.take_front(Sep).str();
        Ev = Full.drop_front(Sep + 2).str();
      }
      if (!Done.insert(Cat + "/" + Ev).second)
        continue;
      std::optional<StringRef> Fmt;
      if (Prof)
        Fmt = Prof->tracepointFormat(Cat, Ev);
      if (!Fmt)
        return createStringError(
            inconvertibleErrorCode(),
            "%s:%zu: error: no format for tracepoint %s:%s: give the target's "
            "profile with --profile (bpfd-remote ... GET_TARGET_PROFILE)",
            File.str().c_str(), Line, Cat.c_str(), Ev.c_str());
      auto S = tracepointStruct(Cat, Ev, *Fmt);
      if (!S)
        return S.takeError();
      Out += *S + "\n";
    }
  }
  return Error::success();
}

namespace {
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
static void printInvocation(StringRef Pass, const FrontendInput &In, int PassNo) {
  errs() << "bpf-xcc: clang (" << Pass << "):";
  for (const std::string &A : cc1Args(In, PassNo))
    errs() << " " << A;
  errs() << "\n";
}

Expected<CompileResult> compileProgram(const CompileOptions &Opts) {
  auto Arch = lookupArch(Opts.ArchName);
  if (!Arch)
    return Arch.takeError();
  auto Tree = KernelTree::open(Opts.KernelDir, *Arch);
  if (!Tree)
    return Tree.takeError();
  const Profile *Prof = Opts.Prof;
  if (Prof && !Prof->arch().empty() && lookupArch(Prof->arch()) &&
      lookupArch(Prof->arch())->Name != Arch->Name)
    return createStringError(inconvertibleErrorCode(), "%s is for arch %s, not %s",
                             Opts.ProfileName.c_str(), Prof->arch().str().c_str(),
                             Arch->Name.str().c_str());

  FrontendInput In;
  In.FileName = Opts.FileName;
  // bpf_usdt_readarg*() calls become calls of genargs' readers, as in BCC.
  auto Source = rewriteUsdtReadargs(Opts.FileName, Opts.Source);
  if (!Source)
    return Source.takeError();
  In.Source = std::move(*Source);
  In.Triple = Arch->Triple.str();
  In.ResourceDir = Opts.ResourceDir.empty() ? defaultResourceDir() : Opts.ResourceDir;
  In.Verbose = Opts.Verbose;
  In.Flags.push_back("-nostdinc");
  for (const std::string &I : Opts.Includes)
    In.Flags.push_back("-I" + I);
  for (const std::string &F : Opts.ExtraFlags)
    if (StringRef(F).starts_with("-I"))
      In.Flags.push_back(F);
  for (const std::string &F : Tree->flags())
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
           << " (LINUX_VERSION_CODE " << Tree->versionCode() << ")\n"
           << "bpf-xcc: source tree " << Tree->sourceDir() << "\n"
           << "bpf-xcc: build tree  " << Tree->buildDir() << "\n"
           << "bpf-xcc: kernel flags:";
    for (const std::string &F : Tree->flags())
      errs() << " " << F;
    errs() << "\n";
  }

  std::string TpPrologue;
  if (Error E = tracepointPrologue(In.Source, Prof, Opts.FileName, TpPrologue))
    return E;
  In.Prologue = archPrologue(*Arch) + TpPrologue;

  bool Wrappers = Tree->config("ARCH_HAS_SYSCALL_WRAPPER") == "y";
  RewriteOptions RO;
  RO.Arch = &*Arch;
  RO.SyscallWrappers = Wrappers;
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

  if (Opts.Verbose)
    printInvocation("analysis pass", In, 1);
  CompileResult Res;
  std::vector<std::string> SkippedBodies;
  if (Error E = runAnalysisPass(In, RO, Res.Rewrite, SkippedBodies))
    return diagnosed(std::move(E), Opts.FileName);

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
    std::string Sec = attachFromName(P.Name, *Arch, Wrappers);
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

  FrontendInput Code = In;
  Code.Source = Res.Rewrite.Source;
  Code.Prologue = In.Prologue + Res.Rewrite.Prologue;
  Code.SkipBodies = SkippedBodies;
  Res.RewrittenC = Code.Prologue + "#line 1 \"" + Opts.FileName + "\"\n" + Code.Source;
  Res.VersionCode = Version->Code;
  Res.Release = Plan.Release;
  if (Opts.RewriteOnly)
    return std::move(Res);
  if (Opts.Verbose)
    printInvocation("code pass", Code, 2);
  LLVMContext Ctx;
  auto M = runCodePass(Code, Ctx);
  if (!M)
    return diagnosed(M.takeError(), Opts.FileName);
  SmallVector<char, 0> Buf;
  raw_svector_ostream VOS(Buf);
  if (Error E = writeObject(**M, Plan, VOS))
    return E;
  Res.Object.assign(Buf.begin(), Buf.end());
  return std::move(Res);
}

} // namespace bpfxcc
