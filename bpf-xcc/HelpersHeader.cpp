//===- HelpersHeader.cpp - The embedded bpf_xcc_helpers.h -----------------===//
#include "HelpersHeader.h"

namespace bpfxcc {
static const char Text[] = {
#include "bpf_xcc_helpers.h.inc"
    0};
llvm::StringRef helpersHeader() { return llvm::StringRef(Text, sizeof(Text) - 1); }
static const char Proto[] = {
#include "bcc_proto.h.inc"
    0};
llvm::StringRef bccProtoHeader() { return llvm::StringRef(Proto, sizeof(Proto) - 1); }
static const char Maps[] = {
#include "bpf_xcc_maps.h.inc"
    0};
llvm::StringRef mapsHeader() { return llvm::StringRef(Maps, sizeof(Maps) - 1); }
} // namespace bpfxcc
