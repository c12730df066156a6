//===- HostFds.cpp - Host descriptors that stand for device handles -------===//
#include "HostFds.h"

#include <cerrno>
#include <map>
#include <mutex>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

namespace bpfdbcc {
namespace {
struct Entry {
  HostHandle H;
  dev_t Dev;
  ino_t Ino;
};
std::mutex Lock;
std::map<int, Entry> &table() {
  static auto *T = new std::map<int, Entry>();
  return *T;
}
// The ClosedByTool descriptors of table(), and the device handles of those
// found closed (a new descriptor took the number) not yet taken.
std::map<int, long long> &watched() {
  static auto *W = new std::map<int, long long>();
  return *W;
}
std::vector<long long> &closed() {
  static auto *C = new std::vector<long long>();
  return *C;
}

const char *kindName(HandleKind K) {
  switch (K) {
  case HandleKind::Map: return "map";
  case HandleKind::Prog: return "prog";
  case HandleKind::Attachment: return "attach";
  case HandleKind::PerfReader: return "perf";
  }
  return "handle";
}
} // namespace

int newHostFd(const HostHandle &H) {
  std::string Label = std::string("bpfd-bcc:") + kindName(H.Kind) + ":" + H.Name +
                      ":" + std::to_string(H.Device);
  int Fd = memfd_create(Label.c_str(), MFD_CLOEXEC);
  if (Fd < 0)
    return -1;
  struct stat St;
  if (fstat(Fd, &St) < 0) {
    int E = errno;
    close(Fd);
    errno = E;
    return -1;
  }
  std::lock_guard<std::mutex> G(Lock);
  auto Old = watched().find(Fd);
  if (Old != watched().end()) { // closed by the tool, the number reused
    closed().push_back(Old->second);
    watched().erase(Old);
  }
  table()[Fd] = Entry{H, St.st_dev, St.st_ino};
  if (H.ClosedByTool)
    watched()[Fd] = H.Device;
  return Fd;
}

bool lookupHostFd(int Fd, HostHandle &Out) {
  std::lock_guard<std::mutex> G(Lock);
  auto It = table().find(Fd);
  struct stat St;
  if (It == table().end() || fstat(Fd, &St) < 0 || St.st_dev != It->second.Dev ||
      St.st_ino != It->second.Ino) {
    errno = EBADF;
    return false;
  }
  Out = It->second.H;
  return true;
}

void closeHostFd(int Fd) {
  HostHandle H;
  if (!lookupHostFd(Fd, H))
    return;
  {
    std::lock_guard<std::mutex> G(Lock);
    table().erase(Fd);
    watched().erase(Fd);
  }
  close(Fd);
}

std::vector<long long> takeClosedByTool() {
  std::lock_guard<std::mutex> G(Lock);
  std::vector<long long> Out;
  Out.swap(closed());
  for (auto It = watched().begin(); It != watched().end();) {
    auto E = table().find(It->first);
    struct stat St;
    if (E != table().end() && fstat(It->first, &St) == 0 && St.st_dev == E->second.Dev &&
        St.st_ino == E->second.Ino) {
      ++It;
      continue;
    }
    Out.push_back(It->second);
    table().erase(It->first);
    It = watched().erase(It);
  }
  return Out;
}

} // namespace bpfdbcc
