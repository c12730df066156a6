//===- Module.cpp - A BCC module: compiled here, its maps on the device ---===//
#include "Module.h"
#include "Device.h"
#include "HostFds.h"
#include "ObjectBridge.h"

#include "bpf-xcc/Compiler.h"
#include "bpf-xcc/Profile.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/raw_ostream.h"

#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <linux/bpf.h>
#include <map>
#include <mutex>
#include <set>
#include <sstream>
#include <unistd.h>

namespace bpfdbcc {

// Parses a CPU list ("0-3,5") as in /sys/devices/system/cpu/possible.
static unsigned countCpuList(const std::string &Text) {
  unsigned N = 0;
  std::stringstream SS(Text);
  std::string Part;
  while (std::getline(SS, Part, ',')) {
    unsigned A, B;
    if (sscanf(Part.c_str(), "%u-%u", &A, &B) == 2 && B >= A)
      N += B - A + 1;
    else if (sscanf(Part.c_str(), "%u", &A) == 1)
      N += 1;
  }
  return N;
}

unsigned possibleCpus() {
  // In bpfd-bcc's sandbox, /sys/devices/system/cpu is the device's.
  static unsigned N = [] {
    std::ifstream F("/sys/devices/system/cpu/possible");
    std::string Text;
    std::getline(F, Text);
    unsigned C = countCpuList(Text);
    return C ? C : 1u;
  }();
  return N;
}

// The tracepoint categories a program names (TRACEPOINT_PROBE(cat, ev) or
// struct tracepoint__cat__ev), for the profile request.
static std::set<std::string> tracepointCategories(const std::string &Text) {
  std::set<std::string> Cats;
  llvm::Regex Probe("TRACEPOINT_PROBE[ \t]*\\([ \t]*([A-Za-z0-9_]+)[ \t]*,");
  llvm::Regex Struct("struct[ \t]+tracepoint__([A-Za-z0-9_]+)__");
  for (llvm::Regex *Re : {&Probe, &Struct}) {
    llvm::StringRef Rest = Text;
    llvm::SmallVector<llvm::StringRef, 2> M;
    while (Re->match(Rest, &M)) {
      std::string Cat = M[1].str();
      if (Re == &Struct) { // BCC splits struct tracepoint__a__b_c at the first "__"
        size_t Sep = Cat.find("__");
        if (Sep != std::string::npos)
          Cat = Cat.substr(0, Sep);
      }
      Cats.insert(Cat);
      Rest = Rest.drop_front(M[0].data() + M[0].size() - Rest.data());
    }
  }
  return Cats;
}

// The device's profile (release, version code, the formats of the
// tracepoints in \p Cats), written to a file for Profile::load().
static bool fetchProfile(const std::set<std::string> &Cats, std::string &Path) {
  static std::mutex Lock;
  static std::map<std::string, std::string> Cache; // categories -> file
  std::string Tp;
  for (const std::string &C : Cats)
    Tp += (Tp.empty() ? "" : ",") + C;
  if (Tp.empty())
    Tp = "none";
  std::lock_guard<std::mutex> G(Lock);
  auto It = Cache.find(Tp);
  if (It != Cache.end()) {
    Path = It->second;
    return true;
  }
  auto R = Device::get().command("GET_TARGET_PROFILE tp=" + Tp + " kfuncs=none");
  if (!R) {
    warn("cannot read the device's target profile: " + R.error().message());
    return false;
  }
  if (!R->ok()) {
    warn("GET_TARGET_PROFILE tp=" + Tp + " failed on the device: " + R->Message);
    return false;
  }
  llvm::SmallString<128> File;
  int Fd;
  if (llvm::sys::fs::createTemporaryFile("bpfd-bcc-profile", "txt", Fd, File)) {
    warn("cannot create a temporary file for the device's profile");
    return false;
  }
  llvm::raw_fd_ostream OS(Fd, /*shouldClose=*/true);
  for (const std::string &L : R->Payload)
    OS << L << "\n";
  OS.close();
  Cache[Tp] = std::string(File);
  Path = std::string(File);
  return true;
}

namespace {
// Collects bpfd's load plan and creates the maps on the device.
class ModuleBuilder : public PlanSink {
public:
  explicit ModuleBuilder(Module &M) : M(M) {}
  bool Failed = false;
  std::vector<long long> MapHandles;

