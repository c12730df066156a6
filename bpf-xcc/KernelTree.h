//===- KernelTree.h - Kernel header trees and the flags they need -*- C++ -*-===//
//
// Locates the parts of a configured kernel tree (a source tree configured in
// place, a source tree with a separate O= build folder, Debian's split
// linux-headers-ABI-FLAVOUR + linux-headers-ABI-common packages, or a
// kernel's own kheaders: /sys/kernel/kheaders.tar.xz or the folder unpacked
// from it, KernelHeadersArchive.h) and derives the preprocessor and dialect
// flags a kernel build would use for it.
//
//===----------------------------------------------------------------------===//
#ifndef BPF_XCC_KERNELTREE_H
#define BPF_XCC_KERNELTREE_H

#include "bpf-xcc/Arch.h"

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace bpfxcc {

class KernelTree {
public:
  /// Opens the tree given to --kernel. \p Dir is the configured (build)
  /// folder: the one holding .config and include/generated; or a kheaders
  /// archive (unpacked once beside it) or folder.
  static llvm::Expected<KernelTree> open(llvm::StringRef Dir,
                                         const ArchInfo &Arch);

  /// Preprocessor flags for this tree, in the kernel's own include order.
  std::vector<std::string> flags() const;

  llvm::StringRef sourceDir() const { return SourceDir; }
  llvm::StringRef buildDir() const { return BuildDir; }
  /// LINUX_VERSION_CODE from include/generated/uapi/linux/version.h.
  unsigned versionCode() const { return VersionCode; }
  /// UTS_RELEASE from include/generated/utsrelease.h ("" if absent).
  llvm::StringRef release() const { return Release; }
  /// Value of CONFIG_<Name> in .config ("" when unset).
  llvm::StringRef config(llvm::StringRef Name) const;
  /// Whether the tree's include/uapi/linux/bpf.h lists the BPF helper
  /// \p Name (e.g. "probe_read_kernel") in its FN() table: the helpers the
  /// target kernel has, backports included. False when the header is absent.
  bool declaresHelper(llvm::StringRef Name) const;

private:
  KernelTree(const ArchInfo &Arch) : Arch(&Arch) {}
  llvm::Error findSourceDir();
  llvm::Error readConfigLines(
      llvm::StringRef File, llvm::StringRef Prefix, char Sep,
      llvm::function_ref<void(llvm::StringRef, llvm::StringRef)> Entry);
  llvm::Error readConfig();
  llvm::Error readAutoconf();
  llvm::Error readVersion();
  void readMakefileFlags();

  const ArchInfo *Arch;
  std::string BuildDir, SourceDir;
  unsigned VersionCode = 0;
  std::string Release;
  llvm::StringMap<std::string> Config;
  bool Kheaders = false; ///< A kheaders tree: autoconf.h, no .config nor Makefile.
  /// The C dialect flags the tree's own Makefile gives every file
  /// (7.x: -fms-extensions, for the tagged structs its headers embed).
  std::vector<std::string> DialectFlags;
};

} // namespace bpfxcc

#endif
