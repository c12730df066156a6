//===- Fault.h - the fault-injection test hook ------------------*- C++ -*-===//
//
// Internal to the client library. For the fault suite (test/faults,
// docs/hardening.md), a session can be made to fail on purpose, once, at an
// exact point:
//
//   BPFD_REMOTE_FAULT=ACTION@TRIGGER
//     TRIGGER  sent:N     once N bytes of input went to bpfd (N may fall
//                         inside a line: the upload line is then half sent)
//              got:TEXT   once bpfd's output holds TEXT (e.g. got:+ sample)
//     ACTION   cut        the link dies: qemu shuts the port sockets down;
//                         process/adb/ssh SIGKILL the transport command
//              kill-host  this process SIGKILLs itself
//              kill-bpfd  qemu: the guest init SIGKILLs bpfd
//
// The first session of the process takes the variable and removes it from
// the environment, so that a nested bpfd-remote (process:) does not repeat
// the fault. With it set, or with BPFD_QEMU_AS_DEVICE=1, a QEMU guest plays a
// device that lives on without the host: QEMU does not die with this process,
// and after a failed session the guest gets up to 20 s to power off by itself
// (its console reports what bpfd left) before QEMU is killed.
//
//===----------------------------------------------------------------------===//
#ifndef BPFD_REMOTE_FAULT_H
#define BPFD_REMOTE_FAULT_H

#include "bpfd/Error.h"

#include <cstddef>
#include <cstdint>
#include <string>

namespace bpfd {

class Transport;

enum class FaultAction { None, Cut, KillHost, KillBpfd };

struct FaultPlan {
  FaultAction Action = FaultAction::None;
  bool OnSent = false;  // TRIGGER sent:N, else got:TEXT
  uint64_t SentAt = 0;
  std::string Text;
  bool Fired = false;
  std::string Window; // the tail of bpfd's output, for TEXT across reads
  bool armed() const { return Action != FaultAction::None && !Fired; }
};

/// The process's plan, taken from $BPFD_REMOTE_FAULT on the first call (a
/// malformed value is an error naming it, on every call).
Expected<FaultPlan *> takeFaultPlan();

/// True when a QEMU guest must outlive this process (the hook is or was
/// set, or BPFD_QEMU_AS_DEVICE=1).
bool qemuAsDevice();

/// How many of Want bytes may go to bpfd now, BytesSent having gone; fires
/// the fault first when the trigger point is reached.
size_t faultRoom(Transport &T, uint64_t BytesSent, size_t Want);

/// After bytes of bpfd's output arrived (Data, Size), or more input went
/// (BytesSent): fires the fault when its trigger is met.
void faultAfterRead(Transport &T, const char *Data, size_t Size);
void faultAfterWrite(Transport &T, uint64_t BytesSent);

} // namespace bpfd

#endif // BPFD_REMOTE_FAULT_H
