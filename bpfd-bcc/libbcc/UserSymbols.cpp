//===- UserSymbols.cpp - A device process's symbols -----------------------===//
#include "UserSymbols.h"
#include "DeviceReads.h"
#include "Device.h"

#include "bpf-xcc/UserBinary.h"

#include "llvm/BinaryFormat/ELF.h"
#include "llvm/Demangle/Demangle.h"

#include <algorithm>
#include <cinttypes>
#include <cstdio>
#include <map>
#include <mutex>
#include <sstream>

using namespace llvm;

namespace bpfdbcc {
namespace {

struct Symbol {
  uint64_t Start, Size;
  std::string Name, Demangled;
};

/// One device binary's function symbols, by address, and its load segments
/// (bpf-xcc's UserBinary reads them).
struct ModuleSymbols {
  bool Ok = false;
  bpfxcc::UserBinary File; ///< its segments (its symbols are in Syms)
  std::vector<Symbol> Syms; ///< sorted by start

  const Symbol *find(uint64_t VAddr) const {
    auto It = std::upper_bound(Syms.begin(), Syms.end(), VAddr,
                               [](uint64_t A, const Symbol &S) { return A < S.Start; });
    while (It != Syms.begin()) {
      --It;
      if (VAddr < It->Start + std::max<uint64_t>(It->Size, 1))
        return &*It;
      if (It->Size) // sized and behind us: nothing earlier covers VAddr
        break;
    }
    return nullptr;
  }
};

/// The function symbols of \p File's `.symtab`; stripped (none there), of
/// its `.dynsym`.
void takeFunctions(bpfxcc::UserBinary File, ModuleSymbols &M) {
  for (bool Dynamic : {false, true}) {
    for (bpfxcc::UserBinary::Symbol &S : File.Symbols)
      if (S.Dynamic == Dynamic && (S.Type == ELF::STT_FUNC || S.Type == ELF::STT_GNU_IFUNC) &&
          S.Address) {
        std::string Demangled = demangle(S.Name);
        M.Syms.push_back({S.Address, S.Size, std::move(S.Name), std::move(Demangled)});
      }
    if (!M.Syms.empty())
      break;
  }
  std::sort(M.Syms.begin(), M.Syms.end(),
            [](const Symbol &A, const Symbol &S) { return A.Start < S.Start; });
  File.Symbols.clear();
  File.SdtNotes.clear();
  M.File = std::move(File);
  M.Ok = true;
}

std::mutex CacheLock;
/// Binaries pulled from the device: key "path size/mtime-less mapping".
std::map<std::string, std::unique_ptr<ModuleSymbols>> &binaries() {
  static auto *M = new std::map<std::string, std::unique_ptr<ModuleSymbols>>();
  return *M;
}

const ModuleSymbols &binaryFor(int Pid, const DeviceMapping &M) {
  const std::string &Path = M.Path;
  std::string Key = Path;
  {
    std::lock_guard<std::mutex> G(CacheLock);
    auto It = binaries().find(Key);
    if (It != binaries().end())
      return *It->second;
  }
  auto B = std::make_unique<ModuleSymbols>();
  std::string Bytes, Err;
  if (readMappedFile(Pid, M, Bytes, Err)) {
    if (auto File = bpfxcc::UserBinary::read(Bytes, Path))
      takeFunctions(std::move(*File), *B);
    else
      consumeError(File.takeError());
  } else if (!Device::env("BPFD_BCC_VERBOSE").empty()) {
    warn("symbols of " + Path + " (pid " + std::to_string(Pid) + "): " + Err);
  }
  std::lock_guard<std::mutex> G(CacheLock);
  auto &Slot = binaries()[Key];
  if (!Slot)
    Slot = std::move(B);
  return *Slot;
}

} // namespace

void ProcessSymbols::load() {
  Loaded = true;
  executableMappings(Pid, Maps);
}

bool ProcessSymbols::resolve(uint64_t Addr, UserSymbol &Out) {
  Out = UserSymbol();
  if (!Loaded)
    load();
  for (const DeviceMapping &M : Maps) {
    if (Addr < M.Start || Addr >= M.End)
      continue;
    Out.Module = M.Path.c_str();
    const ModuleSymbols &B = binaryFor(Pid, M);
    uint64_t FileOffset = Addr - M.Start + M.FileOffset, VAddr = Addr;
    Out.Offset = FileOffset;
    if (!B.Ok || (B.File.SharedObject && !B.File.addressOfFileOffset(FileOffset, VAddr)))
      return false;
    const Symbol *S = B.find(VAddr);
    if (!S)
      return false;
    Out.Name = S->Name.c_str();
    Out.Demangled = S->Demangled.c_str();
    Out.Offset = VAddr - S->Start;
    return true;
  }
  return false;
}

} // namespace bpfdbcc
