//===- DeviceReads.h - libbcc's reads of the device's files ------*- C++ -*-===//
//
// libbcc's face of the client library's bpfd/FileCommands.h,
// bpfd/ProcessMaps.h and bpfd/BinaryCache.h: the same calls on this
// process's device connection, with libbcc's binary cache folder, reporting
// failures as bool + message.
//
//===----------------------------------------------------------------------===//
#ifndef BPFD_BCC_LIBBCC_DEVICEREADS_H
#define BPFD_BCC_LIBBCC_DEVICEREADS_H

#include "bpfd/FileCommands.h"
#include "bpfd/ProcessMaps.h"

#include <string>
#include <vector>

namespace bpfdbcc {

using bpfd::DeviceMapping;

/// The file commands on Device::get().
bpfd::FileCommands deviceFiles();

/// The whole of a device file (FILE_OPEN/FILE_READ: /proc, /sys, and the
/// files processes map, /proc/PID/map_files/...), at most \p Max bytes.
/// False with a message in \p Err.
bool readDeviceFile(const std::string &Path, std::string &Out, std::string &Err,
                    size_t Max = size_t(512) << 20);

/// The file-backed executable mappings of device process \p Pid, from its
/// /proc/PID/maps; false when that cannot be read (no such process).
bool executableMappings(int Pid, std::vector<DeviceMapping> &Out);

/// The whole file of \p Mapping in device process \p Pid (through
/// /proc/PID/map_files/RANGE and the binary cache: $BPFD_BCC_CACHE_DIR, else
/// $XDG_CACHE_HOME/bpfd-bcc/binaries, else ~/.cache/bpfd-bcc/binaries);
/// false with a message in \p Err.
bool readMappedFile(int Pid, const DeviceMapping &Mapping, std::string &Bytes, std::string &Err);

} // namespace bpfdbcc

#endif