  void map(const PlanMap &P) override {
    if (Failed)
      return;
    Table T;
    T.Name = P.Name;
    T.Type = P.Type;
    T.KeySize = P.KeySize;
    T.ValueSize = P.ValueSize;
    T.MaxEntries = P.MaxEntries;
    T.Flags = P.Flags;
    T.DataSection = P.DataSection;
    if (T.Type == BPF_MAP_TYPE_PERF_EVENT_ARRAY && T.MaxEntries == 0)
      T.MaxEntries = possibleCpus();
    auto R = Device::get().command(
        "BPF_CREATE_MAP " + std::to_string(T.Type) + " " + quoteToken(T.Name) + " " +
        std::to_string(T.KeySize) + " " + std::to_string(T.ValueSize) + " " +
        std::to_string(T.MaxEntries) + " " + std::to_string(T.Flags));
    if (!R || !R->ok()) {
      warn("creating map '" + T.Name + "' on the device failed: " +
           (R ? R->Message : R.error().message()));
      Failed = true;
      return;
    }
    T.Device = R->Ret;
    if (P.DataSection && P.Init && P.InitSize) {
      uint32_t Zero = 0;
      std::string Value(reinterpret_cast<const char *>(P.Init), P.InitSize);
      Value.resize(T.ValueSize, '\0');
      auto U = Device::get().command("BPF_UPDATE_ELEM " + std::to_string(T.Device) + " " +
                                     bpfd::encodeBlob(&Zero, 4) + " " +
                                     bpfd::encodeBlob(Value.data(), Value.size()));
      if (!U || !U->ok()) {
        warn("initialising '" + T.Name + "' on the device failed: " +
             (U ? U->Message : U.error().message()));
        Failed = true;
      }
    }
    HostHandle H;
    H.Kind = HandleKind::Map;
    H.Device = T.Device;
    H.Name = T.Name;
    H.MapType = T.Type;
    H.KeySize = T.KeySize;
    H.ValueSize = T.ValueSize;
    H.MaxEntries = T.MaxEntries;
    T.HostFd = newHostFd(H);
    MapHandles.push_back(T.Device);
    M.Tables.push_back(std::move(T));
  }

  void prog(const PlanProg &P) override {
    if (Failed)
      return;
    Function F;
    F.Name = P.Name;
    F.Section = P.Section;
    F.Insns.resize(P.InsnCount);
    memcpy(F.Insns.data(), P.Insns, P.InsnCount * sizeof(uint64_t));
    auto *Insn = reinterpret_cast<bpf_insn *>(F.Insns.data());
    for (size_t K = 0; K < P.RefCount; ++K) {
      const PlanRef &R = P.Refs[K];
      if (R.Map >= MapHandles.size() || R.Insn + 1 >= P.InsnCount) {
        warn("function '" + F.Name + "': a map reference the object does not resolve");
        Failed = true;
        return;
      }
      Insn[R.Insn].src_reg = R.Value ? BPF_PSEUDO_MAP_VALUE : BPF_PSEUDO_MAP_FD;
      Insn[R.Insn].imm = int32_t(MapHandles[R.Map]);
      if (R.Value)
        Insn[R.Insn + 1].imm = int32_t(R.Offset);
    }
    M.Functions.push_back(std::move(F));
  }

  void license(const char *License, bool HasVersion, uint32_t Version) override {
    if (License && *License)
      M.License = License;
    if (HasVersion)
      M.KernVersion = Version;
  }

private:
  Module &M;
};
} // namespace

// Progress of module creation on stderr, with $BPFD_BCC_VERBOSE.
namespace {
class Steps {
public:
  Steps() : Verbose(!Device::env("BPFD_BCC_VERBOSE").empty()),
            Last(std::chrono::steady_clock::now()) {}
  void done(const std::string &What) {
    auto Now = std::chrono::steady_clock::now();
    if (Verbose) {
      char Buf[32];
      snprintf(Buf, sizeof Buf, " in %.2f s", std::chrono::duration<double>(Now - Last).count());
      warn(What + Buf);
    }
    Last = Now;
  }

private:
  bool Verbose;
  std::chrono::steady_clock::time_point Last;
};
} // namespace

llvm::Expected<bpfxcc::BccRelease> toolBccRelease() {
  std::string Version = Device::env("BPFD_BCC_VERSION");
  if (Version.empty())
    return bpfxcc::BccRelease();
  auto R = bpfxcc::BccRelease::parse(Version);
  if (!R)
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "BPFD_BCC_VERSION: " + llvm::toString(R.takeError()));
  return R;
}

