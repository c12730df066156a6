//===- Session.cpp - a bpfd session on some remote -------------------------===//

#include "bpfd/Session.h"

#include "Fault.h"
#include "Subprocess.h"
#include "Transport.h"

#include <cerrno>
#include <csignal>
#include <cstring>
#include <poll.h>
#include <unistd.h>

namespace bpfd {

static const size_t MaxLine = 64u << 20;

static volatile sig_atomic_t StopFlag = 0;
void requestStop() { StopFlag = 1; }
bool stopRequested() { return StopFlag != 0; }

static Error stopError() { return Error::failure(EINTR, "interrupted"); }

Expected<std::unique_ptr<Session>> Session::open(const std::string &Spec,
                                                 const SessionOptions &Options) {
  Expected<std::unique_ptr<Transport>> T =
      Error::failure(EINVAL, "unknown remote '" + Spec +
                                 "' (expected qemu:arm64, qemu:x86_64, process:COMMAND, "
                                 "adb[:SERIAL] or ssh:[USER@]HOST)");
  auto Rest = [&](const char *Prefix) { return Spec.substr(std::strlen(Prefix)); };
  // A dead link must be an EPIPE error here, not a silent death by SIGPIPE.
  struct sigaction Old;
  if (sigaction(SIGPIPE, nullptr, &Old) == 0 && Old.sa_handler == SIG_DFL)
    signal(SIGPIPE, SIG_IGN);
  auto Plan = takeFaultPlan();
  if (!Plan)
    return Plan.error();
  if ((*Plan)->Action == FaultAction::KillBpfd && Spec.rfind("qemu:", 0) != 0)
    return Error::failure(EINVAL, "BPFD_REMOTE_FAULT: kill-bpfd needs a qemu: remote, not " + Spec);
  if (Spec.rfind("qemu:", 0) == 0)
    T = openQemuTransport(Rest("qemu:"), Options);
  else if (Spec.rfind("process:", 0) == 0)
    T = openProcessTransport(Rest("process:"), Options);
  else if (Spec == "adb" || Spec.rfind("adb:", 0) == 0)
    T = openAdbTransport(Spec == "adb" ? "" : Rest("adb:"), Options);
  else if (Spec.rfind("ssh:", 0) == 0)
    T = openSshTransport(Rest("ssh:"), Options);
  if (!T)
    return T.error().withContext(Spec);

  double Start = monotonicSeconds();
  std::unique_ptr<Session> S(new Session(Spec, std::move(*T), Options));
  auto Line = S->readLine();
  if (!Line)
    return Line.error();
  auto Fields = parseGreeting(*Line);
  if (!Fields)
    return S->fail(Fields.error());
  S->Greeting = *Line;
  S->GreetingSeconds = monotonicSeconds() - Start;
  if (S->Progress) {
    char Buf[64];
    snprintf(Buf, sizeof(Buf), "%.2f", S->GreetingSeconds);
    S->Progress(Spec + ": greeting after " + Buf + " s: " + *Line);
  }
  return S;
}

Session::Session(std::string Spec, std::unique_ptr<Transport> T, const SessionOptions &Options)
    : Spec(std::move(Spec)), T(std::move(T)), Timeout(Options.Timeout),
      Progress(Options.Progress) {}

Session::~Session() {
  if (!Closed)
    T->kill();
}

std::string Session::greetingField(const std::string &Key) const {
  auto Fields = parseGreeting(Greeting);
  if (Fields)
    for (const auto &F : *Fields)
      if (F.first == Key)
        return F.second;
  return "";
}

Error Session::fail(Error E) {
  std::string Note = T->failureNote();
  std::string Msg = E.message();
  if (Msg.rfind(Spec + ":", 0) != 0)
    Msg = Spec + ": " + Msg;
  T->kill();
  Closed = true;
  return Error::failure(E.errnoValue(), Msg + Note);
}

// Reads what bpfd has written into InBuf; waits until Deadline for at least
// one byte. Returns success with RemoteEOF set at end of stream.
Error Session::fillBuffer(double Deadline) {
  for (;;) {
    if (stopRequested())
      return stopError();
    if (Error E = T->check())
      return E;
    char Buf[65536];
    ssize_t N = read(T->readFd(), Buf, sizeof(Buf));
    if (N > 0) {
      InBuf.append(Buf, N);
      faultAfterRead(*T, Buf, N);
      return Error::success();
    }
    if (N == 0) {
      RemoteEOF = true;
      return Error::success();
    }
    if (errno != EAGAIN && errno != EINTR)
      return Error::failure(errno, "cannot read from bpfd: " + std::string(strerror(errno)));
    double Left = Deadline - monotonicSeconds();
    if (Left <= 0)
      return Error::failure(ETIMEDOUT, "no answer from bpfd within " +
                                           std::to_string(static_cast<int>(Timeout)) + " s");
    struct pollfd P = {T->readFd(), POLLIN, 0};
    poll(&P, 1, Left < 0.05 ? static_cast<int>(Left * 1000) + 1 : 50);
  }
}

Expected<std::string> Session::readLine() {
  if (Closed)
    return Error::failure(EPIPE, Spec + ": the session is closed");
  double Deadline = monotonicSeconds() + Timeout;
  for (;;) {
    size_t NL = InBuf.find('\n');
    if (NL != std::string::npos) {
      std::string Line = InBuf.substr(0, NL);
      InBuf.erase(0, NL + 1);
      return Line;
    }
    if (InBuf.size() > MaxLine)
      return fail(Error::failure(EMSGSIZE, "a line from bpfd is longer than 64 MiB"));
    if (RemoteEOF)
      return fail(Error::failure(EPIPE, "bpfd's output ended" +
                                            std::string(InBuf.empty() ? "" : " in mid-line")));
    if (Error E = fillBuffer(Deadline))
      return fail(E);
  }
}

Expected<Reply> Session::readReply() {
  Reply R;
  for (;;) {
    auto Line = readLine();
    if (!Line)
      return Line.error();
    if (isPayloadLine(*Line)) {
      R.Payload.push_back(Line->substr(2));
      continue;
    }
    if (Error E = parseStatusLine(*Line, R))
      return fail(E);
    return R;
  }
}

Error Session::sendLine(const std::string &Line) {
  if (Closed)
    return Error::failure(EPIPE, Spec + ": the session is closed");
  if (Line.find('\n') != std::string::npos)
    return Error::failure(EINVAL, Spec + ": a command line cannot hold a newline");
  std::string Data = Line + "\n";
  size_t Done = 0;
  double Deadline = monotonicSeconds() + Timeout;
  while (Done < Data.size()) {
    size_t Room = faultRoom(*T, BytesSent, Data.size() - Done);
    ssize_t N = write(T->writeFd(), Data.data() + Done, Room);
    if (N > 0) {
      Done += N;
      BytesSent += N;
      faultAfterWrite(*T, BytesSent);
      continue;
    }
    if (N < 0 && errno != EAGAIN && errno != EINTR)
      return fail(Error::failure(errno, "cannot write to bpfd: " + std::string(strerror(errno))));
    if (stopRequested())
      return fail(stopError());
    if (Error E = T->check())
      return fail(E);
    if (monotonicSeconds() > Deadline)
      return fail(Error::failure(ETIMEDOUT, "bpfd took no input for " +
                                                std::to_string(static_cast<int>(Timeout)) + " s"));
    // While bpfd cannot take input, keep taking its output.
    struct pollfd P[2] = {{T->writeFd(), POLLOUT, 0}, {T->readFd(), POLLIN, 0}};
    poll(P, RemoteEOF ? 1 : 2, 50);
    if (!RemoteEOF && (P[1].revents & (POLLIN | POLLHUP)))
      if (Error E = fillBuffer(monotonicSeconds()))
        if (E.errnoValue() != ETIMEDOUT)
          return fail(E);
  }
  return Error::success();
}

Expected<Reply> Session::command(const std::string &Line) {
  if (AheadSent) {
    auto R = readReply();
    if (!R)
      return R.error();
    AheadReply = std::move(*R);
    AheadSent = false;
  }
  if (Error E = sendLine(Line))
    return E;
  return readReply();
}

Error Session::sendAhead(const std::string &Line) {
  if (AheadSent || AheadReply)
    return Error::failure(EBUSY, Spec + ": a command is already on its way");
  if (Error E = sendLine(Line))
    return E;
  AheadSent = true;
  return Error::success();
}

std::optional<Expected<Reply>> Session::takeAhead() {
  if (AheadReply) {
    Reply R = std::move(*AheadReply);
    AheadReply.reset();
    return Expected<Reply>(std::move(R));
  }
  if (!AheadSent)
    return std::nullopt;
  AheadSent = false;
  return readReply();
}

static Error writeAll(int Fd, const char *Data, size_t Size) {
  while (Size) {
    ssize_t N = write(Fd, Data, Size);
    if (N < 0 && errno == EINTR)
      continue;
    if (N < 0 && errno == EAGAIN) {
      struct pollfd P = {Fd, POLLOUT, 0};
      poll(&P, 1, 100);
      continue;
    }
    if (N <= 0)
      return Error::failure(errno, "cannot write the output: " + std::string(strerror(errno)));
    Data += N;
    Size -= N;
  }
  return Error::success();
}

// True if the last line of Text is bpfd's answer to EXIT.
static bool endsWithExit(const std::string &Text) {
  size_t End = Text.size();
  while (End && Text[End - 1] == '\n')
    --End;
  size_t Start = Text.rfind('\n', End ? End - 1 : 0);
  Start = Start == std::string::npos ? 0 : Start + 1;
  return Text.compare(Start, 11, "exit: ret=0") == 0;
}

// After bpfd's input was ended (or hung up): copy its remaining output to
// CopyTo (-1: discard) until EOF, then wait for its exit status.
Expected<int> Session::finish(bool HangUp, int CopyTo) {
  double Deadline = monotonicSeconds() + Timeout;
  if (!HangUp) {
    while (!RemoteEOF) {
      if (CopyTo >= 0 && !InBuf.empty())
        if (Error E = writeAll(CopyTo, InBuf.data(), InBuf.size()))
          return fail(E);
      InBuf.clear();
      if (Error E = fillBuffer(Deadline))
        return fail(E.errnoValue() == ETIMEDOUT
                        ? Error::failure(ETIMEDOUT, "bpfd did not end within " +
                                                        std::to_string(static_cast<int>(Timeout)) +
                                                        " s of the end of its input")
                        : E);
    }
    if (CopyTo >= 0 && !InBuf.empty())
      if (Error E = writeAll(CopyTo, InBuf.data(), InBuf.size()))
        return fail(E);
    InBuf.clear();
  }
  auto Status = T->wait(Deadline - monotonicSeconds());
  if (!Status)
    return fail(Status.error());
  Closed = true;
  if (Progress)
    Progress(Spec + ": bpfd exited with status " + std::to_string(*Status));
  return *Status;
}

Expected<int> Session::close() {
  if (Closed)
    return Error::failure(EPIPE, Spec + ": the session is closed");
  if (Error E = T->endInput(BytesSent))
    return fail(E);
  return finish(false, -1);
}

Expected<int> Session::relay(int InFd, int OutFd, bool HangUp) {
  if (Closed)
    return Error::failure(EPIPE, Spec + ": the session is closed");
  std::string Out = Greeting + "\n" + InBuf;
  InBuf.clear();
  if (Error E = writeAll(OutFd, Out.data(), Out.size()))
    return fail(E);
  // The end of what bpfd wrote, to tell its EXIT from a session that died.
  std::string Tail = Out;
  auto Copy = [&]() -> Error {
    if (Error E = writeAll(OutFd, InBuf.data(), InBuf.size()))
      return E;
    Tail += InBuf;
    if (Tail.size() > 4096)
      Tail.erase(0, Tail.size() - 4096);
    InBuf.clear();
    return Error::success();
  };
  std::string ToRemote;
  bool InEOF = false;
  // A reply is due when a full line went out after the last output came in.
  bool ReplyDue = false;
  double LastProgress = monotonicSeconds();
  while (!(InEOF && ToRemote.empty())) {
    if (stopRequested())
      return fail(stopError());
    if (Error E = T->check())
      return fail(E);
    if (RemoteEOF) {
      if (Error E = Copy())
        return fail(E);
      // bpfd ended by itself (EXIT): the session is over, input or not.
      if (endsWithExit(Tail))
        return finish(false, OutFd);
      // Its output ended with input still to come and no EXIT answered: the
      // link or bpfd died. Say so, with bpfd's end as the remote saw it.
      auto Status = T->wait(Timeout);
      if (!Status)
        return fail(Status.error());
      return fail(Error::failure(ECONNRESET, "bpfd's output ended in mid-session (bpfd's exit "
                                             "status " + std::to_string(*Status) + ")"));
    }
    if (ReplyDue && monotonicSeconds() - LastProgress > Timeout)
      return fail(Error::failure(ETIMEDOUT, "no answer from bpfd within " +
                                                std::to_string(static_cast<int>(Timeout)) + " s"));
    struct pollfd P[3];
    int NP = 0, IIn = -1, IOut = -1;
    if (!InEOF && ToRemote.size() < (1u << 20)) {
      IIn = NP;
      P[NP++] = {InFd, POLLIN, 0};
    }
    IOut = NP;
    P[NP++] = {T->readFd(), POLLIN, 0};
    if (!ToRemote.empty())
      P[NP++] = {T->writeFd(), POLLOUT, 0};
    if (poll(P, NP, 50) < 0 && errno != EINTR)
      return fail(Error::failure(errno, "poll failed: " + std::string(strerror(errno))));
    if (IIn >= 0 && P[IIn].revents) {
      char Buf[65536];
      ssize_t N = read(InFd, Buf, sizeof(Buf));
      if (N > 0)
        ToRemote.append(Buf, N);
      else if (N == 0 || (errno != EAGAIN && errno != EINTR))
        InEOF = true;
    }
    if (P[IOut].revents) {
      if (Error E = fillBuffer(monotonicSeconds()))
        if (E.errnoValue() != ETIMEDOUT)
          return fail(E);
      if (!InBuf.empty()) {
        if (Error E = Copy())
          return fail(E);
        ReplyDue = false;
        LastProgress = monotonicSeconds();
      }
    }
    if (!ToRemote.empty()) {
      size_t Room = faultRoom(*T, BytesSent, ToRemote.size());
      ssize_t N = write(T->writeFd(), ToRemote.data(), Room);
      if (N > 0) {
        if (std::memchr(ToRemote.data(), '\n', N)) {
          if (!ReplyDue)
            LastProgress = monotonicSeconds();
          ReplyDue = true;
        }
        ToRemote.erase(0, N);
        BytesSent += N;
        faultAfterWrite(*T, BytesSent);
      } else if (N < 0 && errno != EAGAIN && errno != EINTR) {
        return fail(Error::failure(errno, "cannot write to bpfd: " + std::string(strerror(errno))));
      }
    }
  }
  if (HangUp) {
    T->hangUp();
  } else if (Error E = T->endInput(BytesSent)) {
    return fail(E);
  }
  return finish(HangUp, OutFd);
}

} // namespace bpfd
