//===- UsdtProgram.h - bpf-xcc --usdt: a USDT program offline ----*- C++ -*-===//
//
// `--usdt BINARY[:PROVIDER:PROBE][=FN]` (repeatable) compiles a BCC USDT
// program against a host copy of the device's binary, as BCC's Python does
// with a USDT context: the probe PROVIDER:PROBE (PROVIDER may be empty: any)
// is enabled for the BPF function FN, genargs' argument readers for it are
// put before the program (Usdt.h), and FN is attached to the probe's first
// location as `uprobe/BINARY:0xADDRESS` (further locations are listed as
// further attach points of FN in .bpfd.target).
//
// FN may be left out when one function of the program calls
// bpf_usdt_readarg; PROVIDER:PROBE may be left out when BINARY has one probe.
//
//===----------------------------------------------------------------------===//
#ifndef BPF_XCC_USDTPROGRAM_H
#define BPF_XCC_USDTPROGRAM_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <map>
#include <string>
#include <vector>

namespace bpfxcc {

/// Prepends the readers to \p Source (followed by a #line naming
/// \p FileName again) and adds one FN=uprobe/PATH:0xADDRESS per location
/// to \p Attach. PATH is BINARY's path on the device: \p DevicePaths's
/// entry for BINARY (`--usdt-device-path BINARY=PATH`, when BINARY is a
/// host copy of the device's file kept elsewhere), else BINARY itself.
llvm::Error applyUsdtOptions(llvm::ArrayRef<std::string> Specs, llvm::StringRef FileName,
                             const std::map<std::string, std::string> &DevicePaths,
                             std::string &Source, std::vector<std::string> &Attach);

/// `--list-usdt BINARY`: each probe, its locations and parsed operands.
llvm::Error listUsdt(llvm::StringRef Path, llvm::raw_ostream &OS);

} // namespace bpfxcc

#endif
