//===- UsdtBinaries.h - bpf-run --usdt: the device's binaries ---*- C++ -*-===//
//
// `bpf-run --usdt PATH[:PROVIDER:PROBE][=FN]` names a binary by its path on
// the device. bpf-xcc reads USDT notes from a host copy: this pulls the file
// through bpfd (from a device process that maps it, the only way bpfd reads a
// binary outside /proc and /sys), keeps it in the binary cache by build id,
// and turns each spec into bpf-xcc's `--usdt COPY[:PROVIDER:PROBE][=FN]` and
// `--usdt-device-path COPY=PATH`, so the probes are attached at PATH.
//
//===----------------------------------------------------------------------===//
#ifndef BPF_RUN_USDTBINARIES_H
#define BPF_RUN_USDTBINARIES_H

#include "bpfd/Session.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"

#include <functional>
#include <string>
#include <vector>

namespace bpfrun {

/// bpf-xcc's arguments for \p Specs. The device's binaries are read through
/// \p S into \p CacheDir (a file without a build id into \p ScratchDir); a
/// binary no process maps yet is waited for up to \p WaitSeconds (a
/// workload that starts it may still be starting).
llvm::Expected<std::vector<std::string>>
usdtCompilerArgs(bpfd::Session &S, llvm::ArrayRef<std::string> Specs, const std::string &CacheDir,
                 const std::string &ScratchDir, double WaitSeconds,
                 const std::function<void(const std::string &)> &Say);

} // namespace bpfrun

#endif
