//===- HelpersHeader.h - The embedded bpf_xcc_helpers.h ---------*- C++ -*-===//
#ifndef BPF_XCC_HELPERSHEADER_H
#define BPF_XCC_HELPERSHEADER_H

#include "llvm/ADT/StringRef.h"

namespace bpfxcc {
/// The text of include/bpf_xcc_helpers.h, embedded at build time.
llvm::StringRef helpersHeader();
/// The text of include/bcc_proto.h (BCC's <bcc/proto.h>).
llvm::StringRef bccProtoHeader();
/// The text of include/bpf_xcc_maps.h (the map macros of each pass).
llvm::StringRef mapsHeader();
} // namespace bpfxcc

#endif
