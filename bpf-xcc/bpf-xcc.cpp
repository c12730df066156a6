//===- bpf-xcc.cpp - Cross-compile BCC programs to BPF objects -------------===//
//
// bpf-xcc --arch arm64 --kernel DIR [--profile FILE] [-D...] [-I...]
//         [--attach FN=SECTION ...] [--bcc-version X.Y.Z] prog.c -o prog.bpf.o
//
//===----------------------------------------------------------------------===//
#include "bpf-xcc/Arch.h"
#include "bpf-xcc/Compiler.h"
#include "bpf-xcc/Profile.h"
#include "SyscallTable.h"
#include "UsdtProgram.h"

#include "bpfd-cli/OptionErrors.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>

using namespace llvm;
using namespace bpfxcc;

static cl::OptionCategory Cat("bpf-xcc options");
static cl::opt<std::string> Input(cl::Positional, cl::desc("<prog.c>"), cl::cat(Cat));
static cl::opt<std::string> Output("o", cl::desc("Output object file"),
                                   cl::value_desc("file"), cl::cat(Cat));
static cl::opt<std::string> ArchName(
    "arch", cl::desc("Target architecture: arm64 (aarch64), x86_64, arm, "
                     "riscv64, s390x, ppc64le (default: $ARCH)"),
    cl::value_desc("arch"), cl::cat(Cat));
