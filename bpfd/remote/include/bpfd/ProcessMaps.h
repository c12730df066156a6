//===- bpfd/ProcessMaps.h - device processes' executable mappings -*- C++ -*-===//
//
// bpfd reads a binary outside /proc and /sys only through a process that
// maps it, as /proc/PID/map_files/RANGE (docs/protocol.md, Files). These
// find such a process and name its mapping, from /proc/PID/maps read with
// FileCommands; for bpf-run and the remote libbcc alike.
//
//===----------------------------------------------------------------------===//
#ifndef BPFD_PROCESSMAPS_H
#define BPFD_PROCESSMAPS_H

#include "bpfd/Error.h"
#include "bpfd/FileCommands.h"

#include <cstdint>
#include <string>
#include <vector>

namespace bpfd {

/// A file-backed executable mapping of a device process.
struct DeviceMapping {
  uint64_t Start = 0, End = 0, FileOffset = 0;
  std::string Path;
};

/// The file-backed executable mappings of device process \p Pid, from its
/// /proc/PID/maps.
Expected<std::vector<DeviceMapping>> executableMappings(const FileCommands &Files, int Pid);

/// The /proc/PID/map_files/START-END name of \p Mapping of process \p Pid.
std::string mappedFilePath(int Pid, const DeviceMapping &Mapping);

/// A device process that maps a binary, and its mapping of it.
struct MappingProcess {
  int Pid = 0;
  DeviceMapping Mapping;
};

/// The first device process (by /proc order) with an executable mapping of
/// \p Path. ENOENT, with a message saying so, if none does.
Expected<MappingProcess> findMappingProcess(const FileCommands &Files, const std::string &Path);

} // namespace bpfd

#endif // BPFD_PROCESSMAPS_H
