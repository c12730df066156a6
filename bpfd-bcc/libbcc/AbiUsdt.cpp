//===- AbiUsdt.cpp - USDT probes of device processes ----------------------===//
//
// bcc_usdt.h of BCC 0.26: a context holds the USDT probes (SystemTap SDT
// notes, `.note.stapsdt`) of a device process's executable mappings, each
// file read through bpfd (/proc/PID/map_files/RANGE, UserSymbols.h) and its
// notes read with LLVM's object library. Listing them (tplist -p PID) and
// enabling a probe by name work; a process without the probe is refused as
// BCC refuses it. What an enabled probe needs next, the BPF code that reads
// its arguments (bcc_usdt_genargs) from the operands in the note, is not
// generated yet: that says so and fails, as does a context of a path alone
// (the device's files outside /proc and /sys cannot be read).
//
//===----------------------------------------------------------------------===//
#include "Device.h"
#include "UserSymbols.h"

#include "llvm/Object/ELFObjectFile.h"
#include "llvm/Support/MemoryBuffer.h"

#include <cerrno>
#include <cstdint>
#include <cstring>
#include <memory>
#include <set>
#include <string>
#include <vector>

using namespace llvm;
using namespace bpfdbcc;

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

typedef void (*bcc_usdt_cb)(struct bcc_usdt *);
typedef void (*bcc_usdt_uprobe_cb)(const char *, const char *, uint64_t, int);

namespace {

struct Probe {
  std::string Provider, Name, BinPath, Args;
  uint64_t Semaphore = 0, SemaphoreOffset = 0;
  std::vector<uint64_t> Locations; ///< the probe points' addresses in BinPath
  std::string EnabledFn;           ///< the BPF function it is enabled for
};

struct Context {
  int Pid = -1;
  std::vector<Probe> Probes;
};

/// The number of arguments in a note's argument string ("-4@%edi 8@%rsi").
int countArgs(const std::string &Args) {
  int N = 0;
  bool InWord = false;
  for (char C : Args) {
    bool Blank = C == ' ' || C == '\t';
    if (!Blank && !InWord)
      ++N;
    InWord = !Blank;
  }
  return N;
}

template <class ELFT>
void readNotes(const object::ELFFile<ELFT> &File, const std::string &Path,
               std::vector<Probe> &Out) {
  using Addr = typename ELFT::uint;
  auto Sections = File.sections();
  if (!Sections) {
    consumeError(Sections.takeError());
    return;
  }
  // The address the notes' base field was written for, and where the
  // section `.stapsdt.base` is in this file (prelinking may move it).
  uint64_t BaseSection = 0;
  bool HaveBase = false;
  for (const auto &S : *Sections) {
    auto Name = File.getSectionName(S);
    if (!Name) {
      consumeError(Name.takeError());
      continue;
    }
    if (*Name == ".stapsdt.base") {
      BaseSection = S.sh_addr;
      HaveBase = true;
    }
  }
  auto FileOffsetOf = [&](uint64_t VAddr) -> uint64_t {
    auto Phdrs = File.program_headers();
    if (!Phdrs) {
      consumeError(Phdrs.takeError());
      return 0;
    }
    for (const auto &P : *Phdrs)
      if (P.p_type == ELF::PT_LOAD && VAddr >= P.p_vaddr && VAddr < P.p_vaddr + P.p_memsz)
        return VAddr - P.p_vaddr + P.p_offset;
    return 0;
  };
  for (const auto &S : *Sections) {
    if (S.sh_type != ELF::SHT_NOTE)
      continue;
    auto Name = File.getSectionName(S);
    if (!Name || *Name != ".note.stapsdt") {
      if (!Name)
        consumeError(Name.takeError());
      continue;
    }
    Error Err = Error::success();
    for (const auto &Note : File.notes(S, Err)) {
      if (Note.getName() != "stapsdt" || Note.getType() != 3)
        continue;
      ArrayRef<uint8_t> Desc = Note.getDesc(S.sh_addralign ? S.sh_addralign : 4);
      if (Desc.size() < 3 * sizeof(Addr))
        continue;
      auto Field = [&](int I) -> uint64_t {
        return support::endian::read<Addr, ELFT::Endianness>(Desc.data() + I * sizeof(Addr));
      };
      uint64_t Pc = Field(0), Base = Field(1), Sem = Field(2);
      if (HaveBase && Base) {
        Pc += BaseSection - Base;
        if (Sem)
          Sem += BaseSection - Base;
      }
      // provider\0name\0args\0
      const char *Text = reinterpret_cast<const char *>(Desc.data()) + 3 * sizeof(Addr);
      size_t Left = Desc.size() - 3 * sizeof(Addr);
      std::string Parts[3];
      for (std::string &P : Parts) {
        size_t Len = strnlen(Text, Left);
        P.assign(Text, Len);
        if (Len >= Left) {
          Left = 0;
          break;
        }
        Text += Len + 1;
        Left -= Len + 1;
      }
      Probe *Same = nullptr;
      for (Probe &P : Out)
        if (P.Provider == Parts[0] && P.Name == Parts[1] && P.BinPath == Path)
          Same = &P;
      if (!Same) {
        Out.push_back(Probe());
        Same = &Out.back();
        Same->Provider = Parts[0];
        Same->Name = Parts[1];
        Same->Args = Parts[2];
        Same->BinPath = Path;
        Same->Semaphore = Sem;
        Same->SemaphoreOffset = Sem ? FileOffsetOf(Sem) : 0;
      }
      Same->Locations.push_back(Pc);
    }
    if (Err)
      consumeError(std::move(Err));
  }
}

void readProbes(const std::string &Bytes, const std::string &Path, std::vector<Probe> &Out) {
  auto Buf = MemoryBuffer::getMemBuffer(Bytes, Path, false);
  auto Obj = object::ObjectFile::createObjectFile(Buf->getMemBufferRef());
  if (!Obj) {
    consumeError(Obj.takeError());
    return;
  }
  if (auto *E = dyn_cast<object::ELF64LEObjectFile>(Obj->get()))
    readNotes(E->getELFFile(), Path, Out);
  else if (auto *E = dyn_cast<object::ELF64BEObjectFile>(Obj->get()))
    readNotes(E->getELFFile(), Path, Out);
  else if (auto *E = dyn_cast<object::ELF32LEObjectFile>(Obj->get()))
    readNotes(E->getELFFile(), Path, Out);
  else if (auto *E = dyn_cast<object::ELF32BEObjectFile>(Obj->get()))
    readNotes(E->getELFFile(), Path, Out);
}

Probe *findProbe(Context *C, const char *Provider, const char *Name, int &Matches) {
  Probe *Found = nullptr;
  Matches = 0;
  if (!C || !Name)
    return nullptr;
  for (Probe &P : C->Probes)
    if (P.Name == Name && (!Provider || P.Provider == Provider)) {
      if (!Found)
        Found = &P;
      ++Matches;
    }
  return Found;
}

int enable(void *Ctx, const char *Provider, const char *Name, const char *Fn) {
  int Matches;
  Probe *P = findProbe(static_cast<Context *>(Ctx), Provider, Name, Matches);
  if (!P || !Fn) {
    errno = ENOENT;
    return -1;
  }
  if (!Provider && Matches > 1) {
    warn(std::string("USDT probe ") + Name + " is in more than one provider: name the provider");
    errno = EINVAL;
    return -1;
  }
  P->EnabledFn = Fn;
  return 0;
}

} // namespace

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
    if (!readMappedFile(pid, M.Start, M.End, Bytes, Err)) {
      if (!Device::env("BPFD_BCC_VERBOSE").empty())
        warn("USDT probes of " + M.Path + " (pid " + std::to_string(pid) + "): " + Err);
      continue;
    }
    readProbes(Bytes, M.Path, C->Probes);
  }
  return C.release();
}

