//===- DeviceFiles.cpp - the device's files through bpfd ------------------===//
#include "bpfd/DeviceFiles.h"
#include "bpfd/Blob.h"

#include <cerrno>
#include <cinttypes>
#include <cstdio>
#include <cstring>

namespace bpfd {

namespace {

constexpr size_t ReadChunk = 256 * 1024;

Error closeHandle(const CommandFn &Command, long long Handle) {
  auto R = Command("BPF_CLOSE " + std::to_string(Handle));
  if (!R)
    return R.takeError();
  return R->ok() ? Error::success() : R->toError();
}

Expected<long long> openFile(const CommandFn &Command, const std::string &Path) {
  auto R = Command("FILE_OPEN " + quoteToken(Path));
  if (!R)
    return R.takeError();
  if (!R->ok())
    return R->toError().withContext(Path);
  return R->Ret;
}

} // namespace

Error readDeviceHandle(const CommandFn &Command, long long Handle, const std::string &Path,
                       std::string &Out, size_t Want, size_t Max) {
  size_t Goal = Want ? Out.size() + Want : 0;
  while (!Goal || Out.size() < Goal) {
    size_t Ask = Goal ? std::min(ReadChunk, Goal - Out.size()) : ReadChunk;
    auto R = Command("FILE_READ " + std::to_string(Handle) + " " + std::to_string(Ask));
    if (!R)
      return R.takeError();
    if (!R->ok())
      return R->toError().withContext(Path);
    if (R->Payload.empty())
      return Error::failure(EPROTO, Path + ": FILE_READ reply without data");
    auto Chunk = decodeBlob(R->Payload[0]);
    if (!Chunk)
      return Chunk.takeError().withContext(Path);
    if (R->Ret == 0 || Chunk->empty())
      break;
    if (Out.size() + Chunk->size() > Max)
      return Error::failure(EFBIG, Path + " is larger than " + std::to_string(Max) + " bytes");
    Out += *Chunk;
  }
  return Error::success();
}

Expected<std::string> readDeviceFile(const CommandFn &Command, const std::string &Path,
                                     size_t Max) {
  auto Handle = openFile(Command, Path);
  if (!Handle)
    return Handle.takeError();
  std::string Out;
  Error E = readDeviceHandle(Command, *Handle, Path, Out, 0, Max);
  Error Closed = closeHandle(Command, *Handle);
  if (E)
    return E;
  if (Closed)
    return Closed;
  return Out;
}

Expected<std::vector<DeviceMapping>> executableMappings(const CommandFn &Command, int Pid) {
  auto Text = readDeviceFile(Command, "/proc/" + std::to_string(Pid) + "/maps", 16 << 20);
  if (!Text)
    return Text.takeError();
  std::vector<DeviceMapping> Maps;
  size_t Pos = 0;
  while (Pos < Text->size()) {
    size_t Eol = Text->find('\n', Pos);
    if (Eol == std::string::npos)
      Eol = Text->size();
    std::string Line = Text->substr(Pos, Eol - Pos);
    Pos = Eol + 1;
    uint64_t Start, End, Off;
    char Perms[8];
    int Used = 0;
    if (sscanf(Line.c_str(), "%" SCNx64 "-%" SCNx64 " %7s %" SCNx64 " %*s %*s %n", &Start, &End,
               Perms, &Off, &Used) < 4 ||
        !strchr(Perms, 'x') || !Used)
      continue;
    std::string Path = Line.substr(size_t(Used));
    if (Path.empty() || Path[0] != '/')
      continue; // [vdso], anonymous code
    Maps.push_back({Start, End, Off, Path});
  }
  return Maps;
}

std::string mappedFilePath(int Pid, const DeviceMapping &Mapping) {
  char Range[64];
  snprintf(Range, sizeof Range, "%" PRIx64 "-%" PRIx64, Mapping.Start, Mapping.End);
  return "/proc/" + std::to_string(Pid) + "/map_files/" + Range;
}

Expected<MappingProcess> findMappingProcess(const CommandFn &Command, const std::string &Path) {
  auto List = Command("FILE_LIST /proc");
  if (!List)
    return List.takeError();
  if (!List->ok())
    return List->toError().withContext("/proc");
  for (const std::string &Line : List->Payload) {
    size_t Sp = Line.find(' ');
    if (Sp == std::string::npos)
      continue;
    std::string Name = Line.substr(Sp + 1);
    if (Name.empty() || Name.size() > 9 || Name.find_first_not_of("0123456789") != std::string::npos)
      continue;
    int Pid = std::stoi(Name);
    auto Maps = executableMappings(Command, Pid);
    if (!Maps)
      continue; // gone since the listing
    for (const DeviceMapping &M : *Maps)
      if (M.Path == Path)
        return MappingProcess{Pid, M};
  }
  return Error::failure(ENOENT, Path + ": no process on the device maps it (bpfd reads a binary "
                                       "outside /proc and /sys only through a process that runs it)");
}

} // namespace bpfd
