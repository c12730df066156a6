//===- Transport.h - how a Session reaches its bpfd -------------*- C++ -*-===//
//
// Internal to the client library. A Transport owns whatever runs bpfd (a
// QEMU process, a local process, adb, ssh) and the two byte streams to it.
//
//===----------------------------------------------------------------------===//
#ifndef BPFD_REMOTE_TRANSPORT_H
#define BPFD_REMOTE_TRANSPORT_H

#include "bpfd/Error.h"
#include "bpfd/Session.h"

#include <cstdint>
#include <memory>
#include <string>

namespace bpfd {

class Transport {
public:
  virtual ~Transport() = default;
  /// Bytes for bpfd's stdin are written here (non-blocking).
  virtual int writeFd() const = 0;
  /// bpfd's stdout is read here (non-blocking); EOF once bpfd is gone.
  virtual int readFd() const = 0;
  /// Called about every 50 ms while waiting: a failure once the remote is
  /// known to have failed for good (e.g. a guest kernel panic).
  virtual Error check() { return Error::success(); }
  /// Ends bpfd's input after the BytesSent bytes written so far.
  virtual Error endInput(uint64_t BytesSent) = 0;
  /// Hangs up on bpfd without ending its input in order.
  virtual void hangUp() = 0;
  /// The fault hook's "the link dies" (Fault.h): both directions break at
  /// once, as a dead link would, and the failure is left for the session to
  /// notice (EOF, EPIPE). Default: hangUp().
  virtual void cut() { hangUp(); }
  /// The fault hook's "bpfd is SIGKILLed" (qemu only; elsewhere nothing).
  virtual void killBpfd() {}
  /// Waits (up to Timeout s) for bpfd and its remote to end, once readFd()
  /// reached EOF or after hangUp(); returns bpfd's exit status.
  virtual Expected<int> wait(double Timeout) = 0;
  /// Stops the remote at once (idempotent).
  virtual void kill() = 0;
  /// Words to add to a failure message (e.g. where a console log was kept);
  /// calling it also asks the transport to keep such files.
  virtual std::string failureNote() { return ""; }
};

/// The transports (one file each).
Expected<std::unique_ptr<Transport>> openQemuTransport(const std::string &Arch,
                                                       const SessionOptions &Options);
Expected<std::unique_ptr<Transport>> openProcessTransport(const std::string &Command,
                                                          const SessionOptions &Options);
Expected<std::unique_ptr<Transport>> openAdbTransport(const std::string &Serial,
                                                      const SessionOptions &Options);
Expected<std::unique_ptr<Transport>> openSshTransport(const std::string &Destination,
                                                      const SessionOptions &Options);

} // namespace bpfd

#endif // BPFD_REMOTE_TRANSPORT_H
