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
  for (int Depth = 0; Depth < MaxDepth; ++Depth) {
    const BTF::CommonType *T = get(Id);
    if (!T || !isAlias(T->getKind()))
      return Id;
    Id = T->Type;
  }
  return 0;
}

// Iterative: arrays multiply a running count (checked for overflow), other
// hops are bounded, so neither a loop of types nor a deep chain in a
// crafted object can exhaust the stack.
std::optional<uint64_t> BtfTypes::size(uint32_t Id) const {
  uint64_t Count = 1;
  for (int Depth = 0; Depth < MaxDepth; ++Depth) {
    Id = resolve(Id);
    const BTF::CommonType *T = get(Id);
    if (!T || Id == 0)
      return std::nullopt;
    uint64_t Size;
    switch (T->getKind()) {
    case BTF::BTF_KIND_INT:
    case BTF::BTF_KIND_ENUM:
    case BTF::BTF_KIND_ENUM64:
    case BTF::BTF_KIND_STRUCT:
    case BTF::BTF_KIND_UNION:
    case BTF::BTF_KIND_FLOAT:
    case BTF::BTF_KIND_DATASEC:
      Size = T->Size;
      break;
    case BTF::BTF_KIND_PTR:
      Size = 8;
      break;
    case BTF::BTF_KIND_ARRAY: {
      const BTF::BTFArray &A = cast<BTF::ArrayType>(T)->getArray();
      if (__builtin_mul_overflow(Count, uint64_t(A.Nelems), &Count))
        return std::nullopt;
      Id = A.ElemType;
      continue;
    }
    case BTF::BTF_KIND_VAR:
      Id = T->Type;
      continue;
    default:
      return std::nullopt;
    }
    uint64_t Total;
    if (__builtin_mul_overflow(Count, Size, &Total))
      return std::nullopt;
    return Total;
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

std::string BtfTypes::spell(uint32_t Id) const { return spell(Id, 0); }

std::string BtfTypes::spell(uint32_t Id, int Depth) const {
  if (Depth >= MaxDepth)
    return "<type " + std::to_string(Id) + " nested too deep>";
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
    return spell(T->Type, Depth + 1) + " *";
  case BTF::BTF_KIND_CONST:
    return "const " + spell(T->Type, Depth + 1);
  case BTF::BTF_KIND_VOLATILE:
    return "volatile " + spell(T->Type, Depth + 1);
  case BTF::BTF_KIND_ARRAY: {
    const BTF::BTFArray &A = cast<BTF::ArrayType>(T)->getArray();
    return spell(A.ElemType, Depth + 1) + "[" + std::to_string(A.Nelems) + "]";
  }
  default:
    return Name.empty() ? "<anon>" : Name;
  }
}

} // namespace bpfrun
