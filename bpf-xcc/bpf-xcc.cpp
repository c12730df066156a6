//===- bpf-xcc.cpp - Cross-compile BCC programs to BPF objects -------------===//
//
// bpf-xcc --arch arm64 --kernel DIR [--profile FILE] [-D...] [-I...]
//         [--attach FN=SECTION ...] prog.c -o prog.bpf.o
//
//===----------------------------------------------------------------------===//
#include "Arch.h"
#include "BccRewriter.h"
#include "Frontend.h"
#include "KernelTree.h"
#include "ObjectWriter.h"
#include "Profile.h"
#include "Program.h"

#include "llvm/ADT/StringSet.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>

using namespace llvm;
using namespace bpfxcc;

static cl::OptionCategory Cat("bpf-xcc options");
static cl::opt<std::string> Input(cl::Positional, cl::desc("<prog.c>"),
                                  cl::Required, cl::cat(Cat));
static cl::opt<std::string> Output("o", cl::desc("Output object file"),
                                   cl::value_desc("file"), cl::Required, cl::cat(Cat));
static cl::opt<std::string> ArchName(
    "arch", cl::desc("Target architecture: arm64 (aarch64), x86_64, arm, "
                     "riscv64, s390x, ppc64le (default: $ARCH)"),
    cl::value_desc("arch"), cl::cat(Cat));
static cl::opt<std::string> KernelDir(
    "kernel", cl::desc("Configured kernel tree or Debian linux-headers-ABI-FLAVOUR "
                       "folder (default: $BCC_KERNEL_SOURCE)"),
    cl::value_desc("dir"), cl::cat(Cat));
static cl::opt<std::string> ProfilePath(
    "profile", cl::desc("Target profile (bpfd GET_TARGET_PROFILE output, or a "
                        "tracefs-like folder)"),
    cl::value_desc("file"), cl::cat(Cat));
static cl::list<std::string> Defines("D", cl::Prefix, cl::desc("Define a macro"),
                                     cl::value_desc("name[=value]"), cl::cat(Cat));
static cl::list<std::string> Includes("I", cl::Prefix, cl::desc("Add an include folder"),
                                      cl::value_desc("dir"), cl::cat(Cat));
static cl::list<std::string> Attach(
    "attach", cl::desc("Attach point of a function (e.g. trace_entry=kprobe/vfs_read, "
                       "do_entry=syscall/execve); repeatable"),
    cl::value_desc("fn=section"), cl::cat(Cat));
static cl::opt<bool> Verbose("v", cl::desc("Print the kernel flags and the clang invocation"),
                             cl::cat(Cat));
static cl::opt<bool> EmitC("emit-c", cl::desc("Print the rewritten C program and stop"),
                           cl::cat(Cat));
static cl::opt<std::string> ResourceDir(
    "resource-dir", cl::desc("clang's resource folder (builtin headers)"),
    cl::init(BPF_XCC_CLANG_RESOURCE_DIR), cl::Hidden, cl::cat(Cat));

