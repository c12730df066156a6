//===- Compile.cpp - C programs to objects through bpf-xcc, cached --------===//
#include "Compile.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/xxhash.h"

#include <chrono>

using namespace llvm;

namespace bpfrun {

static std::string binDir(const std::string &Argv0) {
  static int Anchor;
  std::string Exe = sys::fs::getMainExecutable(Argv0.c_str(), &Anchor);
  return sys::path::parent_path(Exe).str();
}

std::string cacheDir(const std::string &Argv0) {
  if (const char *Env = getenv("BPFD_CACHE_DIR"); Env && *Env)
    return Env;
  SmallString<256> P(sys::path::parent_path(binDir(Argv0)));
  sys::path::append(P, "cache");
  return std::string(P);
}

// Debian's headers tree of the cached kernel for Arch: the one
// $BPFD_KERNEL_SUITE boots, or with \p Reference the arch's first (current).
static Expected<std::string> defaultKernelTree(const std::string &Cache, StringRef Arch,
                                               bool Reference) {
  // Debian's flavour of each architecture's kernel (scripts/fetch-kernel.sh).
  StringRef Flavour = StringSwitch<StringRef>(Arch)
                          .Case("x86_64", "amd64")
                          .Case("arm", "armmp")
                          .Case("ppc64le", "powerpc64le")
                          .Default(Arch);
  // $BPFD_KERNEL_SUITE's kernel (kernels/ARCH/SUITE), as the qemu remote boots it.
  std::string Suite = getenv("BPFD_KERNEL_SUITE") && !Reference ? getenv("BPFD_KERNEL_SUITE") : "";
  if (Suite == "unstable")
    Suite = "sid";
  if (Suite.empty() || Suite == "bookworm")
    Suite = "current";
  SmallString<256> Src(Cache);
  sys::path::append(Src, "kernels", Arch, Suite);
  sys::path::append(Src, "usr", "src");
  std::error_code EC;
  for (sys::fs::directory_iterator I(Src, EC), E; I != E && !EC; I.increment(EC)) {
    StringRef Name = sys::path::filename(I->path());
    if (Name.starts_with("linux-headers-") && Name.ends_with("-" + Flavour.str()))
      return I->path();
  }
  return createStringError(inconvertibleErrorCode(),
                           "no --kernel given and no cached Debian kernel headers for " + Arch +
                               " under " + Src +
                               " (run scripts/fetch-kernel.sh " +
                               (Suite == "current" ? "" : "--suite " + Suite + " ") + Arch + ")");
}

Expected<std::string> compileCached(const CompileRequest &Req,
                                    const std::function<void(const std::string &)> &Say) {
  if (Req.Arch.empty())
    return createStringError(inconvertibleErrorCode(),
                             "compiling " + Req.Source + " needs --arch (or a qemu: remote)");
  std::string Cache = cacheDir(Req.Argv0);
  std::string Kernel = Req.Kernel;
  if (Kernel.empty() && Req.Profile.empty()) {
    Expected<std::string> K = defaultKernelTree(Cache, Req.Arch, Req.Core);
    if (!K)
      return K.takeError();
    Kernel = *K;
  }
  SmallString<256> Xcc(binDir(Req.Argv0));
  sys::path::append(Xcc, "bpf-xcc");
  if (!sys::fs::can_execute(Xcc))
    return createStringError(inconvertibleErrorCode(), "bpf-xcc not found at " + Xcc);

  std::vector<std::string> Args = {std::string(Xcc), "--arch", Req.Arch};
  if (Req.Core)
    Args.push_back("--core");
  if (!Kernel.empty())
    Args.insert(Args.end(), {"--kernel", Kernel});
  if (!Req.Profile.empty())
    Args.insert(Args.end(), {"--profile", Req.Profile});
  for (const std::string &A : Req.Attach)
    Args.insert(Args.end(), {"--attach", A});
  Args.insert(Args.end(), Req.ExtraArgs.begin(), Req.ExtraArgs.end());

  // The cache key: everything that changes the object.
  ErrorOr<std::unique_ptr<MemoryBuffer>> Src = MemoryBuffer::getFile(Req.Source);
  if (!Src)
    return createStringError(Src.getError(), "cannot read " + Req.Source);
  std::string Key = (*Src)->getBuffer().str();
  for (const std::string &A : Args)
    Key += '\0' + A;
  for (const std::string &F : {std::string(Xcc), Req.Profile, Kernel + "/.config"}) {
    sys::fs::file_status St;
    if (!F.empty() && !sys::fs::status(F, St)) {
      Key += '\0'; // a separator; never inside a format string, which it would end
      Key += formatv("{0}:{1}", St.getSize(),
                     St.getLastModificationTime().time_since_epoch().count())
                 .str();
    }
  }
  SmallString<256> Obj(Cache);
  sys::path::append(Obj, "objects");
  if (std::error_code EC = sys::fs::create_directories(Obj))
    return createStringError(EC, "cannot create " + Obj);
  sys::path::append(Obj, formatv("{0}-{1}-{2:x16}.o", sys::path::stem(Req.Source), Req.Arch,
                                 xxh3_64bits(Key))
                             .str());
  if (sys::fs::exists(Obj)) {
    Say("using cached object " + std::string(Obj));
    return std::string(Obj);
  }

  SmallString<256> Tmp(Obj);
  Tmp += ".tmp";
  Args.insert(Args.end(), {Req.Source, "-o", std::string(Tmp)});
  std::vector<StringRef> Argv(Args.begin(), Args.end());
  Say("compiling " + Req.Source + " for " + Req.Arch + " with bpf-xcc" +
      (Req.Core ? " --core against the reference tree " + Kernel : std::string()));
  auto Start = std::chrono::steady_clock::now();
  std::string ErrMsg;
  int RC = sys::ExecuteAndWait(Xcc, Argv, std::nullopt, {}, 0, 0, &ErrMsg);
  if (RC != 0) {
    sys::fs::remove(Tmp);
    return createStringError(inconvertibleErrorCode(),
                             "bpf-xcc failed on " + Req.Source +
                                 (ErrMsg.empty() ? "" : ": " + ErrMsg));
  }
  if (std::error_code EC = sys::fs::rename(Tmp, Obj))
    return createStringError(EC, "cannot move the object to " + Obj);
  Say(formatv("compiled in {0:f2} s", std::chrono::duration<double>(
                                          std::chrono::steady_clock::now() - Start)
                                          .count())
          .str());
  return std::string(Obj);
}

} // namespace bpfrun
