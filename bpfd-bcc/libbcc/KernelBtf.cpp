//===- KernelBtf.cpp - kernel_struct_has_field(), from the device's BTF ---===//
//
// As BCC: the struct named so in the running kernel's BTF
// (/sys/kernel/btf/vmlinux of the device, read once through bpfd's file
// commands), and whether one of its direct members has the name. 1: yes,
// 0: no, -1: no such struct or no BTF.
//
//===----------------------------------------------------------------------===//
#include "Device.h"
#include "DeviceFiles.h"

#include <cstdint>
#include <cstring>
#include <mutex>
#include <string>

using namespace bpfdbcc;

namespace {

uint32_t u32(const std::string &B, size_t Off) {
  uint32_t V = 0;
  if (Off + 4 <= B.size())
    memcpy(&V, B.data() + Off, 4);
  return V;
}

int structHasField(const std::string &Btf, const std::string &Struct,
                   const std::string &Field) {
  if (Btf.size() < 24 || u32(Btf, 0) % 65536 != 0xeb9f)
    return -1;
  uint32_t HdrLen = u32(Btf, 4), TypeOff = u32(Btf, 8), TypeLen = u32(Btf, 12),
           StrOff = u32(Btf, 16), StrLen = u32(Btf, 20);
  size_t Types = size_t(HdrLen) + TypeOff, Strs = size_t(HdrLen) + StrOff;
  if (Types + TypeLen > Btf.size() || Strs + StrLen > Btf.size())
    return -1;
  auto Name = [&](uint32_t Off) -> const char * {
    if (Off >= StrLen)
      return "";
    return Btf.c_str() + Strs + Off;
  };
  size_t P = Types, End = Types + TypeLen;
  while (P + 12 <= End) {
    uint32_t NameOff = u32(Btf, P), Info = u32(Btf, P + 4);
    uint32_t Kind = (Info >> 24) & 0x1f, Vlen = Info & 0xffff;
    size_t Extra = 0;
    switch (Kind) {
    case 1: case 14: case 17: Extra = 4; break;          // int, var, decl_tag
    case 3: Extra = 12; break;                           // array
    case 4: case 5: case 15: case 19: Extra = 12 * size_t(Vlen); break;
    case 6: case 13: Extra = 8 * size_t(Vlen); break;    // enum, func_proto
    default: break;
    }
    if (Kind == 4 && Struct == Name(NameOff)) {
      for (uint32_t I = 0; I < Vlen; ++I)
        if (Field == Name(u32(Btf, P + 12 + 12 * size_t(I))))
          return 1;
      return 0;
    }
    P += 12 + Extra;
  }
  return -1;
}

} // namespace

extern "C" int kernel_struct_has_field(const char *struct_name, const char *field_name) {
  static std::mutex Lock;
  static std::string Btf;
  static bool Tried = false;
  if (!struct_name || !field_name)
    return -1;
  std::lock_guard<std::mutex> G(Lock);
  if (!Tried) {
    Tried = true;
    std::string Err;
    if (!readDeviceFile("/sys/kernel/btf/vmlinux", Btf, Err)) {
      warn("the device's kernel BTF could not be read: " + Err);
      Btf.clear();
    }
  }
  return structHasField(Btf, struct_name, field_name);
}
