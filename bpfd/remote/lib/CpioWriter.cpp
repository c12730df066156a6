//===- CpioWriter.cpp - a cpio "newc" archive writer -----------------------===//

#include "CpioWriter.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <sstream>
#include <sys/stat.h>

namespace bpfd {

static void pad4(std::string &S) {
  while (S.size() % 4)
    S += '\0';
}

void CpioWriter::addEntry(const std::string &Path, unsigned Mode, const std::string &Data,
                          unsigned RdevMajor, unsigned RdevMinor) {
  std::string Name = Path[0] == '/' ? Path.substr(1) : Path;
  char Header[111];
  // magic, ino, mode, uid, gid, nlink, mtime, filesize, devmajor, devminor,
  // rdevmajor, rdevminor, namesize, check
  snprintf(Header, sizeof(Header), "070701%08X%08X%08X%08X%08X%08X%08X%08X%08X%08X%08X%08X%08X",
           NextInode++, Mode, 0u, 0u, S_ISDIR(Mode) ? 2u : 1u, 0u,
           static_cast<unsigned>(Data.size()), 0u, 0u, RdevMajor, RdevMinor,
           static_cast<unsigned>(Name.size() + 1), 0u);
  Archive.append(Header, 110);
  Archive.append(Name);
  Archive += '\0';
  pad4(Archive);
  Archive.append(Data);
  pad4(Archive);
}

void CpioWriter::addParents(const std::string &Path) {
  for (size_t Slash = Path.find('/', 1); Slash != std::string::npos;
       Slash = Path.find('/', Slash + 1))
    addDirectory(Path.substr(0, Slash));
}

void CpioWriter::addDirectory(const std::string &Path, unsigned Mode) {
  if (Path.empty() || Path == "/" || Directories.count(Path))
    return;
  addParents(Path);
  Directories.insert(Path);
  addEntry(Path, S_IFDIR | Mode, "");
}

void CpioWriter::addFile(const std::string &Path, const std::string &Data, unsigned Mode) {
  addParents(Path);
  addEntry(Path, S_IFREG | Mode, Data);
}

void CpioWriter::addCharDevice(const std::string &Path, unsigned Major, unsigned Minor,
                               unsigned Mode) {
  addParents(Path);
  addEntry(Path, S_IFCHR | Mode, "", Major, Minor);
}

Error CpioWriter::addHostFile(const std::string &Path, const std::string &HostPath,
                              unsigned Mode) {
  std::ifstream In(HostPath, std::ios::binary);
  if (!In)
    return Error::failure(errno ? errno : ENOENT,
                          "cannot read '" + HostPath + "': " + strerror(errno ? errno : ENOENT));
  std::ostringstream Data;
  Data << In.rdbuf();
  addFile(Path, Data.str(), Mode);
  return Error::success();
}

std::string CpioWriter::finish() {
  addEntry("TRAILER!!!", 0, "");
  return std::move(Archive);
}

} // namespace bpfd