static int fail(const Twine &Msg) {
  WithColor::error(errs(), "bpf-xcc") << Msg << "\n";
  return 1;
}
static int fail(Error E) {
  std::string Msg = toString(std::move(E));
  return fail(Msg);
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
                                                 const Profile *Prof) {
  if (const char *E = getenv("BCC_LINUX_VERSION_CODE")) {
    unsigned long long Code;
    if (StringRef(E).getAsInteger(0, Code) || Code > 0xffffff)
      return createStringError(inconvertibleErrorCode(),
                               "BCC_LINUX_VERSION_CODE='%s' is not a kernel "
                               "version code (e.g. 393473 for 6.1.1)",
                               E);
    return TargetVersion{unsigned(Code), "$BCC_LINUX_VERSION_CODE", true};
  }
  if (Prof && Prof->versionCode())
    return TargetVersion{*Prof->versionCode(),
                         "the profile " + ProfilePath.getValue(), true};
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

int main(int argc, char **argv) {
  InitLLVM X(argc, argv);
  cl::HideUnrelatedOptions(Cat);
  cl::ParseCommandLineOptions(
      argc, argv,
      "bpf-xcc: compile a BCC tool's BPF C program for another architecture's "
      "kernel into a BPF ELF object (maps in .maps, one section per probe, "
      "license, version, BTF, .bpfd.target)\n\n"
      "Environment (as BCC): ARCH, BCC_KERNEL_SOURCE, BCC_LINUX_VERSION_CODE "
      "(overrides the profile's and the tree's LINUX_VERSION_CODE)\n");

  std::string ArchArg = ArchName;
  if (ArchArg.empty())
    if (const char *E = getenv("ARCH"))
      ArchArg = E;
  if (ArchArg.empty())
    return fail("no target architecture: give --arch or set ARCH");
  auto Arch = lookupArch(ArchArg);
  if (!Arch)
    return fail(Arch.takeError());

  std::string Dir = KernelDir;
  if (Dir.empty())
    if (const char *E = getenv("BCC_KERNEL_SOURCE"))
      Dir = E;
  if (Dir.empty())
    return fail("no kernel tree: give --kernel or set BCC_KERNEL_SOURCE");
  auto Tree = KernelTree::open(Dir, *Arch);
  if (!Tree)
    return fail(Tree.takeError());

  std::optional<Profile> Prof;
  if (!ProfilePath.empty()) {
    auto P = Profile::load(ProfilePath);
    if (!P)
      return fail(P.takeError());
    if (!P->arch().empty() && lookupArch(P->arch()) &&
        lookupArch(P->arch())->Name != Arch->Name)
      return fail("profile " + ProfilePath + " is for arch " + P->arch() +
                  ", not " + Arch->Name);
    Prof = std::move(*P);
  }

  auto MB = MemoryBuffer::getFile(Input);
  if (!MB)
    return fail("cannot read '" + Input + "': " + MB.getError().message());

  FrontendInput In;
  In.FileName = Input;
  In.Source = (*MB)->getBuffer().str();
  In.Triple = Arch->Triple.str();
  In.ResourceDir = ResourceDir;
  In.Verbose = Verbose;
  In.Flags.push_back("-nostdinc");
  for (const std::string &I : Includes)
    In.Flags.push_back("-I" + I);
  for (const std::string &F : Tree->flags())
    In.Flags.push_back(F);
  for (const std::string &D : Defines)
    In.Flags.push_back("-D" + D);
  In.Flags.push_back("-fno-stack-protector");
  if (Verbose) {
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
  if (Error E = tracepointPrologue(In.Source, Prof ? &*Prof : nullptr, Input, TpPrologue)) {
    errs() << toString(std::move(E)) << "\n";
    return 1;
  }
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
  if (Verbose)
    errs() << "bpf-xcc: kernel reads use " << RO.ProbeRead << " ("
           << Tree->sourceDir() << "/include/uapi/linux/bpf.h "
           << (HasProbeReadKernel ? "lists" : "does not list")
           << " FN(probe_read_kernel))\n";

  // LINUX_VERSION_CODE of the target: $BCC_LINUX_VERSION_CODE (as patched
  // BCC), else the profile's, else the tree's. It is both the `version`
  // section and what the program's #if LINUX_VERSION_CODE sees.
  auto Version = targetVersionCode(*Tree, Prof ? &*Prof : nullptr);
  if (!Version)
    return fail(Version.takeError());
  if (Version->Overrides)
    In.VersionHeader = versionHeader(Version->Code, Version->From);
  if (Verbose)
    errs() << "bpf-xcc: LINUX_VERSION_CODE " << Version->Code << " from "
           << Version->From << "\n";

  if (Verbose)
    printInvocation("analysis pass", In, 1);
  RewriteResult RR;
  std::vector<std::string> SkippedBodies;
  if (Error E = runAnalysisPass(In, RO, RR, SkippedBodies)) {
    consumeError(std::move(E));
    return 1;
  }

  // Attach points: --attach first, then BCC's naming conventions, then the
  // context type.
  ObjectPlan Plan;
  Plan.Arch = &*Arch;
  Plan.VersionCode = Version->Code;
  Plan.Release = Prof && !Prof->release().empty() ? Prof->release().str() : Tree->release().str();
  for (const std::string &A : Attach)
    if (Error E = parseAttachOption(A, *Arch, Wrappers, Plan.Attach))
      return fail(std::move(E));
  StringSet<> ProbeNames;
  for (const ProbeFunction &P : RR.Probes) {
    ProbeNames.insert(P.Name);
    if (Plan.Attach.count(P.Name))
      continue;
    std::string Sec = attachFromName(P.Name, *Arch, Wrappers);
    if (Sec.empty())
      Sec = sectionFromContext(P.ContextType);
    if (!Sec.empty())
      Plan.Attach[P.Name].push_back(Sec);
  }
  for (const auto &[Fn, Secs] : Plan.Attach)
    if (!ProbeNames.contains(Fn))
      return fail("--attach " + Fn + "=...: " + Input +
                  " defines no probe function '" + Fn + "'");

  FrontendInput Code = In;
  Code.Source = RR.Source;
  Code.Prologue = In.Prologue + RR.Prologue;
  Code.SkipBodies = SkippedBodies;
  if (EmitC) {
    outs() << Code.Prologue << "#line 1 \"" << Input << "\"\n" << Code.Source;
    return 0;
  }
  if (Verbose)
    printInvocation("code pass", Code, 2);
  LLVMContext Ctx;
  auto M = runCodePass(Code, Ctx);
  if (!M) {
    consumeError(M.takeError());
    return 1;
  }
  if (Error E = writeObject(**M, Plan, Output))
    return fail(std::move(E));
  return 0;
}
