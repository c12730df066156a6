//===- DeviceFiles.h - Reading files of the device through bpfd ---*- C++ -*-===//
#ifndef BPFD_BCC_LIBBCC_DEVICEFILES_H
#define BPFD_BCC_LIBBCC_DEVICEFILES_H

#include <string>

namespace bpfdbcc {

/// The whole of a device file (FILE_OPEN/FILE_READ: /proc, /sys, and the
/// files processes map, /proc/PID/map_files/...), at most \p Max bytes.
/// False with a message in \p Err.
bool readDeviceFile(const std::string &Path, std::string &Out, std::string &Err,
                    size_t Max = size_t(512) << 20);

/// The rest of the device file open as bpfd handle \p H (named \p Path in
/// messages), appended to \p Out, which may hold at most \p Max bytes.
bool readDeviceHandle(const std::string &H, const std::string &Path, std::string &Out,
                      std::string &Err, size_t Max);

} // namespace bpfdbcc

#endif
