//===- ValueFormat.cpp - Bytes from the device, printed by their BTF type -===//
#include "ValueFormat.h"

#include "llvm/Support/Casting.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

#include <arpa/inet.h>
#include <cstring>

using namespace llvm;

namespace bpfrun {

static StringRef leafName(StringRef Name) {
  return Name.rsplit('.').second.empty() ? Name : Name.rsplit('.').second;
}

static bool looksLikeTimestamp(StringRef Leaf) {
  return Leaf == "ts" || Leaf == "timestamp" || Leaf.starts_with("ts_") || Leaf.ends_with("_ts") ||
         Leaf == "time_ns";
}

static bool looksLikeStackId(StringRef Leaf) {
  std::string L = Leaf.lower();
  return StringRef(L).ends_with("stack_id") || StringRef(L).ends_with("stackid");
}

std::optional<uint64_t> pidOfPidTgid(uint64_t V) {
  const uint64_t PidMaxLimit = 4194304;
  uint64_t Pid = V >> 32, Tid = V & 0xffffffff;
  if (Pid == 0 || Pid > PidMaxLimit || Tid == 0 || Tid > PidMaxLimit)
    return std::nullopt;
  return Pid;
}

const char *roleTag(ColumnRole Role) {
  switch (Role) {
  case ColumnRole::Timestamp:
    return "(time)";
  case ColumnRole::PidTgid:
    return "(pid)";
  case ColumnRole::MaybePidTgid:
    return "(pid?)";
  case ColumnRole::StackId:
    return "(stack)";
  case ColumnRole::IpAddress:
    return "(ip)";
  case ColumnRole::Plain:
    break;
  }
  return "";
}

void ValueFormat::flatten(uint32_t Id, const std::string &Name, uint64_t Offset,
                          std::vector<Column> &Out, int Depth) const {
  uint32_t R = Types.resolve(Id);
  const BTF::CommonType *T = Types.get(R);
  auto *S = T ? dyn_cast<BTF::StructType>(T) : nullptr;
  if (S && T->getKind() == BTF::BTF_KIND_STRUCT && Depth < 8) {
    bool BitFields = T->Info >> 31;
    for (const BTF::BTFMember &M : S->members()) {
      // A crafted struct holding itself many times would multiply columns
      // at each level: no table has more than MaxColumns.
      if (Out.size() >= MaxColumns)
        return;
      uint64_t Bits = BitFields ? (M.Offset & 0xffffff) : M.Offset;
      if (BitFields && (M.Offset >> 24) != 0)
        continue; // bitfields are not shown
      std::string Member = Types.parser().findString(M.NameOff).str();
      std::string Child = Member.empty() ? Name
                                         : (Name.empty() ? Member : Name + "." + Member);
      flatten(M.Type, Child, Offset + Bits / 8, Out, Depth + 1);
    }
    return;
  }
  std::optional<uint64_t> Size = Types.size(Id);
  if (!Size || Out.size() >= MaxColumns)
    return;
  Column C;
  C.Name = Name.empty() ? "value" : Name;
  C.Offset = Offset;
  C.Size = *Size;
  C.Type = Id;
  StringRef Leaf = leafName(C.Name);
  bool Unsigned64 = *Size == 8 && Types.intEncoding(Id) && !isSigned(Id);
  if (*Size == 8 && isNumeric(Id) && looksLikeTimestamp(Leaf))
    C.Role = ColumnRole::Timestamp;
  else if (Unsigned64 && (Leaf == "pid_tgid" || Leaf == "tgid_pid"))
    C.Role = ColumnRole::PidTgid;
  else if (Unsigned64 && Leaf == "id")
    C.Role = ColumnRole::MaybePidTgid;
  else if ((*Size == 4 || *Size == 8) && Types.intEncoding(Id) && looksLikeStackId(Leaf))
    C.Role = ColumnRole::StackId;
  else if ((*Size == 4 || *Size == 16) && Leaf.ends_with("addr") &&
           (Types.intEncoding(Id) || Types.isCharArray(Id) || isByteArray(Id)))
    C.Role = ColumnRole::IpAddress;
  Out.push_back(std::move(C));
}

std::vector<Column> ValueFormat::columns(uint32_t Id, const std::string &Prefix) const {
  std::vector<Column> Out;
  flatten(Id, Prefix, 0, Out, 0);
  return Out;
}

uint64_t ValueFormat::readUnsigned(ArrayRef<uint8_t> Data, uint64_t Offset,
                                   uint64_t Size) const {
  if (Size > 8 || Offset > Data.size() || Size > Data.size() - Offset)
    return 0;
  uint64_t V = 0;
  for (uint64_t I = 0; I < Size; ++I) {
    uint64_t Byte = Data[Offset + (LittleEndian ? I : Size - 1 - I)];
    V |= Byte << (8 * I);
  }
  return V;
}

bool ValueFormat::isNumeric(uint32_t Id) const {
  const BTF::CommonType *T = Types.get(Types.resolve(Id));
  if (!T)
    return false;
  uint32_t K = T->getKind();
  return K == BTF::BTF_KIND_INT || K == BTF::BTF_KIND_ENUM || K == BTF::BTF_KIND_ENUM64 ||
         K == BTF::BTF_KIND_PTR;
}

bool ValueFormat::isSigned(uint32_t Id) const {
  std::optional<uint32_t> Enc = Types.intEncoding(Id);
  return Enc && ((*Enc >> 24) & BTF::INT_SIGNED);
}

uint64_t ValueFormat::number(const Column &C, ArrayRef<uint8_t> Data) const {
  if (!isNumeric(C.Type))
    return 0;
  return readUnsigned(Data, C.Offset, C.Size);
}

bool ValueFormat::isByteArray(uint32_t Id) const {
  const BTF::CommonType *T = Types.get(Types.resolve(Id));
  if (!T || T->getKind() != BTF::BTF_KIND_ARRAY)
    return false;
  return Types.size(cast<BTF::ArrayType>(T)->getArray().ElemType).value_or(0) == 1;
}

// As BCC tools print addresses: inet_ntop of the bytes in memory order.
static std::string ipText(ArrayRef<uint8_t> Bytes) {
  char Buf[INET6_ADDRSTRLEN] = "?";
  inet_ntop(Bytes.size() == 4 ? AF_INET : AF_INET6, Bytes.data(), Buf, sizeof(Buf));
  return Buf;
}

std::string ValueFormat::format(const Column &C, ArrayRef<uint8_t> Data) const {
  if (C.Offset > Data.size() || C.Size > Data.size() - C.Offset)
    return "?";
  if (C.Role == ColumnRole::IpAddress)
    return ipText(Data.slice(C.Offset, C.Size));
  return format(C.Type, Data.slice(C.Offset, C.Size));
}

std::string ValueFormat::format(uint32_t Id, ArrayRef<uint8_t> Data) const {
  uint32_t R = Types.resolve(Id);
  const BTF::CommonType *T = Types.get(R);
  std::optional<uint64_t> Size = Types.size(R);
  if (!T || !Size || *Size > Data.size())
    return "?";
  std::string Out;
  raw_string_ostream OS(Out);
  switch (T->getKind()) {
  case BTF::BTF_KIND_INT: {
    uint32_t Enc = *Types.intEncoding(R);
    uint64_t V = readUnsigned(Data, 0, *Size);
    if ((Enc >> 24) & BTF::INT_BOOL)
      OS << (V ? "true" : "false");
    else if (*Size == 1 && Types.name(R) == "char" && V >= 0x21 && V < 0x7f)
      OS << (char)V; // filetop's `char type` ('R', 'S', 'O')
    else if (*Size > 8)
      OS << "0x" << format_bytes(Data.take_front(*Size), std::nullopt, 32, 1);
    else if ((Enc >> 24) & BTF::INT_SIGNED) {
      unsigned Shift = 64 - 8 * *Size;
      OS << ((int64_t)(V << Shift) >> Shift); // sign-extend from Size bytes
    } else
      OS << V;
    break;
  }
  case BTF::BTF_KIND_PTR:
    OS << format_hex(readUnsigned(Data, 0, 8), 18);
    break;
  case BTF::BTF_KIND_ENUM: {
    int64_t V = (int32_t)readUnsigned(Data, 0, *Size);
    for (const BTF::BTFEnum &E : cast<BTF::EnumType>(T)->values())
      if (E.Val == V)
        return Types.parser().findString(E.NameOff).str();
    OS << V;
    break;
  }
  case BTF::BTF_KIND_FLOAT:
    if (*Size == 8) {
      double D;
      uint64_t V = readUnsigned(Data, 0, 8);
      std::memcpy(&D, &V, 8);
      OS << llvm::format("%g", D);
    } else if (*Size == 4) {
      float F;
      uint32_t V = readUnsigned(Data, 0, 4);
      std::memcpy(&F, &V, 4);
      OS << llvm::format("%g", F);
    } else
      OS << "?";
    break;
  case BTF::BTF_KIND_ARRAY: {
    const BTF::BTFArray &A = cast<BTF::ArrayType>(T)->getArray();
    if (Types.isCharArray(R)) {
      size_t Len = 0;
      while (Len < A.Nelems && Data[Len])
        ++Len;
      for (size_t I = 0; I < Len; ++I) {
        unsigned char Ch = Data[I];
        if (Ch >= 0x20 && Ch < 0x7f)
          OS << Ch;
        else
          OS << llvm::format("\\x%02x", Ch);
      }
      break;
    }
    uint64_t ElemSize = Types.size(A.ElemType).value_or(0);
    OS << "[";
    for (uint32_t I = 0; I < A.Nelems && ElemSize; ++I) {
      if (I)
        OS << ",";
      OS << format(A.ElemType, Data.slice(I * ElemSize, ElemSize));
    }
    OS << "]";
    break;
  }
  case BTF::BTF_KIND_STRUCT:
  case BTF::BTF_KIND_UNION: {
    std::vector<Column> Cols = columns(R, "");
    OS << "{";
    for (size_t I = 0; I < Cols.size(); ++I)
      OS << (I ? ", " : "") << Cols[I].Name << "=" << format(Cols[I], Data);
    OS << "}";
    break;
  }
  default:
    OS << "?";
  }
  return Out;
}

} // namespace bpfrun
