//===- BinaryCache.cpp - Device binaries cached by build id ---------------===//
#include "BinaryCache.h"
#include "Device.h"
#include "DeviceFiles.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <cstring>
#include <unistd.h>

using namespace llvm;

namespace bpfdbcc {

namespace {

constexpr size_t HeadSize = 64 * 1024;
constexpr size_t MaxBinary = 512u << 20;

uint64_t readUnsigned(const std::string &B, size_t Off, unsigned Size, bool Little) {
  uint64_t V = 0;
  for (unsigned I = 0; I < Size; ++I) {
    uint64_t Byte = uint8_t(B[Off + (Little ? I : Size - 1 - I)]);
    V |= Byte << (8 * I);
  }
  return V;
}

std::string cacheDir() {
  std::string Dir = Device::env("BPFD_BCC_CACHE_DIR");
  if (!Dir.empty())
    return Dir;
  std::string Xdg = Device::env("XDG_CACHE_HOME");
  if (!Xdg.empty())
    return Xdg + "/bpfd-bcc/binaries";
  std::string Home = Device::env("HOME");
  return (Home.empty() ? std::string("/tmp") : Home) + "/.cache/bpfd-bcc/binaries";
}

bool verbose() { return !Device::env("BPFD_BCC_VERBOSE").empty(); }

/// Reads up to Want bytes (fewer at the end of the file).
bool readSome(const std::string &H, size_t Want, std::string &Out, std::string &Err) {
  while (Out.size() < Want) {
    auto R = Device::get().command("FILE_READ " + H + " " + std::to_string(Want - Out.size()));
    std::string Chunk;
    if (!R || !R->ok() || R->Payload.empty() || !fromBlob(R->Payload[0], Chunk)) {
      Err = !R ? R.error().message() : !R->ok() ? R->Message : "malformed FILE_READ reply";
      return false;
    }
    if (R->Ret == 0)
      break;
    Out += Chunk;
  }
  return true;
}

void store(const std::string &Id, const std::string &Bytes) {
  std::string Dir = cacheDir();
  if (sys::fs::create_directories(Dir))
    return; // no cache: still works
  std::string Final = Dir + "/" + Id;
  std::string Tmp = Final + ".tmp." + std::to_string(getpid());
  {
    std::error_code EC;
    raw_fd_ostream OS(Tmp, EC);
    if (EC)
      return;
    OS << Bytes;
    OS.close();
    if (OS.has_error()) {
      OS.clear_error();
      sys::fs::remove(Tmp);
      return;
    }
  }
  if (sys::fs::rename(Tmp, Final))
    sys::fs::remove(Tmp);
}

/// The ELF file's section header table lies within it: a cut copy is not.
bool wholeElf(StringRef B) {
  if (B.size() < 64)
    return false;
  std::string H = B.substr(0, 64).str();
  bool Is64 = H[4] == 2, Little = H[5] == 1;
  uint64_t ShOff = readUnsigned(H, Is64 ? 0x28 : 0x20, Is64 ? 8 : 4, Little);
  uint64_t ShEntSize = readUnsigned(H, Is64 ? 0x3a : 0x2e, 2, Little);
  uint64_t ShNum = readUnsigned(H, Is64 ? 0x3c : 0x30, 2, Little);
  return ShOff <= B.size() && ShEntSize * ShNum <= B.size() - ShOff;
}

} // namespace

std::string buildIdOf(const std::string &Head) {
  if (Head.size() < 64 || memcmp(Head.data(), "\x7f" "ELF", 4) != 0)
    return "";
  bool Is64 = Head[4] == 2, Little = Head[5] == 1;
  if ((Head[4] != 1 && !Is64) || (Head[5] != 1 && Head[5] != 2))
    return "";
  uint64_t PhOff = readUnsigned(Head, Is64 ? 0x20 : 0x1c, Is64 ? 8 : 4, Little);
  uint64_t PhEntSize = readUnsigned(Head, Is64 ? 0x36 : 0x2a, 2, Little);
  uint64_t PhNum = readUnsigned(Head, Is64 ? 0x38 : 0x2c, 2, Little);
  if (PhEntSize < (Is64 ? 56u : 32u) || PhOff > Head.size())
    return "";
  for (uint64_t I = 0; I < PhNum; ++I) {
    uint64_t Ph = PhOff + I * PhEntSize;
    if (Ph + PhEntSize > Head.size())
      return "";
    if (readUnsigned(Head, Ph, 4, Little) != 4) // PT_NOTE
      continue;
    uint64_t Off = readUnsigned(Head, Ph + (Is64 ? 8 : 4), Is64 ? 8 : 4, Little);
    uint64_t Size = readUnsigned(Head, Ph + (Is64 ? 32 : 16), Is64 ? 8 : 4, Little);
    if (Off > Head.size() || Size > Head.size() - Off)
      continue;
    for (uint64_t N = Off; N + 12 <= Off + Size;) {
      uint64_t NameSize = readUnsigned(Head, N, 4, Little);
      uint64_t DescSize = readUnsigned(Head, N + 4, 4, Little);
      uint64_t Type = readUnsigned(Head, N + 8, 4, Little);
      uint64_t Name = N + 12, Desc = Name + ((NameSize + 3) & ~3ull);
      uint64_t Next = Desc + ((DescSize + 3) & ~3ull);
      if (NameSize > Size || DescSize > Size || Next > Off + Size)
        break;
      if (Type == 3 && NameSize == 4 && memcmp(Head.data() + Name, "GNU", 4) == 0 &&
          DescSize >= 8 && DescSize <= 64) {
        std::string Hex;
        for (uint64_t J = 0; J < DescSize; ++J) {
          static const char Digits[] = "0123456789abcdef";
          uint8_t B = uint8_t(Head[Desc + J]);
          Hex += Digits[B >> 4];
          Hex += Digits[B & 15];
        }
        return Hex;
      }
      N = Next;
    }
  }
  return "";
}

bool readDeviceBinary(const std::string &Path, std::string &Bytes, std::string &Err) {
  Bytes.clear();
  auto Open = Device::get().command("FILE_OPEN " + bpfd::quoteToken(Path));
  if (!Open || !Open->ok()) {
    Err = Open ? Open->Message : Open.error().message();
    return false;
  }
  std::string H = std::to_string(Open->Ret);
  bool Ok = readSome(H, HeadSize, Bytes, Err);
  std::string Id = Ok ? buildIdOf(Bytes) : "";
  bool Hit = false;
  if (!Id.empty()) {
    auto Cached = MemoryBuffer::getFile(cacheDir() + "/" + Id, /*IsText=*/false,
                                        /*RequiresNullTerminator=*/false);
    // The cached copy must begin as the device's file does (a cut or
    // corrupted entry is read again and replaced).
    if (Cached && (*Cached)->getBufferSize() >= Bytes.size() &&
        memcmp((*Cached)->getBufferStart(), Bytes.data(), Bytes.size()) == 0 &&
        wholeElf((*Cached)->getBuffer())) {
      Bytes.assign((*Cached)->getBufferStart(), (*Cached)->getBufferSize());
      Hit = true;
    }
  }
  if (Ok && !Hit && Bytes.size() == HeadSize)
    Ok = readDeviceHandle(H, Path, Bytes, Err, MaxBinary);
  auto C = Device::get().command("BPF_CLOSE " + H);
  (void)C;
  if (!Ok)
    return false;
  if (verbose() && !Id.empty())
    errs() << "bpfd-bcc: binary " << Path << " build id " << Id
           << (Hit ? ": from the cache\n" : ": read through bpfd, cached\n");
  if (!Id.empty() && !Hit)
    store(Id, Bytes);
  return true;
}

} // namespace bpfdbcc
