//===- AbiUsdt.cpp - USDT probes of device binaries and processes ---------===//
//
// bcc_usdt.h of BCC 0.26 on bpf-xcc's USDT library (bpf-xcc/Usdt.h): a
// context holds the USDT probes (SystemTap SDT notes, `.note.stapsdt`) of a
// device process's executable mappings, or of one device binary by its
// path. The device's files are read through bpfd: a process's mappings
// through /proc/PID/map_files/RANGE (UserSymbols.h); a path through a
// process that maps it (bpfd opens no other file outside /proc and /sys).
//
// Enabling a probe names the BPF function for it; bcc_usdt_genargs writes
// BCC's argument readers for the enabled probes (Usdt.h generateReaders),
// which BCC's Python puts before the program and bpf-xcc's rewrite of
// bpf_usdt_readarg calls; bcc_usdt_foreach_uprobe gives the locations BCC's
// Python attaches uprobes at. A probe with a semaphore needs a process, as in
// BCC: enabling it for a path alone fails; for a process, BCC 0.26 adds 1 to
// the semaphore through /proc/PID/mem, which bpfd does not write: the uprobes
// at its locations are attached with the semaphore as their ref_ctr_offset
// instead (UsdtSemaphores.h), and the kernel raises it while they are in.
//
//===----------------------------------------------------------------------===//
#include "Device.h"
#include "UserSymbols.h"
#include "bpf-xcc/Usdt.h"
#include "UsdtSemaphores.h"

#include <cerrno>
#include <cstdint>
#include <cstring>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <vector>

using namespace llvm;
using namespace bpfdbcc;
using namespace bpfxcc;

struct bcc_usdt {
  const char *provider;
  const char *name;
  const char *bin_path;
  uint64_t semaphore;
  int num_locations;
  int num_arguments;
  uint64_t semaphore_offset;
};

struct bcc_usdt_location {
  uint64_t address;
  const char *bin_path;
};

#define BCC_USDT_ARGUMENT_NONE 0x0
#define BCC_USDT_ARGUMENT_CONSTANT 0x1
#define BCC_USDT_ARGUMENT_DEREF_OFFSET 0x2
#define BCC_USDT_ARGUMENT_DEREF_IDENT 0x4
#define BCC_USDT_ARGUMENT_BASE_REGISTER_NAME 0x8
#define BCC_USDT_ARGUMENT_INDEX_REGISTER_NAME 0x10
#define BCC_USDT_ARGUMENT_SCALE 0x20

struct bcc_usdt_argument {
  int size;
  int valid;
  long long constant;
  int deref_offset;
  const char *deref_ident;
  const char *base_register_name;
  const char *index_register_name;
  int scale;
};

typedef void (*bcc_usdt_cb)(struct bcc_usdt *);
typedef void (*bcc_usdt_uprobe_cb)(const char *, const char *, uint64_t, int);

