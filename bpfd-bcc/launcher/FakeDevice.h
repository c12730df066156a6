//===- FakeDevice.h - bpfd's file commands over a folder of this host ------===//
//
// For testing DeviceFs without a device: answers FILE_STAT, FILE_READLINK,
// FILE_LIST, FILE_OPEN, FILE_READ (with WAIT_MS: EAGAIN from a pipe that has
// nothing) and BPF_CLOSE the way bpfd does (docs/protocol.md, paths confined
// to /proc and /sys), from Root + PATH on this host. Root "/" is the host's
// own /proc and /sys. A FIFO is shown as a regular file, as tracefs shows
// trace_pipe, and polled like it. Thread-safe (one command at a time, like a session).
//
//===----------------------------------------------------------------------===//
#ifndef BPFD_BCC_FAKEDEVICE_H
#define BPFD_BCC_FAKEDEVICE_H

#include "SharedSession.h"

#include <map>
#include <mutex>
#include <string>

namespace bpfdbcc {

class FakeDevice {
public:
  explicit FakeDevice(std::string Root);
  ~FakeDevice();
  bpfd::Expected<bpfd::Reply> command(const std::string &Line);
  CommandFn commandFn() {
    return [this](const std::string &Line) { return command(Line); };
  }
  uint64_t commands() const { return Commands; }

private:
  std::string Root;
  std::mutex M;
  std::map<long long, int> Handles; // handle -> fd
  long long NextHandle = 3;
  uint64_t Commands = 0;
};

} // namespace bpfdbcc

#endif // BPFD_BCC_FAKEDEVICE_H
