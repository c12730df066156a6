//===- CpioWriter.h - a cpio "newc" archive writer (initramfs) --*- C++ -*-===//
//
// Writes the archive format the kernel unpacks as an initramfs, without
// needing root: owners are always 0:0 and device nodes are just headers.
//
//===----------------------------------------------------------------------===//
#ifndef BPFD_REMOTE_CPIOWRITER_H
#define BPFD_REMOTE_CPIOWRITER_H

#include "bpfd/Error.h"

#include <cstdint>
#include <set>
#include <string>

namespace bpfd {

class CpioWriter {
public:
  /// Adds a directory (and its missing parents).
  void addDirectory(const std::string &Path, unsigned Mode = 0755);
  /// Adds a regular file holding Data (parents are added as needed).
  void addFile(const std::string &Path, const std::string &Data, unsigned Mode = 0644);
  /// Adds a character device node.
  void addCharDevice(const std::string &Path, unsigned Major, unsigned Minor,
                     unsigned Mode = 0600);
  /// Reads HostPath and adds it as Path.
  Error addHostFile(const std::string &Path, const std::string &HostPath, unsigned Mode);
  /// The archive with its trailer.
  std::string finish();

private:
  void addParents(const std::string &Path);
  void addEntry(const std::string &Path, unsigned Mode, const std::string &Data,
                unsigned RdevMajor = 0, unsigned RdevMinor = 0);
  std::string Archive;
  std::set<std::string> Directories;
  uint32_t NextInode = 1;
};

} // namespace bpfd

#endif // BPFD_REMOTE_CPIOWRITER_H
