//===- Module.h - A BCC module: compiled here, its maps on the device -*- C++ -*-===//
//
// What bpf_module_create_c_from_string() returns to BCC's Python: the
// program compiled by bpf-xcc's compileProgram() for the device's arch,
// kernel headers and profile; its maps created on the device through bpfd;
// each function's instructions with the device's map handles already in
// place, ready for bcc_func_load().
//
//===----------------------------------------------------------------------===//
#ifndef BPFD_BCC_LIBBCC_MODULE_H
#define BPFD_BCC_LIBBCC_MODULE_H

#include "bpf-xcc/BccRelease.h"
#include "bpfd/LineProtocol.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace bpfdbcc {

struct Table {
  std::string Name;
  uint32_t Type = 0, KeySize = 0, ValueSize = 0, MaxEntries = 0, Flags = 0;
  long long Device = -1; ///< bpfd map handle
  int HostFd = -1;       ///< what bpf_table_fd() returns
  std::string KeyDesc, LeafDesc;
  std::vector<std::string> EventFields;
  bool DataSection = false; ///< .rodata/.data/.bss (not a BCC table)
};

struct Function {
  std::string Name;
  std::string Section;
  std::vector<uint64_t> Insns; ///< struct bpf_insn, map handles patched in
};

class Module {
public:
  /// Compiles \p Text with BCC's \p CFlags and creates its maps on the
  /// device; null (a message printed) on failure.
  static std::unique_ptr<Module> create(const std::string &Text,
                                        const std::vector<std::string> &CFlags,
                                        unsigned DebugFlags);
  ~Module();

  std::vector<Table> Tables;
  std::vector<Function> Functions;
  std::string License = "GPL";
  unsigned KernVersion = 0;

  const Table *table(const std::string &Name) const;
  const Function *function(const std::string &Name) const;
};

/// The number of possible CPUs of the device (per-CPU values, perf maps).
unsigned possibleCpus();

/// The BCC release of the tool's Python ($BPFD_BCC_VERSION, which the
/// launcher sets from bcc/version.py; unset: 0.26.0): bpf-xcc compiles as
/// that release's frontend, and its loader's reading of kfunc__ names is
/// followed.
llvm::Expected<bpfxcc::BccRelease> toolBccRelease();

using bpfd::quoteToken;

} // namespace bpfdbcc

#endif
