//===- MapTypeJson.cpp - BCC's descriptions of map and event types --------===//
//
// The description is written by a traversal of the type as written (typedefs
// followed to their declarations, tag types to their definitions), the way
// BCC's frontend walks it: each visit appends its part, and the walk of one
// field stops at a pointer or an enum's integer type.
//
//===----------------------------------------------------------------------===//
#include "MapTypeJson.h"

#include "clang/AST/RecordLayout.h"
#include "llvm/ADT/StringExtras.h"
#include "clang/AST/RecursiveASTVisitor.h"

using namespace clang;

namespace bpfxcc {
namespace {

class TypeJsonWriter : public RecursiveASTVisitor<TypeJsonWriter> {
public:
  TypeJsonWriter(ASTContext &Ctx, std::string &Out) : Ctx(Ctx), Out(Out) {}

  // A record is written by VisitRecordDecl alone: its fields are walked one
  // by one there, not as children of the declaration.
  bool TraverseRecordDecl(RecordDecl *D) { return WalkUpFromRecordDecl(D); }

  bool VisitRecordDecl(RecordDecl *D);
  bool VisitFieldDecl(FieldDecl *D) {
    Out += "\"" + D->getName().str() + "\",";
    return true;
  }
  bool VisitEnumDecl(EnumDecl *D) {
    TraverseType(D->getIntegerType());
    return false;
  }
  bool VisitBuiltinType(const BuiltinType *T) {
    Out += "\"" + T->getName(Ctx.getPrintingPolicy()).str() + "\"";
    return true;
  }
  bool VisitTypedefType(const TypedefType *T) { return TraverseDecl(T->getDecl()); }
  bool VisitTagType(const TagType *T) {
    return TraverseDecl(T->getDecl()->getDefinition());
  }
  bool VisitPointerType(const PointerType *) {
    Out += "\"unsigned long long\"";
    return false;
  }
  bool VisitAttr(Attr *) { return false; }

private:
  static bool withoutPadding(const RecordDecl *D);
  void writeField(FieldDecl *F);

  ASTContext &Ctx;
  std::string &Out;
};

// Unions, empty records and records with bit-fields or a flexible array are
// described field by field ("struct"); any other record gets explicit
// padding fields and is packed ("struct_packed").
bool TypeJsonWriter::withoutPadding(const RecordDecl *D) {
  if (D->isUnion() || D->field_empty())
    return true;
  for (const FieldDecl *F : D->getDefinition()->fields())
    if (F->isBitField() || F->getType()->isIncompleteArrayType())
      return true;
  return false;
}

void TypeJsonWriter::writeField(FieldDecl *F) {
  if (F->isAnonymousStructOrUnion()) {
    if (const auto *R = dyn_cast<RecordType>(F->getType()))
      TraverseDecl(R->getDecl());
    Out += ", ";
    return;
  }
  Out += "[";
  TraverseDecl(F);
  if (const auto *A = dyn_cast<ConstantArrayType>(F->getType()))
    Out += ", [" + llvm::toString(A->getSize(), 10, false) + "]";
  if (F->isBitField())
    Out += ", " + std::to_string(F->getBitWidthValue(Ctx));
  Out += "], ";
}

bool TypeJsonWriter::VisitRecordDecl(RecordDecl *D) {
  Out += "[\"" + D->getName().str() + "\", [";
  bool NoPadding = withoutPadding(D);
  if (NoPadding) {
    for (FieldDecl *F : D->getDefinition()->fields())
      writeField(F);
  } else {
    const ASTRecordLayout &Layout = Ctx.getASTRecordLayout(D);
    CharUnits Offset = Ctx.toCharUnitsFromBits(Layout.getFieldOffset(0));
    for (FieldDecl *F : D->getDefinition()->fields()) {
      CharUnits Size = Ctx.getTypeSizeInChars(F->getType());
      CharUnits At =
          Ctx.toCharUnitsFromBits(Layout.getFieldOffset(F->getFieldIndex()));
      if (uint64_t Pad = (At - Offset).getQuantity())
        Out += "[\"__pad_" + std::to_string(F->getFieldIndex()) + "\",\"char\",[" +
               std::to_string(Pad) + "]], ";
      Offset = At + Size;
      writeField(F);
    }
    CharUnits RecordSize = Layout.getSize();
    if (RecordSize > Offset)
      Out += "[\"__pad_end\",\"char\",[" +
             std::to_string((RecordSize - Offset).getQuantity()) + "]], ";
  }
  if (!D->getDefinition()->field_empty())
    Out.erase(Out.end() - 2, Out.end());
  Out += "]";
  if (D->isUnion())
    Out += ", \"union\"";
  else if (D->isStruct())
    Out += NoPadding ? ", \"struct\"" : ", \"struct_packed\"";
  Out += "]";
  return true;
}

} // namespace

std::string bccTypeJson(ASTContext &Ctx, QualType T) {
  std::string Out;
  TypeJsonWriter(Ctx, Out).TraverseType(T);
  return Out;
}

std::vector<std::string> bccEventFields(QualType Event) {
  std::vector<std::string> Fields;
  const Type *T = Event.getTypePtrOrNull();
  if (!T || !T->isStructureType())
    return Fields;
  const auto *RD = dyn_cast<RecordDecl>(T->getAsTagDecl());
  if (!RD)
    return Fields;
  for (const FieldDecl *F : RD->fields())
    Fields.push_back(F->getNameAsString() + "#" + F->getType().getAsString());
  return Fields;
}

} // namespace bpfxcc
