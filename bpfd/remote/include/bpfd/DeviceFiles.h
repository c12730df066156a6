//===- bpfd/DeviceFiles.h - the device's files through bpfd -----*- C++ -*-===//
//
// bpfd opens files for its client with FILE_OPEN / FILE_READ / BPF_CLOSE
// (docs/protocol.md): /proc and /sys, and the binaries device processes map,
// as /proc/PID/map_files/RANGE. These are the host side's one reading of
// them, for bpf-run and the remote libbcc alike; each call takes the function
// that sends a command line and waits for its reply (Session::command, or a
// caller's wrapper of it).
//
//===----------------------------------------------------------------------===//
#ifndef BPFD_DEVICEFILES_H
#define BPFD_DEVICEFILES_H

#include "bpfd/Error.h"
#include "bpfd/Reply.h"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace bpfd {

/// Sends one command line to bpfd and returns its reply.
using CommandFn = std::function<Expected<Reply>(const std::string &Line)>;

/// The whole of device file \p Path, at most \p Max bytes (EFBIG beyond).
Expected<std::string> readDeviceFile(const CommandFn &Command, const std::string &Path,
                                     size_t Max = size_t(512) << 20);

/// Up to \p Want more bytes of the device file open as bpfd handle \p Handle
/// (fewer at its end; named \p Path in messages), appended to \p Out.
/// Want == 0 reads to the end; \p Max bounds Out's size (EFBIG beyond).
Error readDeviceHandle(const CommandFn &Command, long long Handle, const std::string &Path,
                       std::string &Out, size_t Want, size_t Max);

/// A file-backed executable mapping of a device process.
struct DeviceMapping {
  uint64_t Start = 0, End = 0, FileOffset = 0;
  std::string Path;
};

/// The file-backed executable mappings of device process \p Pid, from its
/// /proc/PID/maps.
Expected<std::vector<DeviceMapping>> executableMappings(const CommandFn &Command, int Pid);

/// The /proc/PID/map_files/START-END name of \p Mapping of process \p Pid.
std::string mappedFilePath(int Pid, const DeviceMapping &Mapping);

/// A device process that maps a binary, and its mapping of it.
struct MappingProcess {
  int Pid = 0;
  DeviceMapping Mapping;
};

/// The first device process (by /proc order) with an executable mapping of
/// \p Path: bpfd reads a binary outside /proc and /sys only through a
/// process that maps it. ENOENT, with a message saying so, if none does.
Expected<MappingProcess> findMappingProcess(const CommandFn &Command, const std::string &Path);

} // namespace bpfd

#endif // BPFD_DEVICEFILES_H
