//===- Compile.h - C programs to objects through bpf-xcc, cached ----------===//
#ifndef BPF_RUN_COMPILE_H
#define BPF_RUN_COMPILE_H

#include "llvm/Support/Error.h"

#include <functional>
#include <string>
#include <vector>

namespace bpfrun {

struct CompileRequest {
  std::string Source;  // the BCC-style C program
  std::string Arch;    // arm64, x86_64, ...
  std::string Kernel;  // headers tree; empty: the cached Debian kernel of Arch
  // bpf-xcc --core: Kernel is a reference tree (empty: the arch's first
  // cached kernel, kernels/ARCH/current, whatever $BPFD_KERNEL_SUITE boots).
  bool Core = false;
  std::string Profile; // target profile file, optional
  std::vector<std::string> Attach;
  std::vector<std::string> ExtraArgs;
  std::string Argv0; // to find bpf-xcc beside bpf-run
};

// The cache folder of the build this binary belongs to: $BPFD_CACHE_DIR, else
// <bin>/../cache.
std::string cacheDir(const std::string &Argv0);

// Compiles Req with bpf-xcc unless an object for the same program text,
// arch, kernel tree, profile, arguments and compiler binary is cached;
// returns the object's path.
llvm::Expected<std::string> compileCached(const CompileRequest &Req,
                                          const std::function<void(const std::string &)> &Say);

} // namespace bpfrun

#endif