std::unique_ptr<Module> Module::create(const std::string &Text,
                                       const std::vector<std::string> &CFlags,
                                       unsigned DebugFlags) {
  Steps Progress;
  std::string Arch = Device::env("BPFD_BCC_ARCH");
  std::string Kernel = Device::env("BPFD_BCC_KERNEL");
  if (Arch.empty() || Kernel.empty()) {
    warn("BPFD_BCC_ARCH and BPFD_BCC_KERNEL are not set: run the tool as "
         "`bpfd-bcc TOOL ...`");
    errno = EINVAL;
    return nullptr;
  }
  std::string ProfilePath;
  if (!fetchProfile(tracepointCategories(Text), ProfilePath)) {
    errno = EIO;
    return nullptr;
  }
  Progress.done("the device's profile");
  auto Prof = bpfxcc::Profile::load(ProfilePath);
  if (!Prof) {
    warn("the device's profile: " + llvm::toString(Prof.takeError()));
    errno = EIO;
    return nullptr;
  }

  auto Bcc = toolBccRelease();
  if (!Bcc) {
    warn(llvm::toString(Bcc.takeError()));
    errno = EINVAL;
    return nullptr;
  }

  bpfxcc::CompileOptions CO;
  CO.FileName = "<text>";
  CO.BccVersion = *Bcc;
  CO.Source = Text;
  CO.ArchName = Arch;
  CO.KernelDir = Kernel;
  CO.Prof = &*Prof;
  CO.ProfileName = "the device's profile";
  CO.ExtraFlags = CFlags;
  CO.SectionOfEveryProbe = "kprobe";
  CO.Verbose = !Device::env("BPFD_BCC_VERBOSE").empty();
  auto Res = bpfxcc::compileProgram(CO);
  if (!Res) {
    llvm::Error E = Res.takeError();
    if (E.isA<bpfxcc::DiagnosedError>())
      llvm::consumeError(std::move(E));
    else
      warn("compiling the program for " + Arch + ": " + llvm::toString(std::move(E)));
    errno = EINVAL;
    return nullptr;
  }
  Progress.done("compiled for " + Arch + " (" + std::to_string(Res->Object.size()) +
                "-byte object)");
  if (DebugFlags & 0x4) // DEBUG_PREPROCESSOR: the rewritten text, as BCC prints it
    llvm::errs() << Res->RewrittenC;

  auto M = std::unique_ptr<Module>(new Module());
  M->KernVersion = Res->VersionCode;
  ModuleBuilder B(*M);
  char Err[512] = "";
  if (!parseObject(reinterpret_cast<const uint8_t *>(Res->Object.data()),
                   Res->Object.size(), B, Err, sizeof Err)) {
    warn(std::string("the compiled object: ") + Err);
    errno = EINVAL;
    return nullptr; // ~Module closes the maps made so far
  }
  if (B.Failed) {
    errno = EIO;
    return nullptr;
  }
  Progress.done(std::to_string(M->Tables.size()) + " maps created on the device");
  for (const bpfxcc::MapInfo &I : Res->Rewrite.Maps)
    for (Table &T : M->Tables)
      if (T.Name == I.Name) {
        T.KeyDesc = I.KeyDesc;
        T.LeafDesc = I.LeafDesc;
        T.EventFields = I.EventFields;
      }
  return M;
}

Module::~Module() {
  for (Table &T : Tables) {
    if (T.HostFd >= 0)
      closeHostFd(T.HostFd);
    if (T.Device >= 0) {
      auto R = Device::get().command("BPF_CLOSE " + std::to_string(T.Device));
      (void)R;
    }
  }
}

const Table *Module::table(const std::string &Name) const {
  for (const Table &T : Tables)
    if (T.Name == Name && !T.DataSection)
      return &T;
  return nullptr;
}

const Function *Module::function(const std::string &Name) const {
  for (const Function &F : Functions)
    if (F.Name == Name)
      return &F;
  return nullptr;
}

} // namespace bpfdbcc
