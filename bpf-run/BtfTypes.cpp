//===- BtfTypes.cpp - Navigating BTF types for presentation ---------------===//
#include "BtfTypes.h"

#include "llvm/Support/Casting.h"

using namespace llvm;

namespace bpfrun {

StringRef BtfTypes::name(uint32_t Id) const {
  const BTF::CommonType *T = get(Id);
  return T ? Btf.findString(T->NameOff) : StringRef();
}

static bool isAlias(uint32_t Kind) {
  switch (Kind) {
  case BTF::BTF_KIND_TYPEDEF:
  case BTF::BTF_KIND_VOLATILE:
  case BTF::BTF_KIND_CONST:
  case BTF::BTF_KIND_RESTRICT:
  case BTF::BTF_KIND_TYPE_TAG:
    return true;
  default:
    return false;
  }
}

uint32_t BtfTypes::resolve(uint32_t Id) const {
  for (int Depth = 0; Depth < 32; ++Depth) {
    const BTF::CommonType *T = get(Id);
    if (!T || !isAlias(T->getKind()))
      return Id;
    Id = T->Type;
  }
  return 0;
}

std::optional<uint64_t> BtfTypes::size(uint32_t Id) const {
  for (int Depth = 0; Depth < 32; ++Depth) {
    Id = resolve(Id);
    const BTF::CommonType *T = get(Id);
    if (!T || Id == 0)
      return std::nullopt;
    switch (T->getKind()) {
    case BTF::BTF_KIND_INT:
    case BTF::BTF_KIND_ENUM:
    case BTF::BTF_KIND_ENUM64:
    case BTF::BTF_KIND_STRUCT:
    case BTF::BTF_KIND_UNION:
    case BTF::BTF_KIND_FLOAT:
    case BTF::BTF_KIND_DATASEC:
      return T->Size;
    case BTF::BTF_KIND_PTR:
      return 8;
    case BTF::BTF_KIND_ARRAY: {
      const BTF::BTFArray &A = cast<BTF::ArrayType>(T)->getArray();
      std::optional<uint64_t> Elem = size(A.ElemType);
      if (!Elem)
        return std::nullopt;
      return *Elem * A.Nelems;
    }
    case BTF::BTF_KIND_VAR:
      Id = T->Type;
      continue;
    default:
      return std::nullopt;
    }
  }
  return std::nullopt;
}

std::optional<uint32_t> BtfTypes::intEncoding(uint32_t Id) const {
  const BTF::CommonType *T = get(resolve(Id));
  if (!T || T->getKind() != BTF::BTF_KIND_INT)
    return std::nullopt;
  return *reinterpret_cast<const uint32_t *>(T + 1);
}

bool BtfTypes::isCharArray(uint32_t Id) const {
  const BTF::CommonType *T = get(resolve(Id));
  if (!T || T->getKind() != BTF::BTF_KIND_ARRAY)
    return false;
  uint32_t Elem = cast<BTF::ArrayType>(T)->getArray().ElemType;
  std::optional<uint64_t> ElemSize = size(Elem);
  std::optional<uint32_t> Enc = intEncoding(Elem);
  return Enc && ElemSize && *ElemSize == 1;
}

uint32_t BtfTypes::pointee(uint32_t Id) const {
  const BTF::CommonType *T = get(resolve(Id));
  return T && T->getKind() == BTF::BTF_KIND_PTR ? T->Type : 0;
}

std::optional<uint32_t> BtfTypes::arrayLenOfPointer(uint32_t Id) const {
  const BTF::CommonType *Arr = get(resolve(pointee(Id)));
  if (!Arr || Arr->getKind() != BTF::BTF_KIND_ARRAY)
    return std::nullopt;
  return cast<BTF::ArrayType>(Arr)->getArray().Nelems;
}

std::string BtfTypes::spell(uint32_t Id) const {
  const BTF::CommonType *T = get(Id);
  if (Id == 0)
    return "void";
  if (!T)
    return "<bad type " + std::to_string(Id) + ">";
  std::string Name = name(Id).str();
  switch (T->getKind()) {
  case BTF::BTF_KIND_STRUCT:
    return "struct " + (Name.empty() ? "<anon>" : Name);
  case BTF::BTF_KIND_UNION:
    return "union " + (Name.empty() ? "<anon>" : Name);
  case BTF::BTF_KIND_ENUM:
  case BTF::BTF_KIND_ENUM64:
    return "enum " + (Name.empty() ? "<anon>" : Name);
  case BTF::BTF_KIND_PTR:
    return spell(T->Type) + " *";
  case BTF::BTF_KIND_CONST:
    return "const " + spell(T->Type);
  case BTF::BTF_KIND_VOLATILE:
    return "volatile " + spell(T->Type);
  case BTF::BTF_KIND_ARRAY: {
    const BTF::BTFArray &A = cast<BTF::ArrayType>(T)->getArray();
    return spell(A.ElemType) + "[" + std::to_string(A.Nelems) + "]";
  }
  default:
    return Name.empty() ? "<anon>" : Name;
  }
}

} // namespace bpfrun
