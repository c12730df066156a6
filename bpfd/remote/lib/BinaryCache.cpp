//===- BinaryCache.cpp - device binaries cached by build id ---------------===//
#include "bpfd/BinaryCache.h"

#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace bpfd {

namespace {

constexpr size_t HeadSize = 64 * 1024;
constexpr size_t MaxBinary = size_t(512) << 20;

uint64_t readUnsigned(const std::string &B, size_t Off, unsigned Size, bool Little) {
  uint64_t V = 0;
  for (unsigned I = 0; I < Size; ++I) {
    uint64_t Byte = uint8_t(B[Off + (Little ? I : Size - 1 - I)]);
    V |= Byte << (8 * I);
  }
  return V;
}

/// The ELF file's section header table lies within it: a cut copy is not.
bool wholeElf(const std::string &B) {
  if (B.size() < 64 || memcmp(B.data(), "\x7f" "ELF", 4) != 0)
    return false;
  bool Is64 = B[4] == 2, Little = B[5] == 1;
  uint64_t ShOff = readUnsigned(B, Is64 ? 0x28 : 0x20, Is64 ? 8 : 4, Little);
  uint64_t ShEntSize = readUnsigned(B, Is64 ? 0x3a : 0x2e, 2, Little);
  uint64_t ShNum = readUnsigned(B, Is64 ? 0x3c : 0x30, 2, Little);
  return ShOff <= B.size() && ShEntSize * ShNum <= B.size() - ShOff;
}

bool readHostFile(const std::string &Path, std::string &Out) {
  int Fd = open(Path.c_str(), O_RDONLY | O_CLOEXEC);
  if (Fd < 0)
    return false;
  Out.clear();
  char Buf[1 << 16];
  ssize_t N;
  while ((N = read(Fd, Buf, sizeof Buf)) > 0 && Out.size() <= MaxBinary)
    Out.append(Buf, size_t(N));
  close(Fd);
  return N == 0;
}

/// mkdir -p; false if Dir is not a folder afterwards.
bool makeFolders(const std::string &Dir) {
  for (size_t Slash = 1; Slash != std::string::npos;) {
    Slash = Dir.find('/', Slash + 1);
    std::string Part = Dir.substr(0, Slash);
    if (mkdir(Part.c_str(), 0755) != 0 && errno != EEXIST)
      return false;
  }
  struct stat St;
  return stat(Dir.c_str(), &St) == 0 && S_ISDIR(St.st_mode);
}

/// Writes Bytes to Dir/Id through a temporary file renamed into place; the
/// final path, or "" when nothing was cached (the caller still has Bytes).
std::string store(const std::string &Dir, const std::string &Id, const std::string &Bytes) {
  if (Dir.empty() || !makeFolders(Dir))
    return "";
  std::string Final = Dir + "/" + Id;
  std::string Tmp = Final + ".tmp." + std::to_string(getpid());
  int Fd = open(Tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (Fd < 0)
    return "";
  size_t Done = 0;
  while (Done < Bytes.size()) {
    ssize_t N = write(Fd, Bytes.data() + Done, Bytes.size() - Done);
    if (N <= 0)
      break;
    Done += size_t(N);
  }
  bool Ok = close(Fd) == 0 && Done == Bytes.size();
  if (!Ok || rename(Tmp.c_str(), Final.c_str()) != 0) {
    unlink(Tmp.c_str());
    return "";
  }
  return Final;
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
        static const char Digits[] = "0123456789abcdef";
        std::string Hex;
        for (uint64_t J = 0; J < DescSize; ++J) {
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

Expected<DeviceBinary> readDeviceBinary(const FileCommands &Files, const std::string &Path,
                                        const std::string &CacheDir) {
  auto Open = Files.open(Path);
  if (!Open)
    return Open.takeError();
  long long Handle = *Open;
  DeviceBinary Out;
  Error E = Files.readHandle(Handle, Path, Out.Bytes, HeadSize, MaxBinary);
  if (!E) {
    Out.BuildId = buildIdOf(Out.Bytes);
    std::string Cached;
    if (!Out.BuildId.empty() && !CacheDir.empty() &&
        readHostFile(CacheDir + "/" + Out.BuildId, Cached) && Cached.size() >= Out.Bytes.size() &&
        memcmp(Cached.data(), Out.Bytes.data(), Out.Bytes.size()) == 0 && wholeElf(Cached)) {
      Out.Bytes = std::move(Cached);
      Out.CachedPath = CacheDir + "/" + Out.BuildId;
      Out.FromCache = true;
    } else if (Out.Bytes.size() == HeadSize) {
      E = Files.readHandle(Handle, Path, Out.Bytes, 0, MaxBinary);
    }
  }
  Error Closed = Files.close(Handle);
  (void)Closed;
  if (E)
    return E;
  if (!Out.BuildId.empty() && !Out.FromCache)
    Out.CachedPath = store(CacheDir, Out.BuildId, Out.Bytes);
  return Out;
}

} // namespace bpfd
