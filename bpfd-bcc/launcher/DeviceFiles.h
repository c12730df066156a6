//===- DeviceFiles.h - the device's /proc and /sys through bpfd ------------===//
//
// The read-only file commands of bpfd (bpfd/daemon/cmd_files.cc), typed:
//   FILE_STAT PATH        + type=TYPE size=N mode=0OOO nlink=N mtime=SECONDS
//   FILE_READLINK PATH    + TARGET
//   FILE_LIST PATH        + TYPE NAME  (one a line), ret=count
//                         (NAME and TARGET escaped like msg="...")
//   FILE_OPEN PATH        ret=HANDLE
//   FILE_READ H MAX [WAIT_MS]  + B64 ("-": none), ret=bytes (0: end of file;
//                         -EAGAIN: a pipe had nothing within WAIT_MS)
//   BPF_CLOSE H
// Every call returns 0 (or a count) or -errno: bpfd's own error, or -EIO
// when the session is broken.
//
//===----------------------------------------------------------------------===//
#ifndef BPFD_BCC_DEVICEFILES_H
#define BPFD_BCC_DEVICEFILES_H

#include "SharedSession.h"

#include <cstdint>
#include <string>
#include <vector>

namespace bpfdbcc {

enum class FileType { Regular, Directory, Symlink, CharDevice, BlockDevice, Fifo, Socket };

/// "reg", "dir", "lnk", "chr", "blk", "fifo", "sock"; false if unknown.
bool parseFileType(const std::string &Word, FileType &Type);
const char *fileTypeWord(FileType Type);

struct DeviceStat {
  FileType Type = FileType::Regular;
  uint64_t Size = 0;
  uint32_t Mode = 0; // permission bits (07777)
  uint32_t Nlink = 1;
  int64_t Mtime = 0;
};

struct DeviceDirEntry {
  FileType Type;
  std::string Name;
};

class DeviceFiles {
public:
  explicit DeviceFiles(CommandFn Run) : Run(std::move(Run)) {}

  int stat(const std::string &Path, DeviceStat &Out);
  int readLink(const std::string &Path, std::string &Target);
  int list(const std::string &Path, std::vector<DeviceDirEntry> &Entries);
  /// Returns the handle (> 0) or -errno.
  long long open(const std::string &Path);
  /// bpfd's limit for one FILE_READ.
  static const size_t MaxRead = 256 * 1024;
  /// Reads at most Max bytes into Data; returns the count (0: end of file)
  /// or -errno. WaitMs < 0: no WAIT_MS argument.
  long long read(long long Handle, size_t Max, int WaitMs, std::string &Data);
  int close(long long Handle);

private:
  /// Runs Line; returns ret= (or -EIO for a broken session or a malformed reply).
  long long run(const std::string &Line, bpfd::Reply &R);

  CommandFn Run;
};

} // namespace bpfdbcc

#endif // BPFD_BCC_DEVICEFILES_H
