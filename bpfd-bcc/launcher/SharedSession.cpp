//===- SharedSession.cpp - one bpfd session, many users --------------------===//

#include "SharedSession.h"

#include <cerrno>

namespace bpfdbcc {

void FairLock::lock() {
  std::unique_lock<std::mutex> L(M);
  uint64_t Ticket = Next++;
  CV.wait(L, [&] { return Serving == Ticket; });
}

void FairLock::unlock() {
  {
    std::lock_guard<std::mutex> L(M);
    ++Serving;
  }
  CV.notify_all();
}

bool FairLock::othersWaiting() {
  std::lock_guard<std::mutex> L(M);
  return Next - Serving > 1;
}

std::string SharedSession::failure() {
  std::lock_guard<std::mutex> L(StateM);
  return Failure;
}

uint64_t SharedSession::commandsSent() {
  std::lock_guard<std::mutex> L(StateM);
  return Commands;
}

bpfd::Error SharedSession::failed(const bpfd::Error &E) {
  std::lock_guard<std::mutex> L(StateM);
  if (Failure.empty())
    Failure = E.message();
  return bpfd::Error::failure(E.errnoValue(), Failure);
}

bpfd::Expected<bpfd::Reply> SharedSession::command(const std::string &Line) {
  std::lock_guard<FairLock> G(Lock);
  {
    std::lock_guard<std::mutex> L(StateM);
    if (!Failure.empty())
      return bpfd::Error::failure(ENOTCONN, Failure);
    ++Commands;
  }
  bpfd::Expected<bpfd::Reply> R = S.command(Line);
  if (!R)
    return failed(R.error());
  return R;
}

bpfd::Error SharedSession::relay(const std::string &Line,
                                 const std::function<void(const std::string &)> &Out) {
  std::lock_guard<FairLock> G(Lock);
  {
    std::lock_guard<std::mutex> L(StateM);
    if (!Failure.empty())
      return bpfd::Error::failure(ENOTCONN, Failure);
    ++Commands;
  }
  if (bpfd::Error E = S.sendLine(Line))
    return failed(E);
  for (;;) {
    bpfd::Expected<std::string> L = S.readLine();
    if (!L)
      return failed(L.error());
    Out(*L);
    if (!bpfd::isPayloadLine(*L))
      return bpfd::Error::success();
  }
}

} // namespace bpfdbcc