namespace {

/// One device file and, for a process, where it is mapped.
struct File {
  usdt::BinaryProbes B;
  std::vector<DeviceMapping> Maps; ///< the process's mappings of it
};

struct Probe {
  File *F;
  const usdt::Probe *P;
  std::string EnabledFn; ///< the BPF function it is enabled for
};

struct Context {
  int Pid = -1; ///< -1: a path alone
  std::vector<std::unique_ptr<File>> Files;
  std::vector<Probe> Probes;
  std::string ArgCType; ///< bcc_usdt_get_probe_argctype's answer
};

bool verbose() { return !Device::env("BPFD_BCC_VERBOSE").empty(); }

void addFile(Context &C, std::unique_ptr<File> F) {
  C.Files.push_back(std::move(F));
  File *Raw = C.Files.back().get();
  for (const usdt::Probe &P : Raw->B.Probes)
    C.Probes.push_back({Raw, &P, ""});
}

/// The address \p VAddr of \p F in the process: through the mapping that
/// holds its file offset (BCC's bcc_resolve_global_addr).
bool globalAddress(const File &F, uint64_t VAddr, uint64_t &Global) {
  uint64_t Off;
  if (!F.B.File.fileOffsetOf(VAddr, Off))
    return false;
  for (const DeviceMapping &M : F.Maps)
    if (Off >= M.FileOffset && Off < M.FileOffset + (M.End - M.Start)) {
      Global = Off - M.FileOffset + M.Start;
      return true;
    }
  return false;
}

Probe *findProbe(Context *C, const char *Provider, const char *Name, int &Matches) {
  Probe *Found = nullptr;
  Matches = 0;
  if (!C || !Name)
    return nullptr;
  for (Probe &P : C->Probes)
    if (P.P->Name == Name && (!Provider || P.P->Provider == Provider)) {
      if (!Found)
        Found = &P;
      ++Matches;
    }
  return Found;
}

int enable(void *Ctx, const char *Provider, const char *Name, const char *Fn) {
  auto *C = static_cast<Context *>(Ctx);
  int Matches;
  Probe *P = findProbe(C, Provider, Name, Matches);
  if (!P || !Fn) {
    errno = ENOENT;
    return -1;
  }
  if (!Provider && Matches > 1) {
    warn(std::string("USDT probe ") + Name + " is in more than one provider: name the provider");
    errno = EINVAL;
    return -1;
  }
  if (!P->EnabledFn.empty()) {
    errno = EBUSY; // BCC: a probe is enabled once
    return -1;
  }
  if (P->P->Semaphore) {
    // The probe does not fire while its semaphore is 0. BCC 0.26 sets it in
    // one process only, and refuses a path alone.
    if (C->Pid < 0) {
      warn("USDT probe " + P->P->Provider + ":" + P->P->Name + " of " + P->P->BinPath +
           " has a semaphore: enabling it needs a process (a PID), as in BCC");
      errno = ENOTSUP;
      return -1;
    }
    for (const usdt::Location &L : P->P->Locations) {
      uint64_t Off;
      if (P->F->B.File.fileOffsetOf(L.Address, Off))
        noteUsdtSemaphore(P->P->BinPath, Off, P->P->SemaphoreOffset);
    }
  }
  P->EnabledFn = Fn;
  return 0;
}

struct SemaphoreUse {
  std::string BinPath;
  uint64_t LocationOffset, SemaphoreOffset;
};
std::mutex SemaphoresLock;
std::vector<SemaphoreUse> &semaphores() {
  static std::vector<SemaphoreUse> Uses;
  return Uses;
}

const usdt::Argument *argumentOf(Context *C, const char *Provider, const char *Name,
                                 int Loc, int Arg) {
  int Matches;
  Probe *P = findProbe(C, Provider, Name, Matches);
  if (!P || Loc < 0 || size_t(Loc) >= P->P->Locations.size())
    return nullptr;
  const usdt::Location &L = P->P->Locations[size_t(Loc)];
  if (Arg < 0 || size_t(Arg) >= L.Args.size())
    return nullptr;
  return &L.Args[size_t(Arg)];
}

const char *argCType(void *Ctx, const char *Provider, const char *Name, int Arg) {
  auto *C = static_cast<Context *>(Ctx);
  int Matches;
  Probe *P = findProbe(C, Provider, Name, Matches);
  if (!P || Arg < 0 || size_t(Arg) >= P->P->numArgs())
    return "";
  // BCC: the type of the largest size any location gives the argument.
  const usdt::Argument *Largest = nullptr;
  for (const usdt::Location &L : P->P->Locations)
    if (size_t(Arg) < L.Args.size() && L.Args[size_t(Arg)].Error.empty() &&
        (!Largest || std::abs(L.Args[size_t(Arg)].Size) > std::abs(Largest->Size)))
      Largest = &L.Args[size_t(Arg)];
  C->ArgCType = Largest ? Largest->ctypeName() : "";
  return C->ArgCType.c_str();
}

} // namespace

void bpfdbcc::noteUsdtSemaphore(const std::string &BinPath, uint64_t LocationOffset,
                                uint64_t SemaphoreOffset) {
  std::lock_guard<std::mutex> G(SemaphoresLock);
  semaphores().push_back({BinPath, LocationOffset, SemaphoreOffset});
}

