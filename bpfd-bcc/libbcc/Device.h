//===- Device.h - The device, as libbcc reaches it ------------------*- C++ -*-===//
//
// One connection to the bpfd-bcc launcher's broker ($BPFD_BCC_SOCKET), which
// carries the bpfd line protocol (docs/protocol.md) to the device's bpfd.
// Commands are serialised; a PERF_READER_POLL interrupted by a signal (Ctrl-C
// while a tool polls) leaves its reply pending, and the next command reads
// it first, so the stream stays in step. One command may be sent ahead
// (sendAhead): its reply is read before the next command's and kept.
//
//===----------------------------------------------------------------------===//
#ifndef BPFD_BCC_LIBBCC_DEVICE_H
#define BPFD_BCC_LIBBCC_DEVICE_H

#include "bpfd/Blob.h"
#include "bpfd/Error.h"
#include "bpfd/Reply.h"

#include <mutex>
#include <optional>
#include <string>

namespace bpfdbcc {

class Device {
public:
  /// The process's device connection (connected on first use).
  static Device &get();

  /// Sends one command and reads its reply. A failed command is a Reply
  /// with !ok(); an Error means the device cannot be reached.
  bpfd::Expected<bpfd::Reply> command(const std::string &Line);

  /// Like command(), but a signal arriving while waiting for the reply
  /// returns EINTR at once; the reply is then read (and dropped) before the
  /// next command.
  bpfd::Expected<bpfd::Reply> interruptibleCommand(const std::string &Line);

  /// Sends \p Line now and keeps its reply for takeAhead(): the device works
  /// on it while the caller does something else (libbcc: a poll's callbacks
  /// while bpfd drains the rings again). A command sent meanwhile reads that
  /// reply first and keeps it. One at a time.
  bpfd::Error sendAhead(const std::string &Line);

  /// The reply of what sendAhead() sent, waiting for it (a signal returns
  /// EINTR and leaves it to come); none if nothing was sent ahead.
  std::optional<bpfd::Expected<bpfd::Reply>> takeAhead();

  /// The launcher's facts about the device ($BPFD_BCC_ARCH, ...).
  static std::string env(const char *Name);

private:
  Device() = default;
  bpfd::Error connectLocked();
  bpfd::Error closeDetachedLocked();
  bpfd::Error sendLocked(const std::string &Line);
  bpfd::Expected<bpfd::Reply> readReplyLocked(bool Interruptible);
  bpfd::Expected<std::string> readLineLocked(bool Interruptible);

  bpfd::Error readAheadLocked();
  bpfd::Error prepareLocked(bool Interruptible);
  bpfd::Expected<bpfd::Reply> commandLocked(const std::string &Line, bool Interruptible);

  std::mutex Lock;
  int Fd = -1;
  std::string In;          ///< Received, not yet taken from InPos on.
  size_t InPos = 0;        ///< Where the next line starts in In.
  size_t Scanned = 0;      ///< In holds no newline before this offset.
  bool Pending = false;    ///< A reply whose command was interrupted.
  bpfd::Reply Partial;     ///< What was read of it so far.
  bool AheadSent = false;  ///< sendAhead()'s reply is still to be read.
  std::optional<bpfd::Reply> AheadReply; ///< Read, not yet taken.
};

/// Decodes a protocol blob (bpfd::decodeBlob); false if malformed.
bool fromBlob(const std::string &Blob, std::string &Out);

/// Sets errno from a failed reply or error and prints nothing.
int setErrno(const bpfd::Reply &R);
int setErrno(const bpfd::Error &E);

/// One line on stderr, prefixed "bpfd-bcc: ".
void warn(const std::string &Message);

} // namespace bpfdbcc

#endif
