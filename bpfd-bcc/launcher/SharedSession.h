//===- SharedSession.h - one bpfd session, many users, one command at a time ===//
//
// The launcher's session is used by every broker connection (the tool's
// libbcc, through $BPFD_BCC_SOCKET) and by the FUSE server (the device's
// files). bpfd answers commands in order, so a command and its whole reply
// hold the session: a fair (first come, first served) lock.
//
// The first Error of the session (timeout, guest gone) is kept: every later
// command fails at once with it, and the launcher names it at the end.
//
//===----------------------------------------------------------------------===//
#ifndef BPFD_BCC_SHAREDSESSION_H
#define BPFD_BCC_SHAREDSESSION_H

#include "bpfd/Session.h"

#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>
#include <string>

namespace bpfdbcc {

using bpfd::CommandFn;

/// A ticket lock: waiters get it in arrival order.
class FairLock {
public:
  void lock();
  void unlock();
  /// True if someone is waiting for the lock (called by its holder).
  bool othersWaiting();

private:
  std::mutex M;
  std::condition_variable CV;
  uint64_t Next = 0, Serving = 0;
};

class SharedSession {
public:
  explicit SharedSession(bpfd::Session &S) : S(S) {}

  /// One command and its parsed reply.
  bpfd::Expected<bpfd::Reply> command(const std::string &Line);
  /// Sends Line and hands every line of its reply to Out as received
  /// (payload lines, then the status line), unchanged. The reply is read to
  /// its end whatever Out does with it, so the session stays in step.
  bpfd::Error relay(const std::string &Line, const std::function<void(const std::string &)> &Out);

  CommandFn commandFn() {
    return [this](const std::string &Line) { return command(Line); };
  }
  /// For a holder deciding how long to keep the session (see DeviceFs).
  bool othersWaiting() { return Lock.othersWaiting(); }

  /// The first failure of the session ("" while it is healthy).
  std::string failure();
  uint64_t commandsSent();

private:
  bpfd::Error failed(const bpfd::Error &E);

  bpfd::Session &S;
  FairLock Lock;
  std::mutex StateM;
  std::string Failure;
  uint64_t Commands = 0;
};

} // namespace bpfdbcc

#endif // BPFD_BCC_SHAREDSESSION_H
