//===- bpfd/HostPaths.h - what a path on the host is ------------------*- C++ -*-===//
#ifndef BPFD_HOSTPATHS_H
#define BPFD_HOSTPATHS_H

#include <string>
#include <sys/stat.h>

namespace bpfd {

/// Path names a regular file (after links).
inline bool isFile(const std::string &Path) {
  struct stat St;
  return stat(Path.c_str(), &St) == 0 && S_ISREG(St.st_mode);
}

/// Path names a directory (after links).
inline bool isDirectory(const std::string &Path) {
  struct stat St;
  return stat(Path.c_str(), &St) == 0 && S_ISDIR(St.st_mode);
}

} // namespace bpfd

#endif // BPFD_HOSTPATHS_H
