//===- PacketRewrite.h - BCC's packet header fields -------------*- C++ -*-===//
//
// BCC's packet programs point into the packet with structs of bcc/proto.h
// (or their own) marked __attribute__((deprecated("packet"))). A pointer
// variable to one holds an offset into the packet, never an address: BCC's
// frontend (BTypeVisitor, 0.26) rewrites
//   VAR->FIELD          as a value  -> bpf_dext_pkt(CTX, (u64)VAR+BYTE, BIT, WIDTH)
//   VAR->FIELD = E                  -> bpf_dins_pkt(CTX, (u64)VAR+BYTE, BIT, WIDTH, E)
// where CTX is the function's first parameter and BYTE/BIT the field's
// offset in the packed struct (BIT counted from the byte's most significant
// bit, as the helpers read it). These functions find such fields and spell
// the calls; BccRewriter applies them.
//
//===----------------------------------------------------------------------===//
#ifndef BPF_XCC_PACKETREWRITE_H
#define BPF_XCC_PACKETREWRITE_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"

#include <cstdint>
#include <optional>
#include <string>

namespace bpfxcc {

/// A packet header field reached as VAR->FIELD.
struct PacketField {
  const clang::VarDecl *Base = nullptr;
  const clang::FieldDecl *Field = nullptr;
  uint64_t Byte = 0;  ///< byte offset of the field in the header
  unsigned Bit = 0;   ///< first bit in that byte, 0 = most significant
  uint64_t Width = 0; ///< bits
};

/// Whether \p T is a pointer to a struct marked deprecated("packet").
bool isPacketHeaderPointer(clang::QualType T);

/// The packet field \p E names (parentheses aside), if it is one.
std::optional<PacketField> packetField(clang::ASTContext &Ctx, const clang::Expr *E);

/// bpf_dext_pkt(CTX, (u64)VAR+BYTE, BIT, WIDTH)
std::string packetReadCall(const PacketField &F, llvm::StringRef CtxName);

/// "bpf_dins_pkt(CTX, (u64)VAR+BYTE, BIT, WIDTH, " (the value and ")" follow).
std::string packetWritePrefix(const PacketField &F, llvm::StringRef CtxName);

} // namespace bpfxcc

#endif
