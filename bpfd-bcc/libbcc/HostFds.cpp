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
  table()[Fd] = Entry{H, St.st_dev, St.st_ino};
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
  }
  close(Fd);
}

} // namespace bpfdbcc
