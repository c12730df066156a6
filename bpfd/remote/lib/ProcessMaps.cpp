//===- ProcessMaps.cpp - device processes' executable mappings ------------===//
#include "bpfd/ProcessMaps.h"

#include <cerrno>
#include <cinttypes>
#include <cstdio>
#include <cstring>

namespace bpfd {

Expected<std::vector<DeviceMapping>> executableMappings(const FileCommands &Files, int Pid) {
  auto Text = Files.readFile("/proc/" + std::to_string(Pid) + "/maps", 16 << 20);
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

Expected<MappingProcess> findMappingProcess(const FileCommands &Files, const std::string &Path) {
  auto List = Files.list("/proc");
  if (!List)
    return List.takeError();
  for (const DirEntry &E : *List) {
    const std::string &Name = E.Name;
    if (Name.size() > 9 || Name.find_first_not_of("0123456789") != std::string::npos)
      continue;
    int Pid = std::stoi(Name);
    auto Maps = executableMappings(Files, Pid);
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
