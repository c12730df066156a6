//===- DeviceFiles.cpp - the device's /proc and /sys through bpfd ----------===//

#include "DeviceFiles.h"
#include "LineProtocol.h"

#include "bpfd/Blob.h"

#include <cerrno>
#include <cstdlib>

namespace bpfdbcc {

static const struct {
  const char *Word;
  FileType Type;
} TypeWords[] = {{"reg", FileType::Regular},      {"dir", FileType::Directory},
                 {"lnk", FileType::Symlink},      {"chr", FileType::CharDevice},
                 {"blk", FileType::BlockDevice},  {"fifo", FileType::Fifo},
                 {"sock", FileType::Socket}};

bool parseFileType(const std::string &Word, FileType &Type) {
  for (const auto &T : TypeWords)
    if (Word == T.Word) {
      Type = T.Type;
      return true;
    }
  return false;
}

const char *fileTypeWord(FileType Type) {
  for (const auto &T : TypeWords)
    if (T.Type == Type)
      return T.Word;
  return "reg";
}

long long DeviceFiles::run(const std::string &Line, bpfd::Reply &R) {
  bpfd::Expected<bpfd::Reply> E = Run(Line);
  if (!E)
    return -EIO;
  R = std::move(*E);
  return R.Ret;
}

static bool parseNumber(const std::string &S, int Base, long long &V) {
  if (S.empty())
    return false;
  char *End;
  errno = 0;
  V = strtoll(S.c_str(), &End, Base);
  return !*End && !errno;
}

int DeviceFiles::stat(const std::string &Path, DeviceStat &Out) {
  bpfd::Reply R;
  long long Ret = run("FILE_STAT " + bpfd::quoteToken(Path), R);
  if (Ret < 0)
    return static_cast<int>(Ret);
  if (R.Payload.empty())
    return -EIO;
  bool HaveType = false;
  const std::string &P = R.Payload[0];
  size_t Pos = 0;
  while (Pos < P.size()) {
    size_t End = P.find(' ', Pos);
    if (End == std::string::npos)
      End = P.size();
    std::string Field = P.substr(Pos, End - Pos);
    Pos = End + 1;
    size_t Eq = Field.find('=');
    if (Eq == std::string::npos)
      continue;
    std::string Key = Field.substr(0, Eq), Value = Field.substr(Eq + 1);
    long long V = 0;
    if (Key == "type") {
      // "unknown": a file type stat() has no word for; shown as a file.
      HaveType = true;
      if (!parseFileType(Value, Out.Type))
        Out.Type = FileType::Regular;
    } else if (Key == "size" && parseNumber(Value, 10, V)) {
      Out.Size = static_cast<uint64_t>(V);
    } else if (Key == "mode" && parseNumber(Value, 8, V)) {
      Out.Mode = static_cast<uint32_t>(V) & 07777;
    } else if (Key == "nlink" && parseNumber(Value, 10, V)) {
      Out.Nlink = static_cast<uint32_t>(V);
    } else if (Key == "mtime" && parseNumber(Value, 10, V)) {
      Out.Mtime = V;
    }
  }
  return HaveType ? 0 : -EIO;
}

int DeviceFiles::readLink(const std::string &Path, std::string &Target) {
  bpfd::Reply R;
  long long Ret = run("FILE_READLINK " + bpfd::quoteToken(Path), R);
  if (Ret < 0)
    return static_cast<int>(Ret);
  if (R.Payload.empty())
    return -EIO;
  Target = unescapeText(R.Payload[0]);
  return 0;
}

int DeviceFiles::list(const std::string &Path, std::vector<DeviceDirEntry> &Entries) {
  bpfd::Reply R;
  long long Ret = run("FILE_LIST " + bpfd::quoteToken(Path), R);
  if (Ret < 0)
    return static_cast<int>(Ret);
  Entries.clear();
  for (const std::string &P : R.Payload) {
    size_t Blank = P.find(' ');
    if (Blank == std::string::npos)
      continue;
    DeviceDirEntry E;
    if (!parseFileType(P.substr(0, Blank), E.Type))
      E.Type = FileType::Regular;
    E.Name = unescapeText(P.substr(Blank + 1));
    if (E.Name.empty() || E.Name == "." || E.Name == ".." ||
        E.Name.find('/') != std::string::npos)
      continue;
    Entries.push_back(std::move(E));
  }
  return static_cast<int>(Entries.size());
}

long long DeviceFiles::open(const std::string &Path) {
  bpfd::Reply R;
  long long Ret = run("FILE_OPEN " + bpfd::quoteToken(Path), R);
  return Ret == 0 ? -EIO : Ret;
}

long long DeviceFiles::read(long long Handle, size_t Max, int WaitMs, std::string &Data) {
  std::string Line = "FILE_READ " + std::to_string(Handle) + " " + std::to_string(Max);
  if (WaitMs >= 0)
    Line += " " + std::to_string(WaitMs);
  bpfd::Reply R;
  long long Ret = run(Line, R);
  if (Ret < 0)
    return Ret;
  Data.clear();
  if (Ret == 0)
    return 0;
  if (R.Payload.empty())
    return -EIO;
  auto Bytes = bpfd::decodeBlob(R.Payload[0]);
  if (!Bytes || Bytes->size() > Max)
    return -EIO;
  Data = std::move(*Bytes);
  return static_cast<long long>(Data.size());
}

int DeviceFiles::close(long long Handle) {
  bpfd::Reply R;
  return static_cast<int>(run("BPF_CLOSE " + std::to_string(Handle), R));
}

} // namespace bpfdbcc
