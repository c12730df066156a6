//===- KernelBtf.cpp - The device's kernel BTF, as BCC asks about it ------===//
//
// kernel_struct_has_field(), as BCC: the struct named so in the running
// kernel's BTF (/sys/kernel/btf/vmlinux of the device, read once through
// bpfd's file commands), and whether one of its direct members has the
// name. 1: yes, 0: no, -1: no such struct or no BTF. kernel_enum_has_val()
// (BCC 0.31 on) likewise for an enum's values.
//
// bpf_has_kernel_btf(): whether BCC running on the device would see kernel
// BTF there (see below for the architecture in it).
//
//===----------------------------------------------------------------------===//
#include "Device.h"
#include "DeviceReads.h"

#include "bpfd/Reply.h"

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

// Calls Visit(Kind, Name, Vlen, Members) for each type of Btf, in id order,
// until it returns true; Members points at the vlen records that follow the
// type. False if Btf is not BTF.
template <typename VisitFn> bool forEachType(const std::string &Btf, VisitFn Visit) {
  if (Btf.size() < 24 || u32(Btf, 0) % 65536 != 0xeb9f)
    return false;
  uint32_t HdrLen = u32(Btf, 4), TypeOff = u32(Btf, 8), TypeLen = u32(Btf, 12),
           StrOff = u32(Btf, 16), StrLen = u32(Btf, 20);
  size_t Types = size_t(HdrLen) + TypeOff, Strs = size_t(HdrLen) + StrOff;
  if (Types + TypeLen > Btf.size() || Strs + StrLen > Btf.size())
    return false;
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
    if (P + 12 + Extra > End)
      break;
    auto MemberName = [&](size_t I, size_t Size) { return Name(u32(Btf, P + 12 + Size * I)); };
    if (Visit(Kind, Name(NameOff), Vlen, MemberName))
      break;
    P += 12 + Extra;
  }
  return true;
}

constexpr uint32_t KindStruct = 4, KindEnum = 6;

int structHasField(const std::string &Btf, const std::string &Struct,
                   const std::string &Field) {
  int Answer = -1;
  forEachType(Btf, [&](uint32_t Kind, const char *Name, uint32_t Vlen, auto MemberName) {
    if (Kind != KindStruct || Struct != Name)
      return false;
    Answer = 0;
    for (uint32_t I = 0; I < Vlen; ++I)
      if (Field == MemberName(I, 12))
        Answer = 1;
    return true;
  });
  return Answer;
}

// As BCC's kernel_enum_has_val: the first BTF_KIND_ENUM of that name (enum64
// is not looked at), -1 when there is none; with no name, any anonymous
// enum holding the value (0 when none does).
int enumHasValue(const std::string &Btf, const std::string &Enum, const std::string &Value) {
  int Answer = Enum.empty() ? 0 : -1;
  bool IsBtf = forEachType(Btf, [&](uint32_t Kind, const char *Name, uint32_t Vlen,
                                    auto MemberName) {
    if (Kind != KindEnum || Enum != Name)
      return false;
    bool Has = false;
    for (uint32_t I = 0; I < Vlen && !Has; ++I)
      Has = Value == MemberName(I, 8);
    if (!Enum.empty()) {
      Answer = Has;
      return true;
    }
    if (Has)
      Answer = 1;
    return Has;
  });
  return IsBtf ? Answer : -1;
}

// The device's /sys/kernel/btf/vmlinux, read once (empty if it cannot be).
const std::string &deviceBtf() {
  static std::once_flag Once;
  static std::string Btf;
  std::call_once(Once, [] {
    std::string Err;
    if (!readDeviceFile("/sys/kernel/btf/vmlinux", Btf, Err)) {
      warn("the device's kernel BTF could not be read: " + Err);
      Btf.clear();
    }
  });
  return Btf;
}

} // namespace

extern "C" int kernel_struct_has_field(const char *struct_name, const char *field_name) {
  if (!struct_name || !field_name)
    return -1;
  return structHasField(deviceBtf(), struct_name, field_name);
}

// BCC 0.31 and later (support_fmod_ret() asks for BPF_MODIFY_RETURN).
extern "C" int kernel_enum_has_val(const char *enum_name, const char *val_name) {
  if (!val_name)
    return -1;
  const std::string &Btf = deviceBtf();
  if (Btf.empty())
    return -1;
  return enumHasValue(Btf, enum_name ? enum_name : "", val_name);
}

// BCC's Python asks this only in support_kfunc() and support_lsm(); no
// Debian tool calls support_lsm(). support_kfunc() first answers false when
// platform.machine() is not x86_64 (BCC has no trampolines elsewhere), and
// here that is this host's machine (x86_64), whatever the device's. So the
// answer is true only for an x86_64 device whose kernel has BTF (the
// greeting's btf=1: a readable /sys/kernel/btf/vmlinux): support_kfunc()
// then answers as BCC on the device would (it goes on to look for
// bpf_trampoline_link_prog in the device's kallsyms). On an arm64 device
// BCC answers false, and Debian's 6.1 arm64 kernel has no trampolines for
// kernel functions anyway (their attach fails with ENOTSUPP), so its tools
// keep their kprobe paths.
extern "C" bool bpf_has_kernel_btf(void) {
  auto Fields = bpfd::parseGreeting(Device::env("BPFD_BCC_GREETING"));
  if (!Fields) // not run by bpfd-bcc: no device to ask
    return false;
  bool X86 = false, Btf = false;
  for (const auto &[Key, Value] : *Fields) {
    if (Key == "arch")
      X86 = Value == "x86_64";
    else if (Key == "btf")
      Btf = Value == "1";
  }
  return X86 && Btf;
}
