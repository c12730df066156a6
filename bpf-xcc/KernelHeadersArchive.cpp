//===- KernelHeadersArchive.cpp - A kernel's kheaders archive, unpacked ---===//
#include "KernelHeadersArchive.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/xxhash.h"

#include <lzma.h>

using namespace llvm;

namespace bpfxcc {

namespace {

// Bounds against an archive that is something else: GKI's kheaders are
// ~4 MB compressed, ~40 MB unpacked.
constexpr size_t kMaxArchive = size_t(256) << 20;
constexpr size_t kMaxUnpacked = size_t(1) << 30;
constexpr StringLiteral kStampName = ".bpf-xcc-kheaders";

Error archiveError(StringRef Archive, const Twine &What) {
  return createStringError(inconvertibleErrorCode(), "kernel headers archive '%s': %s",
                           Archive.str().c_str(), What.str().c_str());
}

Expected<std::string> decompressXz(StringRef Archive, StringRef In) {
  lzma_stream S = LZMA_STREAM_INIT;
  if (lzma_stream_decoder(&S, UINT64_MAX, LZMA_CONCATENATED) != LZMA_OK)
    return archiveError(Archive, "cannot start the xz decoder");
  std::string Out;
  S.next_in = reinterpret_cast<const uint8_t *>(In.data());
  S.avail_in = In.size();
  lzma_ret R = LZMA_OK;
  while (R == LZMA_OK) {
    if (Out.size() >= kMaxUnpacked) {
      lzma_end(&S);
      return archiveError(Archive, "cannot decompress: more than 1 GiB of tar");
    }
    size_t Have = Out.size();
    Out.resize(Have + (size_t(4) << 20));
    S.next_out = reinterpret_cast<uint8_t *>(&Out[Have]);
    S.avail_out = Out.size() - Have;
    R = lzma_code(&S, LZMA_FINISH);
    Out.resize(Out.size() - S.avail_out);
  }
  lzma_end(&S);
  switch (R) {
  case LZMA_STREAM_END:
    return std::move(Out);
  case LZMA_FORMAT_ERROR:
    return archiveError(Archive, "cannot decompress: not an xz stream");
  case LZMA_BUF_ERROR:
    return archiveError(Archive, "cannot decompress: the xz stream is truncated");
  case LZMA_DATA_ERROR:
    return archiveError(Archive, "cannot decompress: the xz stream is corrupt");
  case LZMA_MEM_ERROR:
    return archiveError(Archive, "cannot decompress: out of memory");
  default:
    return archiveError(Archive, "cannot decompress: xz error " + Twine(int(R)));
  }
}

// A tar header's octal number field (NUL or space terminated).
bool octalField(StringRef Field, uint64_t &Value) {
  Field = Field.take_until([](char C) { return C == '\0'; }).trim(' ');
  if (Field.empty()) {
    Value = 0;
    return true;
  }
  return !Field.getAsInteger(8, Value);
}

bool checksumHolds(const char *H) {
  uint64_t Want;
  if (!octalField(StringRef(H + 148, 8), Want))
    return false;
  uint64_t Sum = 0;
  for (int I = 0; I < 512; ++I)
    Sum += (I >= 148 && I < 156) ? ' ' : static_cast<unsigned char>(H[I]);
  return Sum == Want;
}

// A member's name made relative to the folder: "./" and "/"-only steps
// dropped; false for an absolute name or one with a ".." step.
bool memberPath(StringRef Name, SmallString<256> &Rel) {
  Rel.clear();
  if (Name.starts_with("/"))
    return false;
  SmallVector<StringRef, 16> Steps;
  Name.split(Steps, '/', -1, /*KeepEmpty=*/false);
  for (StringRef Step : Steps) {
    if (Step == ".")
      continue;
    if (Step == "..")
      return false;
    sys::path::append(Rel, Step);
  }
  return true;
}

// The pax extended header's path= record, if any ("LEN key=value\n"...).
std::string paxPath(StringRef Records) {
  while (!Records.empty()) {
    auto [Len, Rest] = Records.split(' ');
    size_t N;
    if (Len.getAsInteger(10, N) || N <= Len.size() + 1 || N > Records.size())
      return "";
    StringRef Record = Records.substr(Len.size() + 1, N - Len.size() - 2);
    if (Record.consume_front("path="))
      return Record.str();
    Records = Records.drop_front(N);
  }
  return "";
}

Error writeMember(StringRef Archive, StringRef Dir, StringRef Rel, StringRef Data) {
  SmallString<256> P(Dir);
  sys::path::append(P, Rel);
  if (std::error_code EC = sys::fs::create_directories(sys::path::parent_path(P)))
    return archiveError(Archive, "cannot create " + sys::path::parent_path(P) + ": " + EC.message());
  std::error_code EC;
  raw_fd_ostream OS(P, EC, sys::fs::OF_None);
  if (!EC) {
    OS << Data;
    OS.close();
    EC = OS.error();
  }
  if (EC)
    return archiveError(Archive, "cannot write " + P + ": " + EC.message());
  return Error::success();
}

// Writes the members of the tar \p Tar under \p Dir.
Error untar(StringRef Archive, StringRef Tar, StringRef Dir) {
  std::string LongName, PaxName;
  size_t Files = 0;
  for (size_t Off = 0;;) {
    if (Off + 512 > Tar.size())
      return archiveError(Archive, "not a tar archive: it ends inside a member header at byte " +
                                       Twine(Off) + " (no end-of-archive blocks)");
    const char *H = Tar.data() + Off;
    if (StringRef(H, 512).find_first_not_of('\0') == StringRef::npos)
      break; // end of archive
    uint64_t Size;
    if (!checksumHolds(H) || !octalField(StringRef(H + 124, 12), Size))
      return archiveError(Archive, "not a tar archive: the member header at byte " + Twine(Off) +
                                       " is not one (checksum or size field)");
    size_t DataAt = Off + 512;
    if (Size > Tar.size() - DataAt)
      return archiveError(Archive, "not a tar archive: the member at byte " + Twine(Off) +
                                       " is cut short (" + Twine(Size) + " bytes announced)");
    StringRef Data = Tar.substr(DataAt, Size);
    Off = DataAt + alignTo(Size, 512);
    char Type = H[156];
    if (Type == 'L') { // GNU long name of the next member
      LongName = Data.take_until([](char C) { return C == '\0'; }).str();
      continue;
    }
    if (Type == 'x') { // pax extended header of the next member
      PaxName = paxPath(Data);
      continue;
    }
    std::string Name;
    if (!PaxName.empty())
      Name = PaxName;
    else if (!LongName.empty())
      Name = LongName;
    else {
      StringRef Base = StringRef(H, 100).take_until([](char C) { return C == '\0'; });
      StringRef Prefix = StringRef(H + 345, 155).take_until([](char C) { return C == '\0'; });
      // POSIX ustar ("ustar\0") splits long names into prefix/name; GNU's
      // ("ustar  ") keeps other fields there and uses 'L' members instead.
      bool Ustar = StringRef(H + 257, 6) == StringRef("ustar\0", 6);
      Name = (Ustar && !Prefix.empty() ? Prefix + "/" + Base : Twine(Base)).str();
    }
    LongName.clear();
    PaxName.clear();
    SmallString<256> Rel;
    if (!memberPath(Name, Rel))
      return archiveError(Archive, "member '" + Name + "' would leave the folder it unpacks into");
    if (Rel.empty())
      continue; // "./"
    if (Type == '5') {
      SmallString<256> P(Dir);
      sys::path::append(P, Rel);
      if (std::error_code EC = sys::fs::create_directories(P))
        return archiveError(Archive, "cannot create " + P + ": " + EC.message());
    } else if (Type == '0' || Type == '\0' || Type == '7') {
      if (Error E = writeMember(Archive, Dir, Rel, Data))
        return E;
      ++Files;
    }
    // Links, devices and global headers: headers never need them.
  }
  if (Files == 0)
    return archiveError(Archive, "the tar archive holds no files");
  return Error::success();
}

std::string stampOf(StringRef Bytes) {
  return formatv("{0} {1:x16}\n", Bytes.size(), xxh3_64bits(Bytes)).str();
}

bool unpackedFrom(StringRef Dir, StringRef Stamp) {
  auto MB = MemoryBuffer::getFile(Dir + "/" + kStampName);
  return MB && (*MB)->getBuffer() == Stamp;
}

} // namespace

bool isKernelHeadersArchive(StringRef Path) { return sys::fs::is_regular_file(Path); }

Expected<std::string> unpackKernelHeaders(StringRef Archive) {
  auto MB = MemoryBuffer::getFile(Archive, /*IsText=*/false, /*RequiresNullTerminator=*/false);
  if (!MB)
    return archiveError(Archive, "cannot read it: " + MB.getError().message());
  StringRef Bytes = (*MB)->getBuffer();
  if (Bytes.size() > kMaxArchive)
    return archiveError(Archive, "larger than 256 MiB: not a kheaders archive");
  SmallString<256> Dir(Archive);
  if (std::error_code EC = sys::fs::make_absolute(Dir))
    return archiveError(Archive, "cannot resolve its path: " + EC.message());
  StringRef Name = sys::path::filename(Dir);
  std::string Base = Name.ends_with(".tar.xz") ? Name.drop_back(7).str()
                     : Name.ends_with(".txz")  ? Name.drop_back(4).str()
                                               : (Name + ".d").str();
  sys::path::remove_filename(Dir);
  sys::path::append(Dir, Base);
  std::string Stamp = stampOf(Bytes);
  if (unpackedFrom(Dir, Stamp))
    return std::string(Dir);

  Expected<std::string> Tar = decompressXz(Archive, Bytes);
  if (!Tar)
    return Tar.takeError();
  SmallString<256> Tmp;
  sys::fs::createUniquePath(Dir + ".tmp-%%%%%%", Tmp, /*MakeAbsolute=*/false);
  if (std::error_code EC = sys::fs::create_directories(Tmp))
    return archiveError(Archive, "cannot create " + Tmp + ": " + EC.message());
  auto Fail = [&](Error E) -> Expected<std::string> {
    sys::fs::remove_directories(Tmp);
    return std::move(E);
  };
  if (Error E = untar(Archive, *Tar, Tmp))
    return Fail(std::move(E));
  if (Error E = writeMember(Archive, Tmp, kStampName, Stamp))
    return Fail(std::move(E));
  // A folder of other bytes goes; one another compile just unpacked stays.
  if (sys::fs::exists(Dir) && !unpackedFrom(Dir, Stamp))
    sys::fs::remove_directories(Dir);
  if (std::error_code EC = sys::fs::rename(Tmp, Dir)) {
    if (unpackedFrom(Dir, Stamp)) {
      sys::fs::remove_directories(Tmp);
      return std::string(Dir);
    }
    return Fail(archiveError(Archive, "cannot move the unpacked headers to " + Dir + ": " +
                                          EC.message()));
  }
  return std::string(Dir);
}

} // namespace bpfxcc
