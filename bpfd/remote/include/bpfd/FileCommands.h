//===- bpfd/FileCommands.h - bpfd's file commands, typed --------*- C++ -*-===//
//
// The read-only file commands of bpfd (docs/protocol.md, Files;
// bpfd/daemon/cmd_files.cc), the host's one reading of them:
//   FILE_STAT PATH        + type=TYPE size=N mode=0OOO nlink=N mtime=SECONDS
//   FILE_READLINK PATH    + TARGET
//   FILE_LIST PATH        + TYPE NAME  (one a line), ret=count
//                         (NAME and TARGET escaped like msg="...")
//   FILE_OPEN PATH        ret=HANDLE
//   FILE_READ H MAX [WAIT_MS]  + BLOB ("-": none), ret=bytes (0: end of file;
//                         -EAGAIN: a pipe had nothing within WAIT_MS)
//   BPF_CLOSE H
// over the function that sends a command line and waits for its reply
// (Session::command, or a caller's wrapper of it). A failure is the
// session's Error as it came, bpfd's answer (its errno, the message with the
// path in front), or EPROTO for a reply that does not read as it should.
// bpf-run, libbcc and the bpfd-bcc launcher's FUSE server read the device's
// files through this.
//
//===----------------------------------------------------------------------===//
#ifndef BPFD_FILECOMMANDS_H
#define BPFD_FILECOMMANDS_H

#include "bpfd/Error.h"
#include "bpfd/Reply.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace bpfd {

enum class FileType { Regular, Directory, Symlink, CharDevice, BlockDevice, Fifo, Socket };

/// "reg", "dir", "lnk", "chr", "blk", "fifo", "sock"; false if unknown.
bool parseFileType(const std::string &Word, FileType &Type);
const char *fileTypeWord(FileType Type);

struct FileStat {
  FileType Type = FileType::Regular;
  uint64_t Size = 0;
  uint32_t Mode = 0; // permission bits (07777)
  uint32_t Nlink = 1;
  int64_t Mtime = 0;
};

struct DirEntry {
  FileType Type = FileType::Regular;
  std::string Name;
};

class FileCommands {
public:
  explicit FileCommands(CommandFn Command) : Command(std::move(Command)) {}

  /// FILE_STAT (a type bpfd has no word for, "unknown", is a regular file).
  Expected<FileStat> stat(const std::string &Path) const;
  Expected<std::string> readLink(const std::string &Path) const;
  /// FILE_LIST's entries, without ".", ".." and names holding '/'.
  Expected<std::vector<DirEntry>> list(const std::string &Path) const;
  /// The handle (> 0).
  Expected<long long> open(const std::string &Path) const;
  /// bpfd's limit for one FILE_READ.
  static const size_t MaxRead = 256 * 1024;
  /// At most \p Max bytes of handle \p Handle (named \p Path in messages),
  /// "" at its end. WaitMs < 0: no WAIT_MS argument.
  Expected<std::string> read(long long Handle, const std::string &Path, size_t Max,
                             int WaitMs = -1) const;
  Error close(long long Handle) const;

  /// Up to \p Want more bytes of handle \p Handle (fewer at its end; named
  /// \p Path in messages), appended to \p Out. Want == 0 reads to the end;
  /// \p Max bounds Out's size (EFBIG beyond).
  Error readHandle(long long Handle, const std::string &Path, std::string &Out, size_t Want,
                   size_t Max) const;
  /// The whole of device file \p Path, at most \p Max bytes (EFBIG beyond).
  Expected<std::string> readFile(const std::string &Path, size_t Max = size_t(512) << 20) const;

private:
  /// Runs Line; a failed reply is its Error with \p Path in front.
  Expected<Reply> run(const std::string &Line, const std::string &Path) const;

  CommandFn Command;
};

} // namespace bpfd

#endif // BPFD_FILECOMMANDS_H