uint64_t bpfdbcc::usdtSemaphoreFor(const char *Path, uint64_t Offset) {
  if (!Path)
    return 0;
  auto baseName = [](StringRef P) { return P.substr(P.rfind('/') + 1); };
  std::lock_guard<std::mutex> G(SemaphoresLock);
  for (const SemaphoreUse &U : semaphores())
    if (U.LocationOffset == Offset &&
        (U.BinPath == Path || baseName(U.BinPath) == baseName(Path)))
      return U.SemaphoreOffset;
  return 0;
}

extern "C" {

void *bcc_usdt_new_frompid(int pid, const char *path) {
  std::vector<DeviceMapping> Maps;
  if (pid <= 0 || !executableMappings(pid, Maps)) {
    warn("USDT: no process " + std::to_string(pid) + " on the device");
    return nullptr;
  }
  auto C = std::make_unique<Context>();
  C->Pid = pid;
  std::set<std::string> Seen;
  for (const DeviceMapping &M : Maps) {
    if (path && *path && M.Path != path)
      continue;
    if (!Seen.insert(M.Path).second)
      continue;
    std::string Bytes, Err;
    if (!readMappedFile(pid, M, Bytes, Err)) {
      if (verbose())
        warn("USDT probes of " + M.Path + " (pid " + std::to_string(pid) + "): " + Err);
      continue;
    }
    auto B = usdt::readProbes(Bytes, M.Path);
    if (!B) {
      if (verbose())
        warn(toString(B.takeError()));
      else
        consumeError(B.takeError());
      continue;
    }
    auto F = std::make_unique<File>();
    F->B = std::move(*B);
    for (const DeviceMapping &N : Maps)
      if (N.Path == M.Path)
        F->Maps.push_back(N);
    addFile(*C, std::move(F));
  }
  return C.release();
}

void *bcc_usdt_new_frompath(const char *path) {
  if (!path || !*path)
    return nullptr;
  // bpfd opens a binary outside /proc and /sys only as a process's mapping:
  // find a device process that maps it.
  auto Found = bpfd::findMappingProcess(deviceFiles(), path);
  if (!Found) {
    warn("USDT probes of " + Found.error().message() + "; start it, or give -p PID");
    return nullptr;
  }
  std::string Bytes, Err;
  if (!readMappedFile(Found->Pid, Found->Mapping, Bytes, Err)) {
    warn("USDT probes of " + std::string(path) + ": " + Err);
    return nullptr;
  }
  auto B = usdt::readProbes(Bytes, path);
  if (!B) {
    warn(toString(B.takeError()));
    return nullptr;
  }
  auto C = std::make_unique<Context>();
  auto F = std::make_unique<File>();
  F->B = std::move(*B);
  addFile(*C, std::move(F));
  if (verbose())
    warn(std::string("USDT probes of ") + path + " read through process " +
         std::to_string(Found->Pid));
  return C.release();
}

void bcc_usdt_close(void *usdt) { delete static_cast<Context *>(usdt); }

void bcc_usdt_foreach(void *usdt, bcc_usdt_cb callback) {
  auto *C = static_cast<Context *>(usdt);
  if (!C || !callback)
    return;
  for (const Probe &P : C->Probes) {
    bcc_usdt U{P.P->Provider.c_str(), P.P->Name.c_str(), P.P->BinPath.c_str(),
               P.P->Semaphore,        int(P.P->Locations.size()), int(P.P->numArgs()),
               P.P->SemaphoreOffset};
    callback(&U);
  }
}

int bcc_usdt_get_location(void *usdt, const char *provider_name, const char *probe_name,
                          int index, struct bcc_usdt_location *location) {
  int Matches;
  Probe *P = findProbe(static_cast<Context *>(usdt), provider_name, probe_name, Matches);
  if (!P || !location || index < 0 || size_t(index) >= P->P->Locations.size()) {
    errno = ENOENT;
    return -1;
  }
  location->address = P->P->Locations[size_t(index)].Address;
  location->bin_path = P->P->BinPath.c_str();
  return 0;
}

int bcc_usdt_get_argument(void *usdt, const char *provider_name, const char *probe_name,
                          int location_index, int argument_index,
                          struct bcc_usdt_argument *argument) {
  const usdt::Argument *A = argumentOf(static_cast<Context *>(usdt), provider_name,
                                       probe_name, location_index, argument_index);
  if (!A || !argument) {
    errno = ENOENT;
    return -1;
  }
  *argument = bcc_usdt_argument();
  argument->size = A->Size;
  if (!A->Error.empty()) {
    argument->valid = BCC_USDT_ARGUMENT_NONE;
    return 0;
  }
  if (A->Constant) {
    argument->valid |= BCC_USDT_ARGUMENT_CONSTANT;
    argument->constant = *A->Constant;
  }
  if (A->DerefOffset) {
    argument->valid |= BCC_USDT_ARGUMENT_DEREF_OFFSET;
    argument->deref_offset = *A->DerefOffset;
  }
  if (A->DerefIdent) {
    argument->valid |= BCC_USDT_ARGUMENT_DEREF_IDENT;
    argument->deref_ident = A->DerefIdent->c_str();
  }
  if (A->BaseReg) {
    argument->valid |= BCC_USDT_ARGUMENT_BASE_REGISTER_NAME;
    argument->base_register_name = A->BaseReg->c_str();
  }
  if (A->IndexReg) {
    argument->valid |= BCC_USDT_ARGUMENT_INDEX_REGISTER_NAME;
    argument->index_register_name = A->IndexReg->c_str();
  }
  if (A->Scale) {
    argument->valid |= BCC_USDT_ARGUMENT_SCALE;
    argument->scale = *A->Scale;
  }
  return 0;
}

int bcc_usdt_enable_probe(void *usdt, const char *probe_name, const char *fn_name) {
  return enable(usdt, nullptr, probe_name, fn_name);
}

int bcc_usdt_enable_fully_specified_probe(void *usdt, const char *provider_name,
                                          const char *probe_name, const char *fn_name) {
  return enable(usdt, provider_name, probe_name, fn_name);
}

const char *bcc_usdt_genargs(void **ctx_array, int len) {
  static std::string Storage;
  if (!len)
    return "";
  std::string Out = usdt::ProgramHeader;
  std::set<std::string> Done; // BCC: binary*provider*name, once
  for (int I = 0; I < len; ++I) {
    auto *C = static_cast<Context *>(ctx_array[I]);
    if (!C)
      continue;
    for (const Probe &P : C->Probes) {
      if (P.EnabledFn.empty())
        continue;
      if (!Done.insert(P.P->BinPath + "*" + P.P->Provider + "*" + P.P->Name).second)
        continue;
      usdt::AddressResolver R;
      const File *F = P.F;
      if (C->Pid >= 0)
        R.Global = [F](uint64_t VAddr, uint64_t &Global) {
          return globalAddress(*F, VAddr, Global);
        };
      if (Error E = usdt::generateReaders(P.F->B, *P.P, P.EnabledFn, R, Out)) {
        warn(toString(std::move(E)));
        return nullptr;
      }
    }
  }
  Storage = std::move(Out);
  return Storage.c_str();
}

const char *bcc_usdt_get_probe_argctype(void *ctx, const char *probe_name, int arg_index) {
  return argCType(ctx, nullptr, probe_name, arg_index);
}

const char *bcc_usdt_get_fully_specified_probe_argctype(void *ctx, const char *provider_name,
                                                        const char *probe_name,
                                                        int arg_index) {
  return argCType(ctx, provider_name, probe_name, arg_index);
}

void bcc_usdt_foreach_uprobe(void *usdt, bcc_usdt_uprobe_cb callback) {
  auto *C = static_cast<Context *>(usdt);
  if (!C || !callback)
    return;
  for (const Probe &P : C->Probes)
    if (!P.EnabledFn.empty())
      for (const usdt::Location &L : P.P->Locations)
        callback(P.P->BinPath.c_str(), P.EnabledFn.c_str(), L.Address, C->Pid);
}

} // extern "C"
