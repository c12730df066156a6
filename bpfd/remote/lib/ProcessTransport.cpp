//===- ProcessTransport.cpp - bpfd behind a local command ------------------===//
//
// process:COMMAND runs `sh -c COMMAND`; the session is its stdin/stdout and
// ending the input closes its stdin. The adb and ssh transports set bpfd up
// on their device and then carry the session the same way (makeCommandTransport).
//
//===----------------------------------------------------------------------===//

#include "Subprocess.h"
#include "Transport.h"

#include <cerrno>
#include <csignal>
#include <unistd.h>

namespace bpfd {

namespace {

class CommandTransport : public Transport {
public:
  CommandTransport(Child C, std::string Cleanup) : C(C), CleanupNote(std::move(Cleanup)) {
    setNonBlocking(C.StdinFd);
    setNonBlocking(C.StdoutFd);
  }
  ~CommandTransport() override { kill(); }
  int writeFd() const override { return C.StdinFd; }
  int readFd() const override { return C.StdoutFd; }
  Error endInput(uint64_t) override {
    if (C.StdinFd >= 0)
      ::close(C.StdinFd);
    C.StdinFd = -1;
    return Error::success();
  }
  void hangUp() override {
    (void)endInput(0);
    if (C.StdoutFd >= 0)
      ::close(C.StdoutFd);
    C.StdoutFd = -1;
  }
  void cut() override {
    // The transport command (and whatever it runs in its group) dies.
    if (C.Pid > 0)
      ::kill(-C.Pid, SIGKILL);
  }
  Expected<int> wait(double Timeout) override {
    auto Status = waitChild(C.Pid, Timeout < 0 ? 0 : Timeout);
    if (Status)
      C.Pid = -1;
    return Status;
  }
  void kill() override {
    if (C.Pid > 0)
      killChild(C.Pid);
    C.Pid = -1;
    hangUp();
  }

private:
  Child C;
  std::string CleanupNote;
};

} // namespace

Expected<std::unique_ptr<Transport>> makeCommandTransport(const std::vector<std::string> &Argv) {
  auto C = spawn(Argv, SpawnFds());
  if (!C)
    return C.error();
  return std::unique_ptr<Transport>(new CommandTransport(*C, ""));
}

Expected<std::unique_ptr<Transport>> openProcessTransport(const std::string &Command,
                                                          const SessionOptions &Options) {
  if (Command.empty())
    return Error::failure(EINVAL, "process: needs a command (process:COMMAND)");
  if (Options.Progress)
    Options.Progress("process: running sh -c " + shellQuote(Command));
  return makeCommandTransport({"/bin/sh", "-c", Command});
}

} // namespace bpfd