void *bcc_usdt_new_frompath(const char *path) {
  warn(std::string("USDT probes of a binary by its path (") + (path ? path : "") +
       ") are not supported by bpfd-bcc yet: the device's files are read through a "
       "process that maps them (give a PID)");
  return nullptr;
}

void bcc_usdt_close(void *usdt) { delete static_cast<Context *>(usdt); }

void bcc_usdt_foreach(void *usdt, bcc_usdt_cb callback) {
  auto *C = static_cast<Context *>(usdt);
  if (!C || !callback)
    return;
  for (const Probe &P : C->Probes) {
    bcc_usdt U{P.Provider.c_str(), P.Name.c_str(), P.BinPath.c_str(), P.Semaphore,
               int(P.Locations.size()), countArgs(P.Args), P.SemaphoreOffset};
    callback(&U);
  }
}

int bcc_usdt_get_location(void *usdt, const char *provider_name, const char *probe_name,
                          int index, struct bcc_usdt_location *location) {
  int Matches;
  Probe *P = findProbe(static_cast<Context *>(usdt), provider_name, probe_name, Matches);
  if (!P || !location || index < 0 || size_t(index) >= P->Locations.size()) {
    errno = ENOENT;
    return -1;
  }
  location->address = P->Locations[size_t(index)];
  location->bin_path = P->BinPath.c_str();
  return 0;
}

int bcc_usdt_get_argument(void *, const char *, const char *, int, int, void *) {
  warn("USDT probe arguments are not supported by bpfd-bcc yet");
  errno = ENOTSUP;
  return -1;
}

int bcc_usdt_enable_probe(void *usdt, const char *probe_name, const char *fn_name) {
  return enable(usdt, nullptr, probe_name, fn_name);
}

int bcc_usdt_enable_fully_specified_probe(void *usdt, const char *provider_name,
                                          const char *probe_name, const char *fn_name) {
  return enable(usdt, provider_name, probe_name, fn_name);
}

const char *bcc_usdt_genargs(void **ctx_array, int len) {
  for (int I = 0; I < len; ++I) {
    auto *C = static_cast<Context *>(ctx_array[I]);
    if (!C)
      continue;
    for (const Probe &P : C->Probes)
      if (!P.EnabledFn.empty()) {
        warn("USDT probe arguments are not supported by bpfd-bcc yet (" + P.Provider + ":" +
             P.Name + " of " + P.BinPath + ")");
        return nullptr;
      }
  }
  return ""; // no probe enabled: nothing to read
}

const char *bcc_usdt_get_probe_argctype(void *, const char *, int) { return nullptr; }
const char *bcc_usdt_get_fully_specified_probe_argctype(void *, const char *, const char *,
                                                        int) {
  return nullptr;
}

void bcc_usdt_foreach_uprobe(void *usdt, bcc_usdt_uprobe_cb callback) {
  auto *C = static_cast<Context *>(usdt);
  if (!C || !callback)
    return;
  for (const Probe &P : C->Probes)
    if (!P.EnabledFn.empty())
      for (uint64_t A : P.Locations)
        callback(P.BinPath.c_str(), P.EnabledFn.c_str(), A, C->Pid);
}

} // extern "C"
