//===- KernelHeadersArchive.h - A kernel's kheaders archive, unpacked -*- C++ -*-===//
//
// Linux's CONFIG_IKHEADERS puts the kernel's own headers in the kernel (or
// its `kheaders` module) as /sys/kernel/kheaders.tar.xz: an xz-compressed
// tar of include/ and arch/ARCH/include/, the generated headers with them
// (include/generated/autoconf.h is the configuration; there is no .config
// nor Makefile). bpf-xcc takes such an archive as --kernel: it is unpacked
// once into the folder beside it named as the archive without .tar.xz
// (kheaders.tar.xz -> kheaders/), which then is the tree (KernelTree.cpp
// reads the layout). The folder carries a stamp of the archive it came from
// (size and xxh3 of its bytes) and is unpacked again when that differs;
// it is written under a temporary name and renamed into place, so
// concurrent compiles never see half of one. Decompressed with liblzma;
// the tar reader takes ustar/GNU/pax members: regular files and folders
// only, no path leaving the folder. docs/kheaders.md.
//
//===----------------------------------------------------------------------===//
#ifndef BPF_XCC_KERNELHEADERSARCHIVE_H
#define BPF_XCC_KERNELHEADERSARCHIVE_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <string>

namespace bpfxcc {

/// Whether --kernel \p Path names an archive (a regular file) rather than
/// a tree.
bool isKernelHeadersArchive(llvm::StringRef Path);

/// Unpacks the kheaders archive \p Archive (unless already unpacked from
/// the same bytes) and returns the folder. An error names the archive and
/// what failed: reading, decompressing, a member of the tar, writing.
llvm::Expected<std::string> unpackKernelHeaders(llvm::StringRef Archive);

} // namespace bpfxcc

#endif
