//===- Device.cpp - The device, as libbcc reaches it ----------------------===//
#include "Device.h"
#include "HostFds.h"

#include "bpfd/Blob.h"

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <vector>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

namespace bpfdbcc {

Device &Device::get() {
  static Device *D = new Device(); // never destroyed: atexit handlers use it
  return *D;
}

std::string Device::env(const char *Name) {
  const char *V = getenv(Name);
  return V ? V : "";
}

void warn(const std::string &Message) {
  std::string Line = "bpfd-bcc: " + Message + "\n";
  ssize_t N = write(2, Line.data(), Line.size());
  (void)N;
}

bpfd::Error Device::connectLocked() {
  if (Fd >= 0)
    return bpfd::Error::success();
  std::string Path = env("BPFD_BCC_SOCKET");
  if (Path.empty())
    return bpfd::Error::failure(
        ENOTCONN, "BPFD_BCC_SOCKET is not set: this libbcc.so.0 drives a device "
                  "through bpfd; run the tool as `bpfd-bcc TOOL ...`");
  sockaddr_un A{};
  A.sun_family = AF_UNIX;
  if (Path.size() >= sizeof A.sun_path)
    return bpfd::Error::failure(ENAMETOOLONG, "BPFD_BCC_SOCKET path is too long: " + Path);
  memcpy(A.sun_path, Path.c_str(), Path.size() + 1);
  int S = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (S < 0)
    return bpfd::Error::failure(errno, std::string("socket(): ") + strerror(errno));
  if (connect(S, reinterpret_cast<sockaddr *>(&A), sizeof A) < 0) {
    int E = errno;
    close(S);
    return bpfd::Error::failure(E, "cannot connect to the bpfd-bcc broker at " + Path +
                                       ": " + strerror(E));
  }
  // Keep the descriptor out of the range tools use for their own files.
  int High = fcntl(S, F_DUPFD_CLOEXEC, 1000);
  if (High >= 0) {
    close(S);
    S = High;
  }
  Fd = S;
  return bpfd::Error::success();
}

bpfd::Error Device::sendLocked(const std::string &Line) {
  std::string Buf = Line + "\n";
  size_t Off = 0;
  while (Off < Buf.size()) {
    ssize_t N = send(Fd, Buf.data() + Off, Buf.size() - Off, MSG_NOSIGNAL);
    if (N < 0 && errno == EINTR)
      continue;
    if (N <= 0)
      return bpfd::Error::failure(EPIPE, "the device connection is gone (sending " +
                                             Line.substr(0, Line.find(' ')) + ")");
    Off += size_t(N);
  }
  return bpfd::Error::success();
}

bpfd::Expected<std::string> Device::readLineLocked(bool Interruptible) {
  for (;;) {
    // Lines are taken from InPos on, and what is taken is dropped once it
    // is most of the buffer: a reply of many lines costs no copying per line.
    size_t NL = In.find('\n', std::max(InPos, Scanned));
    if (NL != std::string::npos) {
      std::string Line = In.substr(InPos, NL - InPos);
      InPos = Scanned = NL + 1;
      if (InPos == In.size()) {
        In.clear();
        InPos = Scanned = 0;
      } else if (InPos > In.size() / 2) {
        In.erase(0, InPos);
        InPos = Scanned = 0;
      }
      if (!Line.empty() && Line.back() == '\r')
        Line.pop_back();
      return Line;
    }
    Scanned = In.size();
    char Buf[65536];
    ssize_t N = recv(Fd, Buf, sizeof Buf, 0);
    if (N < 0 && errno == EINTR) {
      if (Interruptible)
        return bpfd::Error::failure(EINTR, "interrupted");
      continue;
    }
    if (N <= 0)
      return bpfd::Error::failure(EPIPE, "the device connection closed (the bpfd-bcc "
                                         "session ended)");
    In.append(Buf, size_t(N));
  }
}

bpfd::Expected<bpfd::Reply> Device::readReplyLocked(bool Interruptible) {
  for (;;) {
    auto Line = readLineLocked(Interruptible);
    if (!Line)
      return Line.error();
    if (bpfd::isPayloadLine(*Line)) {
      Partial.Payload.push_back(Line->substr(2));
      continue;
    }
    bpfd::Reply R = std::move(Partial);
    Partial = bpfd::Reply();
    if (bpfd::Error E = bpfd::parseStatusLine(*Line, R))
      return E;
    return R;
  }
}

// Attachments the tool detached by closing their descriptor (BCC's
// os.close() of a kfunc's, an LSM program's or a raw tracepoint's:
// HostFds.h) are closed on the device before the next command.
bpfd::Error Device::closeDetachedLocked() {
  for (long long H : takeClosedByTool()) {
    if (bpfd::Error E = sendLocked("BPF_CLOSE " + std::to_string(H)))
      return E;
    auto R = readReplyLocked(false);
    if (!R)
      return R.error();
  }
  return bpfd::Error::success();
}

// The reply of the command sent ahead, kept for takeAhead().
bpfd::Error Device::readAheadLocked() {
  if (!AheadSent)
    return bpfd::Error::success();
  auto R = readReplyLocked(false);
  if (!R)
    return R.error();
  AheadReply = std::move(*R);
  AheadSent = false;
  return bpfd::Error::success();
}

bpfd::Error Device::sendAhead(const std::string &Line) {
  std::lock_guard<std::mutex> G(Lock);
  if (AheadSent || AheadReply || Pending)
    return bpfd::Error::failure(EBUSY, "a command is already on its way");
  if (bpfd::Error E = prepareLocked(false))
    return E;
  if (bpfd::Error E = sendLocked(Line))
    return E;
  AheadSent = true;
  return bpfd::Error::success();
}

std::optional<bpfd::Expected<bpfd::Reply>> Device::takeAhead() {
  std::lock_guard<std::mutex> G(Lock);
  if (AheadReply) {
    bpfd::Reply R = std::move(*AheadReply);
    AheadReply.reset();
    return bpfd::Expected<bpfd::Reply>(std::move(R));
  }
  if (!AheadSent)
    return std::nullopt;
  auto R = readReplyLocked(true);
  if (!R && R.error().errnoValue() == EINTR)
    return bpfd::Expected<bpfd::Reply>(R.error()); // still to come
  AheadSent = false;
  return R;
}

bpfd::Expected<bpfd::Reply> Device::command(const std::string &Line) {
  std::lock_guard<std::mutex> G(Lock);
  return commandLocked(Line, false);
}

bpfd::Expected<bpfd::Reply> Device::interruptibleCommand(const std::string &Line) {
  std::lock_guard<std::mutex> G(Lock);
  return commandLocked(Line, true);
}

// Before a command: the reply of an interrupted one (waited for, bounded by
// that command's own timeout; an interruptible command lets a second signal
// end the wait and it stays pending), the reply of one sent ahead (kept),
// the attachments the tool closed.
bpfd::Error Device::prepareLocked(bool Interruptible) {
  if (bpfd::Error E = connectLocked())
    return E;
  if (Pending) {
    auto Old = readReplyLocked(Interruptible);
    if (!Old)
      return Old.error();
    Pending = false;
  }
  if (bpfd::Error E = readAheadLocked())
    return E;
  return closeDetachedLocked();
}

bpfd::Expected<bpfd::Reply> Device::commandLocked(const std::string &Line, bool Interruptible) {
  if (bpfd::Error E = prepareLocked(Interruptible))
    return E;
  if (bpfd::Error E = sendLocked(Line))
    return E;
  auto R = readReplyLocked(Interruptible);
  if (!R && R.error().errnoValue() == EINTR)
    Pending = true;
  return R;
}

bool fromBlob(const std::string &Blob, std::string &Out) {
  auto Bytes = bpfd::decodeBlob(Blob);
  Out = Bytes ? std::move(*Bytes) : std::string();
  return bool(Bytes);
}

int setErrno(const bpfd::Reply &R) {
  errno = R.Ret < 0 ? int(-R.Ret) : EIO;
  return -1;
}

int setErrno(const bpfd::Error &E) {
  errno = E.errnoValue() ? E.errnoValue() : EIO;
  return -1;
}

} // namespace bpfdbcc
