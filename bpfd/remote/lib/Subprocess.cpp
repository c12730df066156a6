//===- Subprocess.cpp - child processes for the transports -----------------===//

#include "Subprocess.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

namespace bpfd {

double monotonicSeconds() {
  struct timespec TS;
  clock_gettime(CLOCK_MONOTONIC, &TS);
  return TS.tv_sec + TS.tv_nsec / 1e9;
}

std::string selfDirectory() {
  char Buf[4096];
  ssize_t N = readlink("/proc/self/exe", Buf, sizeof(Buf) - 1);
  if (N <= 0)
    return ".";
  std::string Path(Buf, N);
  size_t Slash = Path.rfind('/');
  return Slash == std::string::npos ? "." : Path.substr(0, Slash);
}

void setNonBlocking(int Fd) {
  int Flags = fcntl(Fd, F_GETFL);
  if (Flags >= 0)
    fcntl(Fd, F_SETFL, Flags | O_NONBLOCK);
}

std::string shellQuote(const std::string &Word) {
  std::string Out = "'";
  for (char C : Word) {
    if (C == '\'')
      Out += "'\\''";
    else
      Out += C;
  }
  return Out + "'";
}

static std::string joinArgv(const std::vector<std::string> &Argv) {
  std::string Out;
  for (const auto &A : Argv)
    Out += (Out.empty() ? "" : " ") + A;
  return Out;
}

Expected<Child> spawn(const std::vector<std::string> &Argv, const SpawnFds &Fds) {
  if (Argv.empty())
    return Error::failure(EINVAL, "cannot start a program: empty command");
  int In[2] = {-1, -1}, Out[2] = {-1, -1};
  if ((Fds.PipeStdin && pipe2(In, O_CLOEXEC) != 0) ||
      (Fds.PipeStdout && pipe2(Out, O_CLOEXEC) != 0)) {
    int E = errno;
    for (int Fd : {In[0], In[1], Out[0], Out[1]})
      if (Fd >= 0)
        ::close(Fd);
    return Error::failure(E, "cannot create pipes for '" + Argv[0] + "': " + strerror(E));
  }
  // Report exec failures through a close-on-exec pipe.
  int Status[2];
  if (pipe2(Status, O_CLOEXEC) != 0)
    return Error::failure(errno, "cannot create a pipe: " + std::string(strerror(errno)));
  pid_t Parent = getpid();
  pid_t Pid = fork();
  if (Pid < 0) {
    int E = errno;
    return Error::failure(E, "cannot fork for '" + Argv[0] + "': " + strerror(E));
  }
  if (Pid == 0) {
    setpgid(0, 0);
    if (Fds.DieWithParent)
      prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (Fds.DieWithParent && getppid() != Parent)
      _exit(127);
    signal(SIGPIPE, SIG_DFL);
    int Null = open("/dev/null", O_RDWR);
    int InFd = Fds.PipeStdin ? In[0] : (Fds.StdinFd >= 0 ? Fds.StdinFd : Null);
    int OutFd = Fds.PipeStdout ? Out[1] : (Fds.StdoutFd >= 0 ? Fds.StdoutFd : Null);
    int ErrFd = Fds.StderrFd >= 0 ? Fds.StderrFd : Null;
    if (dup2(InFd, 0) < 0 || dup2(OutFd, 1) < 0 || dup2(ErrFd, 2) < 0)
      _exit(127);
    std::vector<char *> Args;
    for (const auto &A : Argv)
      Args.push_back(const_cast<char *>(A.c_str()));
    Args.push_back(nullptr);
    execvp(Args[0], Args.data());
    int E = errno;
    (void)!write(Status[1], &E, sizeof(E));
    _exit(127);
  }
  ::close(Status[1]);
  if (Fds.PipeStdin)
    ::close(In[0]);
  if (Fds.PipeStdout)
    ::close(Out[1]);
  int ExecErrno = 0;
  ssize_t N;
  while ((N = read(Status[0], &ExecErrno, sizeof(ExecErrno))) < 0 && errno == EINTR)
    ;
  ::close(Status[0]);
  if (N == sizeof(ExecErrno)) {
    waitpid(Pid, nullptr, 0);
    if (Fds.PipeStdin)
      ::close(In[1]);
    if (Fds.PipeStdout)
      ::close(Out[0]);
    return Error::failure(ExecErrno, "cannot run '" + Argv[0] + "': " + strerror(ExecErrno));
  }
  Child C;
  C.Pid = Pid;
  C.StdinFd = Fds.PipeStdin ? In[1] : -1;
  C.StdoutFd = Fds.PipeStdout ? Out[0] : -1;
  return C;
}

static int exitCode(int WStatus) {
  if (WIFEXITED(WStatus))
    return WEXITSTATUS(WStatus);
  if (WIFSIGNALED(WStatus))
    return 128 + WTERMSIG(WStatus);
  return 255;
}

Expected<int> waitChild(pid_t Pid, double Timeout) {
  double Deadline = monotonicSeconds() + Timeout;
  for (;;) {
    int WStatus;
    pid_t R = waitpid(Pid, &WStatus, WNOHANG);
    if (R == Pid)
      return exitCode(WStatus);
    if (R < 0 && errno != EINTR)
      return Error::failure(errno, "cannot wait for process " + std::to_string(Pid) + ": " +
                                       strerror(errno));
    if (monotonicSeconds() >= Deadline)
      return Error::failure(ETIMEDOUT, "process " + std::to_string(Pid) + " still running after " +
                                           std::to_string(static_cast<int>(Timeout)) + " s");
    usleep(10000);
  }
}

void killChild(pid_t Pid) {
  if (Pid <= 0)
    return;
  ::kill(-Pid, SIGKILL);
  ::kill(Pid, SIGKILL);
  while (waitpid(Pid, nullptr, 0) < 0 && errno == EINTR)
    ;
}

Expected<std::string> runCapture(const std::vector<std::string> &Argv, const std::string &Input,
                                 double Timeout) {
  int Err[2];
  if (pipe2(Err, O_CLOEXEC) != 0)
    return Error::failure(errno, "cannot create a pipe: " + std::string(strerror(errno)));
  SpawnFds Fds;
  Fds.StderrFd = Err[1];
  auto C = spawn(Argv, Fds);
  ::close(Err[1]);
  if (!C) {
    ::close(Err[0]);
    return C.error();
  }
  setNonBlocking(C->StdinFd);
  setNonBlocking(C->StdoutFd);
  setNonBlocking(Err[0]);
  std::string Out, ErrText;
  size_t Written = 0;
  int InFd = C->StdinFd, OutFd = C->StdoutFd, ErrFd = Err[0];
  if (Input.empty()) {
    ::close(InFd);
    InFd = -1;
  }
  double Deadline = monotonicSeconds() + Timeout;
  bool TimedOut = false;
  while (OutFd >= 0 || ErrFd >= 0) {
    struct pollfd P[3];
    int NP = 0;
    if (InFd >= 0)
      P[NP++] = {InFd, POLLOUT, 0};
    if (OutFd >= 0)
      P[NP++] = {OutFd, POLLIN, 0};
    if (ErrFd >= 0)
      P[NP++] = {ErrFd, POLLIN, 0};
    double Left = Deadline - monotonicSeconds();
    if (Left <= 0) {
      TimedOut = true;
      break;
    }
    if (poll(P, NP, static_cast<int>(Left * 1000) + 1) < 0 && errno != EINTR)
      break;
    for (int I = 0; I < NP; ++I) {
      if (!P[I].revents)
        continue;
      if (P[I].fd == InFd) {
        ssize_t N = write(InFd, Input.data() + Written, Input.size() - Written);
        if (N > 0)
          Written += N;
        if ((N < 0 && errno != EAGAIN) || Written == Input.size()) {
          ::close(InFd);
          InFd = -1;
        }
        continue;
      }
      char Buf[8192];
      ssize_t N = read(P[I].fd, Buf, sizeof(Buf));
      if (N > 0) {
        (P[I].fd == OutFd ? Out : ErrText).append(Buf, N);
      } else if (N == 0 || errno != EAGAIN) {
        ::close(P[I].fd);
        (P[I].fd == OutFd ? OutFd : ErrFd) = -1;
      }
    }
  }
  for (int Fd : {InFd, OutFd, ErrFd})
    if (Fd >= 0)
      ::close(Fd);
  std::string What = "'" + joinArgv(Argv) + "'";
  if (TimedOut) {
    killChild(C->Pid);
    return Error::failure(ETIMEDOUT, What + " did not finish within " +
                                         std::to_string(static_cast<int>(Timeout)) + " s");
  }
  auto Code = waitChild(C->Pid, Deadline - monotonicSeconds() + 1);
  if (!Code) {
    killChild(C->Pid);
    return Code.error();
  }
  if (*Code != 0) {
    while (!ErrText.empty() && (ErrText.back() == '\n' || ErrText.back() == '\r'))
      ErrText.pop_back();
    return Error::failure(EIO, What + " failed with status " + std::to_string(*Code) +
                                   (ErrText.empty() ? "" : ": " + ErrText));
  }
  return Out;
}

} // namespace bpfd
