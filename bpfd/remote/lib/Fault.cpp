//===- Fault.cpp - the fault-injection test hook ---------------------------===//
//
// BPFD_REMOTE_FAULT=ACTION@TRIGGER (Fault.h). Nothing here runs unless the
// variable is set.
//
//===----------------------------------------------------------------------===//

#include "Fault.h"

#include "Transport.h"

#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <cstring>

namespace bpfd {

namespace {

FaultPlan Plan;
bool Taken = false, WasSet = false;
std::string BadValue;

Error parse(const std::string &Value) {
  size_t At = Value.find('@');
  std::string Action = Value.substr(0, At);
  std::string Trigger = At == std::string::npos ? "" : Value.substr(At + 1);
  auto Bad = [&](const std::string &Why) {
    return Error::failure(EINVAL, "BPFD_REMOTE_FAULT='" + Value + "': " + Why +
                                      " (ACTION@TRIGGER: cut|kill-host|kill-bpfd @ "
                                      "sent:N|got:TEXT)");
  };
  if (Action == "cut")
    Plan.Action = FaultAction::Cut;
  else if (Action == "kill-host")
    Plan.Action = FaultAction::KillHost;
  else if (Action == "kill-bpfd")
    Plan.Action = FaultAction::KillBpfd;
  else
    return Bad("unknown action '" + Action + "'");
  if (Trigger.rfind("sent:", 0) == 0) {
    char *End;
    errno = 0;
    Plan.SentAt = std::strtoull(Trigger.c_str() + 5, &End, 10);
    if (Trigger.size() == 5 || *End || errno)
      return Bad("sent: takes a byte count");
    Plan.OnSent = true;
  } else if (Trigger.rfind("got:", 0) == 0 && Trigger.size() > 4) {
    Plan.Text = Trigger.substr(4);
  } else {
    return Bad("no trigger");
  }
  return Error::success();
}

void fire(Transport &T) {
  Plan.Fired = true;
  switch (Plan.Action) {
  case FaultAction::Cut:
    T.cut();
    break;
  case FaultAction::KillHost:
    raise(SIGKILL);
    break;
  case FaultAction::KillBpfd:
    T.killBpfd();
    break;
  case FaultAction::None:
    break;
  }
}

} // namespace

Expected<FaultPlan *> takeFaultPlan() {
  if (!Taken) {
    Taken = true;
    const char *V = getenv("BPFD_REMOTE_FAULT");
    if (V && *V) {
      WasSet = true;
      std::string Value = V;
      unsetenv("BPFD_REMOTE_FAULT");
      if (Error E = parse(Value)) {
        Plan = FaultPlan();
        BadValue = E.message();
      }
    }
  }
  if (!BadValue.empty())
    return Error::failure(EINVAL, BadValue);
  return &Plan;
}

bool qemuAsDevice() {
  const char *V = getenv("BPFD_QEMU_AS_DEVICE");
  return WasSet || (V && std::strcmp(V, "1") == 0);
}

size_t faultRoom(Transport &T, uint64_t BytesSent, size_t Want) {
  if (!Plan.armed() || !Plan.OnSent)
    return Want;
  if (BytesSent >= Plan.SentAt) {
    fire(T);
    return Want;
  }
  return Plan.SentAt - BytesSent < Want ? Plan.SentAt - BytesSent : Want;
}

void faultAfterWrite(Transport &T, uint64_t BytesSent) {
  if (Plan.armed() && Plan.OnSent && BytesSent >= Plan.SentAt)
    fire(T);
}

void faultAfterRead(Transport &T, const char *Data, size_t Size) {
  if (!Plan.armed() || Plan.OnSent)
    return;
  Plan.Window.append(Data, Size);
  if (Plan.Window.find(Plan.Text) != std::string::npos) {
    Plan.Window.clear();
    fire(T);
    return;
  }
  if (Plan.Window.size() >= Plan.Text.size())
    Plan.Window.erase(0, Plan.Window.size() - (Plan.Text.size() - 1));
}

} // namespace bpfd
