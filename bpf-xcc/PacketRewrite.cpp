//===- PacketRewrite.cpp - BCC's packet header fields ---------------------===//
#include "PacketRewrite.h"

#include "clang/AST/Attr.h"
#include "clang/AST/Decl.h"
#include "clang/AST/RecordLayout.h"

using namespace clang;
using namespace llvm;

namespace bpfxcc {

bool isPacketHeaderPointer(QualType T) {
  const auto *PT = T->getAs<PointerType>();
  if (!PT)
    return false;
  const RecordDecl *RD = PT->getPointeeType()->getAsRecordDecl();
  if (!RD || !(RD = RD->getDefinition()))
    return false;
  const auto *A = RD->getAttr<DeprecatedAttr>();
  return A && A->getMessage() == "packet";
}

std::optional<PacketField> packetField(ASTContext &Ctx, const Expr *E) {
  const auto *ME = dyn_cast<MemberExpr>(E->IgnoreParens());
  if (!ME || !ME->isArrow())
    return std::nullopt;
  const auto *DRE = dyn_cast<DeclRefExpr>(ME->getBase()->IgnoreParenImpCasts());
  const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  const auto *FD = dyn_cast<FieldDecl>(ME->getMemberDecl());
  if (!VD || !FD || !isPacketHeaderPointer(VD->getType()))
    return std::nullopt;
  PacketField F;
  F.Base = VD;
  F.Field = FD;
  // Offsets in declaration order: the structs are packed, so the target's
  // layout and BCC's (BPF target) agree bit for bit.
  uint64_t Ofs = Ctx.getFieldOffset(FD);
  F.Byte = Ofs / 8;
  F.Bit = unsigned(Ofs % 8);
  F.Width = FD->isBitField() ? FD->getBitWidthValue(Ctx) : Ctx.getTypeSize(FD->getType());
  return F;
}

static std::string location(const PacketField &F, StringRef CtxName) {
  return (CtxName + ", (u64)" + F.Base->getName() + "+" + Twine(F.Byte) + ", " +
          Twine(F.Bit) + ", " + Twine(F.Width))
      .str();
}

std::string packetReadCall(const PacketField &F, StringRef CtxName) {
  return "bpf_dext_pkt(" + location(F, CtxName) + ")";
}

std::string packetWritePrefix(const PacketField &F, StringRef CtxName) {
  return "bpf_dins_pkt(" + location(F, CtxName) + ", ";
}

} // namespace bpfxcc