static cl::opt<std::string> KernelDir(
    "kernel", cl::desc("Configured kernel tree, Debian linux-headers-ABI-FLAVOUR "
                       "folder, or a kernel's kheaders.tar.xz or the folder unpacked "
                       "from it (default: $BCC_KERNEL_SOURCE)"),
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
static cl::list<std::string> Usdt(
    "usdt", cl::desc("Enable the USDT probe PROVIDER:PROBE of BINARY (a host copy of the "
                     "device's file) for function FN: its argument readers for "
                     "bpf_usdt_readarg, FN attached at its locations; repeatable"),
    cl::value_desc("binary[:provider:probe][=fn]"), cl::cat(Cat));
static cl::list<std::string> UsdtDevicePath(
    "usdt-device-path",
    cl::desc("Attach the probes --usdt reads from BINARY (a host copy) at PATH, the file's "
             "path on the device (default: BINARY itself); repeatable"),
    cl::value_desc("binary=path"), cl::cat(Cat));
static cl::opt<std::string> ListUsdt(
    "list-usdt", cl::desc("Print the USDT probes of a binary and their operands, and stop"),
    cl::value_desc("binary"), cl::cat(Cat));
static cl::opt<std::string> BccVersionArg(
    "bcc-version",
    cl::desc("The BCC release the program is written for: its helpers.h macros, "
             "its frontend's rewrites, its loader's function names (0.26.0 and "
             "later; default 0.26.0)"),
    cl::value_desc("x.y.z"), cl::init("0.26.0"), cl::cat(Cat));
static cl::opt<bool> Core(
    "core",
    cl::desc("CO-RE (docs/core.md): every kernel read (a->b->c, bpf_probe_read* of a "
             "member, structs reached through PT_REGS_*) carries a .BTF.ext field "
             "relocation against --kernel's records, which bpfd's LOAD_OBJECT fixes "
             "by the device's /sys/kernel/btf/vmlinux: --kernel is then a reference "
             "tree of the same architecture, any release"),
    cl::cat(Cat));
static cl::opt<bool> Verbose("v", cl::desc("Print the kernel flags and the clang invocation"),
                             cl::cat(Cat));
static cl::opt<bool> TimePhases(
    "time-phases",
    cl::desc("Print the CPU time of each phase (setup, tracepoint structs, analysis "
             "pass, code pass, object) on stderr"),
    cl::cat(Cat));
static cl::opt<bool> NoCache(
    "no-cache",
    cl::desc("Neither read nor write the header cache (precompiled kernel headers "
             "in $BPF_XCC_CACHE_DIR, else $XDG_CACHE_HOME/bpf-xcc or "
             "~/.cache/bpf-xcc)"),
    cl::cat(Cat));
static cl::opt<bool> EmitC("emit-c", cl::desc("Print the rewritten C program and stop"),
                           cl::cat(Cat));
static cl::opt<bool> SyscallTableOpt(
    "syscall-table",
    cl::desc("Print the target's system call numbers as `ausyscall --dump` does "
             "(from the kernel tree's asm/unistd.h) and stop; no input file"),
    cl::cat(Cat));
static cl::list<std::string> TracepointFormat(
    "tracepoint-format",
    cl::desc("Print the record of tracepoint CATEGORY:EVENT as the kernel tree "
             "gives it (tracefs format fields) and, with --profile, compare it "
             "with the profile's format; @profile: every tracepoint of the "
             "profile, one line each; no input file; repeatable"),
    cl::value_desc("cat:event"), cl::cat(Cat));
static cl::opt<std::string> ResourceDir(
    "resource-dir", cl::desc("clang's resource folder (builtin headers)"),
    cl::init(defaultResourceDir()), cl::Hidden, cl::cat(Cat));

static int fail(const Twine &Msg) {
  WithColor::error(errs(), "bpf-xcc") << Msg << "\n";
  return 1;
}
static int fail(Error E) {
  // Errors clang reported as diagnostics are not repeated.
  if (E.isA<DiagnosedError>()) {
    consumeError(std::move(E));
    return 1;
  }
  std::string Msg = toString(std::move(E));
  // A located message ("file:line: error: ...") is printed as it is.
  if (StringRef(Msg).contains(": error: ")) {
    errs() << Msg << "\n";
    return 1;
  }
  return fail(Msg);
}


int main(int argc, char **argv) {
  InitLLVM X(argc, argv);
  cl::HideUnrelatedOptions(Cat);
  if (!bpfdcli::parseOptionsOneLine(
      argc, argv,
      "bpf-xcc: compile a BCC tool's BPF C program for another architecture's "
      "kernel into a BPF ELF object (maps in .maps, one section per probe, "
      "license, version, BTF, .bpfd.target)\n\n"
      "Environment (as BCC): ARCH, BCC_KERNEL_SOURCE, BCC_LINUX_VERSION_CODE "
      "(overrides the profile's and the tree's LINUX_VERSION_CODE)\n",
      "bpf-xcc"))
    return 1;

  if (!ListUsdt.empty()) {
    if (Error E = listUsdt(ListUsdt, outs()))
      return fail(std::move(E));
    return 0;
  }

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

  // An empty -D or -I would reach clang as a bare "-D"/"-I" that takes the
  // next flag as its value.
  for (const std::string &D : Defines)
    if (D.empty() || D[0] == '=')
      return fail("-D needs a macro name (-D NAME or -D NAME=VALUE)");
  for (const std::string &I : Includes)
    if (I.empty())
      return fail("-I needs a folder");
  if (SyscallTableOpt) {
    auto Table = syscallTable(ArchArg, Dir);
    if (!Table)
      return fail(Table.takeError());
    outs() << "Using " << Arch->Name << " syscall table:\n";
    for (const auto &[Nr, Name] : *Table)
      outs() << Nr << "\t" << Name << "\n";
    return 0;
  }
  if (!TracepointFormat.empty()) {
    std::optional<Profile> TpProf;
    if (!ProfilePath.empty()) {
      auto P = Profile::load(ProfilePath);
      if (!P)
        return fail(P.takeError());
      TpProf = std::move(*P);
    }
    CompileOptions CO;
    CO.ArchName = ArchArg;
    CO.KernelDir = Dir;
    CO.Prof = TpProf ? &*TpProf : nullptr;
    CO.ProfileName = "the profile " + ProfilePath;
    CO.Includes = Includes;
    CO.Defines = Defines;
    CO.ResourceDir = ResourceDir;
    CO.Verbose = Verbose;
    if (Error E = printTracepointFormats(CO, TracepointFormat, outs()))
      return fail(std::move(E));
    return 0;
  }
  if (Input.empty())
    return fail("no input file (bpf-xcc --help)");
  if (Output.empty())
    return fail("no output file: give -o FILE");

  std::optional<Profile> Prof;
  if (!ProfilePath.empty()) {
    auto P = Profile::load(ProfilePath);
    if (!P)
      return fail(P.takeError());
    Prof = std::move(*P);
  }

  auto MB = MemoryBuffer::getFile(Input);
  if (!MB)
    return fail("cannot read '" + Input + "': " + MB.getError().message());

  auto Bcc = BccRelease::parse(BccVersionArg);
  if (!Bcc)
    return fail(Twine("--bcc-version: ") + toString(Bcc.takeError()));

  CompileOptions CO;
  CO.FileName = Input;
  CO.BccVersion = *Bcc;
  CO.Source = (*MB)->getBuffer().str();
  CO.ArchName = ArchArg;
  CO.KernelDir = Dir;
  CO.Prof = Prof ? &*Prof : nullptr;
  CO.ProfileName = "the profile " + ProfilePath;
  CO.Includes = Includes;
  CO.Defines = Defines;
  CO.Attach = Attach;
  std::map<std::string, std::string> DevicePaths;
  for (const std::string &M : UsdtDevicePath) {
    auto [Copy, Path] = StringRef(M).split('=');
    if (Copy.empty() || Path.empty())
      return fail(createStringError(inconvertibleErrorCode(),
                                    "--usdt-device-path takes BINARY=PATH, not '" + M + "'"));
    DevicePaths[Copy.str()] = Path.str();
  }
  if (Error E = applyUsdtOptions(Usdt, Input, DevicePaths, CO.Source, CO.Attach))
    return fail(std::move(E));
  CO.ResourceDir = ResourceDir;
  CO.Verbose = Verbose;
  CO.RewriteOnly = EmitC;
  CO.NoCache = NoCache;
  CO.TimePhases = TimePhases;
  CO.Core = Core;
  auto R = compileProgram(CO);
  if (!R)
    return fail(R.takeError());
  if (EmitC) {
    outs() << R->RewrittenC;
    return 0;
  }
  std::error_code EC;
  ToolOutputFile Out(Output, EC, sys::fs::OF_None);
  if (EC)
    return fail("cannot open '" + Output + "' for writing: " + EC.message());
  Out.os() << R->Object;
  Out.os().flush();
  if (Out.os().has_error())
    return fail("cannot write '" + Output + "'");
  Out.keep();
  return 0;
}
