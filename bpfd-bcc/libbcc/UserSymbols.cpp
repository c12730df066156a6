//===- UserSymbols.cpp - A device process's symbols -----------------------===//
#include "UserSymbols.h"
#include "DeviceReads.h"
#include "Device.h"

#include "llvm/Demangle/Demangle.h"
#include "llvm/Object/ELFObjectFile.h"
#include "llvm/Support/MemoryBuffer.h"

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

/// One device binary's function symbols and load segments.
struct Binary {
  bool Ok = false;
  bool Dynamic = false; ///< ET_DYN: addresses are relative to its load base
  struct Segment {
    uint64_t Offset, VAddr, FileSize;
  };
  std::vector<Segment> Loads;
  std::vector<Symbol> Syms; ///< sorted by start

  /// The file offset's virtual address, by the PT_LOAD holding it.
  bool vaddrOf(uint64_t FileOffset, uint64_t &VAddr) const {
    for (const Segment &S : Loads)
      if (FileOffset >= S.Offset && FileOffset < S.Offset + S.FileSize) {
        VAddr = FileOffset - S.Offset + S.VAddr;
        return true;
      }
    return false;
  }
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

template <class ELFT> void readElf(const object::ELFObjectFile<ELFT> &Obj, Binary &B) {
  const auto &File = Obj.getELFFile();
  B.Dynamic = File.getHeader().e_type == ELF::ET_DYN;
  if (auto Phdrs = File.program_headers())
    for (const auto &P : *Phdrs)
      if (P.p_type == ELF::PT_LOAD)
        B.Loads.push_back({P.p_offset, P.p_vaddr, P.p_filesz});
  auto Add = [&](const object::ELFSymbolRef &S) {
    if (S.getELFType() != ELF::STT_FUNC && S.getELFType() != ELF::STT_GNU_IFUNC)
      return;
    auto Name = S.getName();
    auto Addr = S.getAddress();
    if (!Name || !Addr || Name->empty() || !*Addr) {
      if (!Name) consumeError(Name.takeError());
      if (!Addr) consumeError(Addr.takeError());
      return;
    }
    Symbol Sym{*Addr, S.getSize(), Name->str(), demangle(Name->str())};
    B.Syms.push_back(std::move(Sym));
  };
  for (const object::ELFSymbolRef &S : Obj.symbols())
    Add(S);
  if (B.Syms.empty()) // stripped: the dynamic symbols
    for (const object::ELFSymbolRef &S : Obj.getDynamicSymbolIterators())
      Add(S);
  std::sort(B.Syms.begin(), B.Syms.end(),
            [](const Symbol &A, const Symbol &S) { return A.Start < S.Start; });
  B.Ok = true;
}

std::mutex CacheLock;
/// Binaries pulled from the device: key "path size/mtime-less mapping".
std::map<std::string, std::unique_ptr<Binary>> &binaries() {
  static auto *M = new std::map<std::string, std::unique_ptr<Binary>>();
  return *M;
}

const Binary &binaryFor(int Pid, const DeviceMapping &M) {
  const std::string &Path = M.Path;
  std::string Key = Path;
  {
    std::lock_guard<std::mutex> G(CacheLock);
    auto It = binaries().find(Key);
    if (It != binaries().end())
      return *It->second;
  }
  auto B = std::make_unique<Binary>();
  std::string Bytes, Err;
  if (readMappedFile(Pid, M, Bytes, Err)) {
    auto Buf = MemoryBuffer::getMemBuffer(Bytes, Path, false);
    auto Obj = object::ObjectFile::createObjectFile(Buf->getMemBufferRef());
    if (Obj) {
      if (auto *E = dyn_cast<object::ELF64LEObjectFile>(Obj->get()))
        readElf(*E, *B);
      else if (auto *E = dyn_cast<object::ELF64BEObjectFile>(Obj->get()))
        readElf(*E, *B);
      else if (auto *E = dyn_cast<object::ELF32LEObjectFile>(Obj->get()))
        readElf(*E, *B);
      else if (auto *E = dyn_cast<object::ELF32BEObjectFile>(Obj->get()))
        readElf(*E, *B);
    } else {
      consumeError(Obj.takeError());
    }
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
    const Binary &B = binaryFor(Pid, M);
    uint64_t FileOffset = Addr - M.Start + M.FileOffset, VAddr = Addr;
    Out.Offset = FileOffset;
    if (!B.Ok || (B.Dynamic && !B.vaddrOf(FileOffset, VAddr)))
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
