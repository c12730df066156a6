//===- UserSymbols.h - A device process's symbols -----------------*- C++ -*-===//
//
// What BCC's ProcSyms does for a process, with the process and its files on
// the device: /proc/PID/maps read through bpfd, each executable mapping's
// file pulled once through /proc/PID/map_files/RANGE and kept for the
// process (keyed by path, size and the mapping), its ELF symbol tables read
// with LLVM's object library. An address becomes (symbol, offset, module
// path); one in a known mapping without a symbol still names its module.
//
//===----------------------------------------------------------------------===//
#ifndef BPFD_BCC_LIBBCC_USERSYMBOLS_H
#define BPFD_BCC_LIBBCC_USERSYMBOLS_H

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace bpfdbcc {

/// A file-backed executable mapping of a device process.
struct DeviceMapping {
  uint64_t Start, End, FileOffset;
  std::string Path;
};
/// The file-backed executable mappings of device process \p Pid, from its
/// /proc/PID/maps; false when that cannot be read (no such process).
bool executableMappings(int Pid, std::vector<DeviceMapping> &Out);
/// The whole file mapped at [Start, End) in device process \p Pid (through
/// /proc/PID/map_files/RANGE); false with a message in \p Err.
bool readMappedFile(int Pid, uint64_t Start, uint64_t End, std::string &Bytes,
                    std::string &Err);

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
