//===- Probes.cpp - A binary's SDT notes gathered into USDT probes --------===//
#include "bpf-xcc/Usdt.h"

#include "llvm/BinaryFormat/ELF.h"

using namespace llvm;

namespace bpfxcc {
namespace usdt {

// 31-bit s390 and 32-bit powerpc and riscv binaries are not read: their
// kernels' struct pt_regs differ and bpf-xcc does not target them.
static OperandArch operandArchOf(const UserBinary &File) {
  switch (File.Machine) {
  case ELF::EM_X86_64:
    return OperandArch::X86_64;
  case ELF::EM_AARCH64:
    return OperandArch::Arm64;
  case ELF::EM_ARM:
    return OperandArch::Arm;
  case ELF::EM_S390:
    return File.Is64Bit ? OperandArch::S390x : OperandArch::Unknown;
  case ELF::EM_PPC64:
    return OperandArch::Ppc64;
  case ELF::EM_RISCV:
    return File.Is64Bit ? OperandArch::Riscv64 : OperandArch::Unknown;
  default:
    return OperandArch::Unknown;
  }
}

static BinaryProbes gather(UserBinary File) {
  BinaryProbes B;
  B.File = std::move(File);
  B.Arch = operandArchOf(B.File);
  for (const UserBinary::SdtNote &N : B.File.SdtNotes) {
    Probe *Same = nullptr;
    for (Probe &P : B.Probes)
      if (P.Provider == N.Provider && P.Name == N.Name)
        Same = &P;
    if (!Same) {
      B.Probes.emplace_back();
      Same = &B.Probes.back();
      Same->Provider = N.Provider;
      Same->Name = N.Name;
      Same->BinPath = B.File.Path;
      Same->Semaphore = N.Semaphore;
      uint64_t Offset = 0;
      if (N.Semaphore && B.File.fileOffsetOf(N.Semaphore, Offset))
        Same->SemaphoreOffset = Offset;
    }
    Location L;
    L.Address = N.Address;
    L.ArgText = N.Args;
    L.Args = parseArguments(N.Args, B.Arch);
    Same->Locations.push_back(std::move(L));
  }
  return B;
}

Expected<BinaryProbes> readProbes(StringRef Bytes, StringRef Path) {
  auto File = UserBinary::read(Bytes, Path);
  if (!File)
    return File.takeError();
  return gather(std::move(*File));
}

Expected<BinaryProbes> readProbesFile(StringRef Path) {
  auto File = UserBinary::readFile(Path);
  if (!File)
    return File.takeError();
  return gather(std::move(*File));
}

std::vector<const Probe *> findProbes(const BinaryProbes &B, StringRef Provider, StringRef Name) {
  std::vector<const Probe *> Out;
  for (const Probe &P : B.Probes)
    if (P.Name == Name && (Provider.empty() || P.Provider == Provider))
      Out.push_back(&P);
  return Out;
}

} // namespace usdt
} // namespace bpfxcc
