//===- FileCommands.cpp - bpfd's file commands, typed ---------------------===//
#include "bpfd/FileCommands.h"
#include "bpfd/Blob.h"
#include "bpfd/LineProtocol.h"

#include <algorithm>
#include <cerrno>
#include <cstdlib>

namespace bpfd {

namespace {

const struct {
  const char *Word;
  FileType Type;
} TypeWords[] = {{"reg", FileType::Regular},     {"dir", FileType::Directory},
                 {"lnk", FileType::Symlink},     {"chr", FileType::CharDevice},
                 {"blk", FileType::BlockDevice}, {"fifo", FileType::Fifo},
                 {"sock", FileType::Socket}};

bool parseNumber(const std::string &S, int Base, long long &V) {
  if (S.empty())
    return false;
  char *End;
  errno = 0;
  V = strtoll(S.c_str(), &End, Base);
  return !*End && !errno;
}

Error malformed(const std::string &Path, const std::string &Why) {
  return Error::failure(EPROTO, Path + ": " + Why);
}

} // namespace

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

Expected<Reply> FileCommands::run(const std::string &Line, const std::string &Path) const {
  Expected<Reply> R = Command(Line);
  if (R && !R->ok())
    return Path.empty() ? R->toError() : R->toError().withContext(Path);
  return R;
}

Expected<FileStat> FileCommands::stat(const std::string &Path) const {
  auto R = run("FILE_STAT " + quoteToken(Path), Path);
  if (!R)
    return R.takeError();
  if (R->Payload.empty())
    return malformed(Path, "FILE_STAT reply without data");
  FileStat Out;
  bool HaveType = false;
  for (const std::string &Field : splitWords(R->Payload[0])) {
    size_t Eq = Field.find('=');
    if (Eq == std::string::npos)
      continue;
    std::string Key = Field.substr(0, Eq), Value = Field.substr(Eq + 1);
    long long V = 0;
    if (Key == "type") {
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
  if (!HaveType)
    return malformed(Path, "FILE_STAT reply without type=");
  return Out;
}

Expected<std::string> FileCommands::readLink(const std::string &Path) const {
  auto R = run("FILE_READLINK " + quoteToken(Path), Path);
  if (!R)
    return R.takeError();
  if (R->Payload.empty())
    return malformed(Path, "FILE_READLINK reply without data");
  return unescapeText(R->Payload[0]);
}

Expected<std::vector<DirEntry>> FileCommands::list(const std::string &Path) const {
  auto R = run("FILE_LIST " + quoteToken(Path), Path);
  if (!R)
    return R.takeError();
  std::vector<DirEntry> Entries;
  for (const std::string &P : R->Payload) {
    size_t Blank = P.find(' ');
    if (Blank == std::string::npos)
      continue;
    DirEntry E;
    if (!parseFileType(P.substr(0, Blank), E.Type))
      E.Type = FileType::Regular;
    E.Name = unescapeText(P.substr(Blank + 1));
    if (E.Name.empty() || E.Name == "." || E.Name == ".." ||
        E.Name.find('/') != std::string::npos)
      continue;
    Entries.push_back(std::move(E));
  }
  return Entries;
}

Expected<long long> FileCommands::open(const std::string &Path) const {
  auto R = run("FILE_OPEN " + quoteToken(Path), Path);
  if (!R)
    return R.takeError();
  if (R->Ret == 0)
    return malformed(Path, "FILE_OPEN answered handle 0");
  return R->Ret;
}

Expected<std::string> FileCommands::read(long long Handle, const std::string &Path, size_t Max,
                                         int WaitMs) const {
  std::string Line = "FILE_READ " + std::to_string(Handle) + " " + std::to_string(Max);
  if (WaitMs >= 0)
    Line += " " + std::to_string(WaitMs);
  auto R = run(Line, Path);
  if (!R)
    return R.takeError();
  if (R->Ret == 0)
    return std::string();
  if (R->Payload.empty())
    return malformed(Path, "FILE_READ reply without data");
  auto Bytes = decodeBlob(R->Payload[0]);
  if (!Bytes)
    return Bytes.takeError().withContext(Path);
  if (Bytes->size() > Max)
    return malformed(Path, "FILE_READ answered more than the " + std::to_string(Max) +
                               " bytes asked for");
  return Bytes;
}

Error FileCommands::close(long long Handle) const {
  auto R = run("BPF_CLOSE " + std::to_string(Handle), "");
  return R.takeError();
}

Error FileCommands::readHandle(long long Handle, const std::string &Path, std::string &Out,
                               size_t Want, size_t Max) const {
  size_t Goal = Want ? Out.size() + Want : 0;
  while (!Goal || Out.size() < Goal) {
    size_t Ask = Goal ? std::min(MaxRead, Goal - Out.size()) : MaxRead;
    auto Chunk = read(Handle, Path, Ask);
    if (!Chunk)
      return Chunk.takeError();
    if (Chunk->empty())
      break;
    if (Out.size() + Chunk->size() > Max)
      return Error::failure(EFBIG, Path + " is larger than " + std::to_string(Max) + " bytes");
    Out += *Chunk;
  }
  return Error::success();
}

Expected<std::string> FileCommands::readFile(const std::string &Path, size_t Max) const {
  auto Handle = open(Path);
  if (!Handle)
    return Handle.takeError();
  std::string Out;
  Error E = readHandle(*Handle, Path, Out, 0, Max);
  Error Closed = close(*Handle);
  if (E)
    return E;
  if (Closed)
    return Closed;
  return Out;
}

} // namespace bpfd
