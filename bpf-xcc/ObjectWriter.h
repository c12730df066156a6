//===- ObjectWriter.h - Target-triple IR to a BPF ELF object ----*- C++ -*-===//
//
// Retargets the module clang generated for the target's own triple to
// bpfel/bpfeb, places each probe function in its section, adds `license`,
// `version` and the `.bpfd.target` stamp, optimises with the BPF target's
// pipeline and emits the object with the BPF backend (BTF from debug info).
//
//===----------------------------------------------------------------------===//
#ifndef BPF_XCC_OBJECTWRITER_H
#define BPF_XCC_OBJECTWRITER_H

#include "bpf-xcc/Arch.h"
#include "bpf-xcc/Program.h"

#include "llvm/IR/Module.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <string>
#include <vector>

namespace bpfxcc {

struct ObjectPlan {
  const ArchInfo *Arch = nullptr;
  unsigned VersionCode = 0;
  std::string Release;
  /// --core: the kernel reads carry CO-RE relocations (stamp `core=btf`).
  bool Core = false;
  /// Probe function -> attach sections (the first names its ELF section).
  AttachMap Attach;
};

/// Writes \p M as a BPF object to \p OS.
llvm::Error writeObject(llvm::Module &M, const ObjectPlan &Plan,
                        llvm::raw_pwrite_stream &OS);
/// Writes \p M as a BPF object to the file \p OutPath.
llvm::Error writeObjectFile(llvm::Module &M, const ObjectPlan &Plan,
                            llvm::StringRef OutPath);

/// The `.bpfd.target` text for \p Plan.
std::string targetStamp(const ObjectPlan &Plan);

} // namespace bpfxcc

#endif
