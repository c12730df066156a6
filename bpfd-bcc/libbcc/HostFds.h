//===- HostFds.h - Host descriptors that stand for device handles --*- C++ -*-===//
//
// BCC's Python holds map, program and probe "fds" as integers, passes them
// back to libbcc, and closes some itself with os.close(). Each device handle
// is therefore represented by a real descriptor of this process (an empty
// memfd named after what it stands for, visible in /proc/self/fd), and a
// table maps it to the device handle. A descriptor the tool closed and the
// kernel reused for something else is recognised by its inode and refused.
//
//===----------------------------------------------------------------------===//
#ifndef BPFD_BCC_LIBBCC_HOSTFDS_H
#define BPFD_BCC_LIBBCC_HOSTFDS_H

#include <cstdint>
#include <string>
#include <vector>

namespace bpfdbcc {

enum class HandleKind { Map, Prog, Attachment, PerfReader };

struct HostHandle {
  HandleKind Kind = HandleKind::Map;
  long long Device = -1; ///< the bpfd handle
  std::string Name;
  // Maps:
  uint32_t MapType = 0, KeySize = 0, ValueSize = 0, MaxEntries = 0;
  // Perf readers: the reader object (PerfReader *).
  void *Reader = nullptr;
  // Attachments BCC's Python detaches with os.close() of this descriptor
  // (raw tracepoints, kfuncs, LSM programs): see takeClosedByTool().
  bool ClosedByTool = false;
};

/// A new descriptor standing for H; -1 with errno on failure.
int newHostFd(const HostHandle &H);
/// The handle Fd stands for (a copy), or false (errno EBADF) if Fd is not
/// one of ours or no longer the descriptor we made.
bool lookupHostFd(int Fd, HostHandle &Out);
/// Forgets Fd and closes it.
void closeHostFd(int Fd);
/// The device handles of ClosedByTool descriptors the tool has closed since
/// the last call (os.close(): the descriptor is gone or is another file
/// now), forgotten here: the caller closes them on the device, so that
/// BCC's detach_kfunc(), detach_lsm() and detach_raw_tracepoint() detach
/// there too.
std::vector<long long> takeClosedByTool();

} // namespace bpfdbcc

#endif
