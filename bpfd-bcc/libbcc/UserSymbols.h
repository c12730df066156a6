//===- UserSymbols.h - A device process's symbols -----------------*- C++ -*-===//
//
// What BCC's ProcSyms does for a process, with the process and its files on
// the device: /proc/PID/maps read through bpfd, each executable mapping's
// file pulled once through /proc/PID/map_files/RANGE and kept for the
// process (keyed by path, size and the mapping), its function symbols read
// by bpf-xcc's reader of user binaries (bpf-xcc/UserBinary.h). An address
// becomes (symbol, offset, module path); one in a known mapping without a
// symbol still names its module.
//
//===----------------------------------------------------------------------===//
#ifndef BPFD_BCC_LIBBCC_USERSYMBOLS_H
#define BPFD_BCC_LIBBCC_USERSYMBOLS_H

#include "DeviceReads.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace bpfdbcc {

struct UserSymbol {
  const char *Name = nullptr;     ///< null when only the module is known
  const char *Demangled = nullptr;
  const char *Module = nullptr;
  uint64_t Offset = 0;
};

class ProcessSymbols {
public:
  explicit ProcessSymbols(int Pid) : Pid(Pid) {}
  /// True with a symbol; false with Module/Offset set when only the module
  /// is known, or all null.
  bool resolve(uint64_t Addr, UserSymbol &Out);
  void refresh() { Loaded = false; }

private:
  void load();

  int Pid;
  bool Loaded = false;
  std::vector<DeviceMapping> Maps;
};

} // namespace bpfdbcc

#endif
