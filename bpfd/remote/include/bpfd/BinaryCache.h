//===- bpfd/BinaryCache.h - device binaries cached by build id --*- C++ -*-===//
//
// The ELF files of device processes (symbols, USDT notes) come through bpfd,
// a few MB each over the link. A file with a GNU build id is kept on the host
// under its build id and read from there the next time: bpfd is asked for its
// first 64 KiB only (the ELF and program headers, where the build id note
// is), and the cached copy must begin with the same bytes and hold its whole
// section header table, else it is read again and replaced. Entries are
// written whole and renamed into place, so concurrent readers never see half
// of one. Used by the remote libbcc and bpf-run.
//
//===----------------------------------------------------------------------===//
#ifndef BPFD_BINARYCACHE_H
#define BPFD_BINARYCACHE_H

#include "bpfd/Error.h"
#include "bpfd/FileCommands.h"

#include <string>

namespace bpfd {

struct DeviceBinary {
  std::string Bytes;
  std::string BuildId;     ///< hex; empty if the file has none (then not cached)
  std::string CachedPath;  ///< the host copy, when there is one
  bool FromCache = false;  ///< read from the cache (bpfd sent the first 64 KiB only)
};

/// The whole of device ELF file \p Path (a /proc/PID/map_files/RANGE name, or
/// anything else bpfd opens), from the cache folder \p CacheDir when its
/// build id is there, else through bpfd and then cached there (an empty or
/// unwritable CacheDir caches nothing).
Expected<DeviceBinary> readDeviceBinary(const FileCommands &Files, const std::string &Path,
                                        const std::string &CacheDir);

/// The GNU build id (hex) of the ELF file whose first bytes are \p Head (its
/// program headers and PT_NOTE segments must lie within), "" if none.
std::string buildIdOf(const std::string &Head);

} // namespace bpfd

#endif // BPFD_BINARYCACHE_H
