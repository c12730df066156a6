//===- AbiSymbols.cpp - libbcc's symbol caches, from the device -----------===//
//
// The kernel's symbols come from the device's kallsyms (GET_KALLSYMS), read
// once per process into the client library's KernelSymbols and kept as
// BCC's KSyms keeps them: data symbols (b B d D r R) skipped, module
// "kernel" or the [module], sorted by address. User-space symbols (a process's binaries on the
// device) come from UserSymbols.h.
//
//===----------------------------------------------------------------------===//
#include "Device.h"
#include "DeviceReads.h"
#include "Module.h"
#include "UserSymbols.h"

#include "bpfd/KernelSymbols.h"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

using namespace bpfdbcc;

struct bcc_symbol {
  const char *name;
  const char *demangle_name;
  const char *module;
  uint64_t offset;
};

struct bcc_symbol_option {
  int use_debug_file;
  int check_debug_file_crc;
  int lazy_symbolize;
  uint32_t use_symbol_type;
};

namespace {
// BCC's KSyms over the device's kallsyms: read at the first use.
class DeviceKernelSymbols {
public:
  static DeviceKernelSymbols &get() {
    static auto *K = new DeviceKernelSymbols();
    return *K;
  }
  bool resolve(uint64_t Addr, bcc_symbol *Sym) {
    const bpfd::KernelSymbol *S = load().containing(Addr);
    if (!S) {
      memset(Sym, 0, sizeof *Sym);
      return false;
    }
    Sym->name = S->Name.c_str();
    Sym->demangle_name = Sym->name;
    Sym->module = S->Module.empty() ? "kernel" : S->Module.c_str();
    Sym->offset = Addr - S->Address;
    return true;
  }
  bool address(const std::string &Name, uint64_t &Addr) {
    std::optional<uint64_t> A = load().addressOf(Name);
    if (!A)
      return false;
    Addr = *A;
    return true;
  }

private:
  const bpfd::KernelSymbols &load() {
    std::lock_guard<std::mutex> G(Lock);
    if (Loaded)
      return Syms;
    Loaded = true;
    auto R = Device::get().command("GET_KALLSYMS");
    if (!R || !R->ok()) {
      warn("reading the device's kallsyms failed: " +
           (R ? R->Message : R.error().message()));
      return Syms;
    }
    // x86_64 kernels live above the user half; elsewhere BCC takes every
    // non-zero address.
    bpfd::KernelSymbolFilter Filter;
    Filter.Keep = bpfd::KernelSymbolFilter::Kinds::AllButData;
    Filter.MinAddress = Device::env("BPFD_BCC_ARCH") == "x86_64" ? 0x00ffffffffffffffULL : 0;
    Syms = bpfd::KernelSymbols::fromReply(*R, Filter);
    return Syms;
  }

  std::mutex Lock;
  bool Loaded = false;
  bpfd::KernelSymbols Syms;
};

struct SymCache {
  int Pid;
  std::unique_ptr<ProcessSymbols> User;
};
} // namespace

extern "C" {

void *bcc_symcache_new(int pid, struct bcc_symbol_option *option) {
  (void)option;
  auto *C = new SymCache{pid, nullptr};
  if (pid >= 0)
    C->User = std::make_unique<ProcessSymbols>(pid);
  return C;
}

void bcc_free_symcache(void *symcache, int pid) {
  (void)pid;
  delete static_cast<SymCache *>(symcache);
}

int bcc_symcache_resolve(void *symcache, uint64_t addr, struct bcc_symbol *sym) {
  auto *C = static_cast<SymCache *>(symcache);
  if (!C || !sym)
    return -1;
  if (C->Pid < 0)
    return DeviceKernelSymbols::get().resolve(addr, sym) ? 0 : -1;
  UserSymbol U;
  bool Found = C->User->resolve(addr, U);
  sym->name = U.Name;
  sym->demangle_name = U.Demangled;
  sym->module = U.Module;
  sym->offset = U.Offset;
  return Found ? 0 : -1;
}

int bcc_symcache_resolve_no_demangle(void *symcache, uint64_t addr,
                                     struct bcc_symbol *sym) {
  int R = bcc_symcache_resolve(symcache, addr, sym);
  if (R == 0)
    sym->demangle_name = nullptr;
  return R;
}

int bcc_symcache_resolve_name(void *resolver, const char *module, const char *name,
                              uint64_t *addr) {
  auto *C = static_cast<SymCache *>(resolver);
  (void)module;
  if (!C || !name || !addr || C->Pid >= 0)
    return -1;
  return DeviceKernelSymbols::get().address(name, *addr) ? 0 : -1;
}

}

