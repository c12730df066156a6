//===- Subprocess.h - child processes for the transports --------*- C++ -*-===//
#ifndef BPFD_REMOTE_SUBPROCESS_H
#define BPFD_REMOTE_SUBPROCESS_H

#include "bpfd/Error.h"

#include <string>
#include <sys/types.h>
#include <vector>

namespace bpfd {

/// A child running in its own process group, killed (SIGKILL) if this
/// process dies first (unless SpawnFds::DieWithParent is false).
struct Child {
  pid_t Pid = -1;
  int StdinFd = -1;  // write end of its stdin pipe (-1 if not piped)
  int StdoutFd = -1; // read end of its stdout pipe (-1 if not piped)
};

struct SpawnFds {
  bool PipeStdin = true;
  bool PipeStdout = true;
  int StdinFd = -1;  // used when !PipeStdin (-1: /dev/null)
  int StdoutFd = -1; // used when !PipeStdout (-1: /dev/null)
  int StderrFd = 2;  // -1: /dev/null
  /// false: the child outlives this process (still in its own group); for
  /// the fault hook's device-like QEMU (Fault.h).
  bool DieWithParent = true;
};

/// Starts Argv[0] (searched on PATH) with Argv.
Expected<Child> spawn(const std::vector<std::string> &Argv, const SpawnFds &Fds);

/// Waits up to Timeout s for Pid; returns its exit code (128+signal if
/// killed). On timeout: ETIMEDOUT, the child is left running.
Expected<int> waitChild(pid_t Pid, double Timeout);

/// Kills the process group of Pid and reaps Pid.
void killChild(pid_t Pid);

/// Runs Argv with Input on its stdin; returns what it printed on stdout.
/// Fails if it exits non-zero (the message holds its stderr) or takes
/// longer than Timeout s.
Expected<std::string> runCapture(const std::vector<std::string> &Argv, const std::string &Input,
                                 double Timeout);

/// Monotonic seconds.
double monotonicSeconds();
/// The folder of the running executable.
std::string selfDirectory();
/// Makes Fd non-blocking.
void setNonBlocking(int Fd);
/// Quotes Word for a POSIX shell.
std::string shellQuote(const std::string &Word);

} // namespace bpfd

#endif // BPFD_REMOTE_SUBPROCESS_H
