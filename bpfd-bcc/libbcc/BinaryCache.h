//===- BinaryCache.h - Device binaries cached by build id ------*- C++ -*-===//
//
// The ELF files of device processes (symbols, USDT notes) come through bpfd
// (FILE_OPEN of /proc/PID/map_files/RANGE), a few MB each over the link. A
// file with a GNU build id is kept on the host under its build id and read
// from there the next time: bpfd is asked for its first 64 KiB only (the
// ELF and program headers, where the build id note is). The cache folder is
// $BPFD_BCC_CACHE_DIR, else $XDG_CACHE_HOME/bpfd-bcc/binaries, else
// ~/.cache/bpfd-bcc/binaries; files are written whole and renamed into
// place, so concurrent tools never see half of one.
//
//===----------------------------------------------------------------------===//
#ifndef BPFD_BCC_LIBBCC_BINARYCACHE_H
#define BPFD_BCC_LIBBCC_BINARYCACHE_H

#include <string>

namespace bpfdbcc {

/// The whole of the device file \p Path (an ELF binary), from the cache when
/// its build id is there, else through bpfd (and then cached). False with
/// \p Err on failure.
bool readDeviceBinary(const std::string &Path, std::string &Bytes, std::string &Err);

/// The GNU build id (hex) of the ELF file whose first bytes are \p Head (its
/// program headers and PT_NOTE segments must lie within), "" if none.
std::string buildIdOf(const std::string &Head);

} // namespace bpfdbcc

#endif