// The library device process Pid maps that BCC's which_so_in_process picks
// for Libname: the first mapping naming a ".so" that holds "/libNAME." or
// "/libNAME-" ("/libNAME" when NAME holds ".so" itself, as BCC 0.35 on
// does for versioned sonames); "" when none does. A library has an
// executable mapping, so the executable ones are enough.
static std::string soInProcess(const char *Libname, int Pid) {
  std::vector<DeviceMapping> Maps;
  if (Pid <= 0 || !executableMappings(Pid, Maps))
    return "";
  bool HasSo = strstr(Libname, ".so") != nullptr;
  std::string Search1 = std::string("/lib") + Libname + (HasSo ? "" : ".");
  std::string Search2 = HasSo ? "" : std::string("/lib") + Libname + "-";
  for (const DeviceMapping &M : Maps)
    if (M.Path.find(".so") != std::string::npos &&
        (M.Path.find(Search1) != std::string::npos ||
         (!Search2.empty() && M.Path.find(Search2) != std::string::npos)))
      return M.Path;
  return "";
}

extern "C" {

// Where a uprobe goes, resolved on the device as bpfd attaches it
// (RESOLVE_UPROBE): the binary's path (a library short name found in the
// process's maps, else through the device's ld.so.cache) and the symbol's
// (or 0xADDRESS's) file offset.
int bcc_resolve_symname(const char *module, const char *symname, uint64_t addr, int pid,
                        struct bcc_symbol_option *option, struct bcc_symbol *sym) {
  (void)option;
  if (!module || !sym) {
    errno = EINVAL;
    return -1;
  }
  memset(sym, 0, sizeof *sym);
  std::string Target;
  if (symname && *symname)
    Target = symname;
  else if (addr) {
    char Buf[32];
    snprintf(Buf, sizeof Buf, "0x%llx", (unsigned long long)addr);
    Target = Buf;
  }
  // As BCC: a library name is looked for in the process's maps first.
  std::string Module = module;
  if (pid > 0 && !strchr(module, '/')) {
    std::string Mapped = soInProcess(module, pid);
    if (!Mapped.empty())
      Module = Mapped;
  }
  auto R = Device::get().command("RESOLVE_UPROBE " + quoteToken(Module) +
                                 (Target.empty() ? "" : " " + quoteToken(Target)));
  if (!R)
    return setErrno(R.error());
  if (!R->ok() || R->Payload.empty()) {
    warn(R->Message);
    return setErrno(*R);
  }
  const std::string &P = R->Payload[0];
  size_t At = P.find("path="), Off = P.find(" offset=");
  if (At != 0) {
    errno = EPROTO;
    return -1;
  }
  std::string Path = P.substr(5, Off == std::string::npos ? std::string::npos : Off - 5);
  sym->module = strdup(Path.c_str());
  sym->name = symname;
  sym->offset = Off == std::string::npos ? 0 : strtoull(P.c_str() + Off + 8, nullptr, 16);
  return 0;
}

char *bcc_procutils_which_so(const char *libname, int pid) {
  struct bcc_symbol Sym;
  if (!libname || bcc_resolve_symname(libname, nullptr, 0, pid, nullptr, &Sym) < 0)
    return nullptr;
  return const_cast<char *>(Sym.module);
}

// BCC 0.31 and later (BPF.find_library(name, pid)).
char *bcc_procutils_which_so_in_process(const char *libname, int pid) {
  if (!libname)
    return nullptr;
  std::string Path = soInProcess(libname, pid);
  return Path.empty() ? nullptr : strdup(Path.c_str());
}

void bcc_procutils_free(const char *ptr) { free(const_cast<char *>(ptr)); }

void bcc_symcache_refresh(void *resolver) {
  auto *C = static_cast<SymCache *>(resolver);
  if (C && C->User)
    C->User->refresh();
}

// demangle_name points into the cache (kernel symbols are not mangled).
void bcc_symbol_free_demangle_name(struct bcc_symbol *sym) { (void)sym; }

} // extern "C"
