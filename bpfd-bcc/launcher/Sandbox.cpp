//===- Sandbox.cpp - the tool's process: the device's view, no bpf() -------===//

#include "Sandbox.h"

#include "bpfd/Session.h"

#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstdarg>
#include <cstddef>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <cstdlib>
#include <dirent.h>
#include <fcntl.h>
#include <ftw.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <poll.h>
#include <sched.h>
#include <sys/mount.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

namespace bpfdbcc {

const std::vector<DeviceBind> &deviceBinds() {
  static const std::vector<DeviceBind> Binds = {
      {"/sys/kernel/tracing", true},
      {"/sys/kernel/debug", true},
      // All of /sys/devices, not only system/cpu: the links of /sys/class,
      // /sys/block and /sys/bus (event_source/devices/kprobe ->
      // ../../../devices/kprobe) are relative and must land on the device's.
      {"/sys/devices", true},
      {"/sys/block", true},
      {"/sys/class", true},
      {"/sys/bus/event_source", true},
      // The device's processes (/proc/PID/comm of the PIDs the tool sees),
      // kallsyms, loadavg, sys/kernel/pid_max ...; /proc/self leads to the
      // tool's own, on this host.
      {"/proc", true},
  };
  return Binds;
}

// Signal state shared with the handlers.
static std::atomic<bool> ToolRunning{false};
static volatile sig_atomic_t Received = 0;  // SIGINT/SIGTERM/SIGHUP of any origin
static volatile sig_atomic_t Forwards = 0;  // of those, sent to the launcher alone
static int WakeFds[2] = {-1, -1};

double monotonicNow() {
  struct timespec T;
  clock_gettime(CLOCK_MONOTONIC, &T);
  return static_cast<double>(T.tv_sec) + static_cast<double>(T.tv_nsec) / 1e9;
}

// In the child between fork() and exec(): no allocation, only formatting
// into a buffer on the stack and write(2).
static void childSay(const char *Format, ...) {
  char Buf[4096];
  int N = snprintf(Buf, sizeof(Buf), "bpfd-bcc: ");
  va_list Args;
  va_start(Args, Format);
  int Room = static_cast<int>(sizeof(Buf)) - N - 1;
  int M = vsnprintf(Buf + N, Room, Format, Args);
  va_end(Args);
  N += M < 0 ? 0 : (M >= Room ? Room - 1 : M);
  Buf[N++] = '\n';
  (void)!write(2, Buf, N);
}

// x86_64 only (a system call of another ABI, e.g. i386's int 0x80, kills the
// process); bpf and perf_event_open (also their x32 numbers, which share
// AUDIT_ARCH_X86_64) trap; the rest is allowed.
static const unsigned X32Bit = 0x40000000u;
static struct sock_filter SeccompCode[] = {
    BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, arch)),
    BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, AUDIT_ARCH_X86_64, 1, 0),
    BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_KILL_PROCESS),
    BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr)),
    BPF_STMT(BPF_ALU | BPF_AND | BPF_K, ~X32Bit),
    BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_bpf, 2, 0),
    BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_perf_event_open, 1, 0),
    BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
    BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_TRAP),
};

[[noreturn]] static void runChild(const SandboxPlan &Plan, pid_t Parent, int MountedFd,
                                  const char *MountData, const std::vector<std::string> &Sources,
                                  char *const *Argv, char *const *Envp) {
  struct sigaction Default = {};
  Default.sa_handler = SIG_DFL;
  for (int Sig : {SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE, SIGCHLD})
    sigaction(Sig, &Default, nullptr);
  sigset_t None;
  sigemptyset(&None);
  sigprocmask(SIG_SETMASK, &None, nullptr);
  // The launcher serves the tool's files and socket: without it the tool
  // cannot go on.
  prctl(PR_SET_PDEATHSIG, SIGKILL);
  if (getppid() != Parent)
    _exit(126);

  if (unshare(CLONE_NEWNS) != 0) {
    childSay("cannot make a mount namespace for the tool: %s (bpfd-bcc needs root)",
             strerror(errno));
    _exit(126);
  }
  // The device's monotonic clock: a time namespace entered at exec, with
  // the offset written before (timens_offsets: seconds, then nanoseconds in
  // [0, 1e9)). Kernels without time namespaces keep this host's clock.
  if (Plan.SetClock) {
    long long Sec = Plan.ClockOffsetNs / 1000000000LL, Nsec = Plan.ClockOffsetNs % 1000000000LL;
    if (Nsec < 0) {
      Nsec += 1000000000LL;
      Sec -= 1;
    }
    char Line[96];
    int Len = snprintf(Line, sizeof(Line), "monotonic %lld %lld\n", Sec, Nsec);
    int Fd = -1;
    if (unshare(CLONE_NEWTIME) != 0 ||
        (Fd = open("/proc/self/timens_offsets", O_WRONLY | O_CLOEXEC)) < 0 ||
        write(Fd, Line, size_t(Len)) != Len)
      childSay("the tool keeps this host's monotonic clock, not the device's: %s", strerror(errno));
    if (Fd >= 0)
      close(Fd);
  }
  if (mount(nullptr, "/", nullptr, MS_REC | MS_PRIVATE, nullptr) != 0) {
    childSay("cannot make / private in the tool's mount namespace: %s", strerror(errno));
    _exit(126);
  }
  if (mount("bpfd-bcc", Plan.MountPoint.c_str(), "fuse.bpfd-bcc", MS_NOSUID | MS_NODEV | MS_RDONLY,
            MountData) != 0) {
    childSay("cannot mount the device's files at %s: %s", Plan.MountPoint.c_str(),
             strerror(errno));
    _exit(126);
  }
  (void)!write(MountedFd, "m", 1);
  close(MountedFd);
  // This host's /proc stays reachable for the sandbox's own processes: the
  // device's /proc/self and /proc/thread-self lead here (DeviceFs).
  if (!Plan.HostProc.empty() && mount("/proc", Plan.HostProc.c_str(), nullptr, MS_BIND | MS_REC, nullptr) != 0) {
    childSay("cannot bind this host's /proc at %s: %s", Plan.HostProc.c_str(), strerror(errno));
    _exit(126);
  }

  for (size_t I = 0; I < Plan.Binds.size(); ++I) {
    const char *Src = Sources[I].c_str(), *Dst = Plan.Binds[I].Path.c_str();
    struct stat DevSt, HostSt;
    if (stat(Src, &DevSt) != 0) {
      if (errno != ENOENT)
        childSay("the device's %s cannot be reached: %s (not bound)", Dst, strerror(errno));
      else if (Plan.Verbose)
        childSay("%s: not on the device, not bound", Dst);
      continue;
    }
    if (stat(Dst, &HostSt) != 0) {
      if (Plan.Verbose)
        childSay("%s: not on this host (%s), the device's is not bound", Dst, strerror(errno));
      continue;
    }
    if (S_ISDIR(DevSt.st_mode) != Plan.Binds[I].Dir || S_ISDIR(HostSt.st_mode) != Plan.Binds[I].Dir) {
      childSay("%s: not a %s on the device or this host, not bound", Dst,
               Plan.Binds[I].Dir ? "folder" : "file");
      continue;
    }
    if (mount(Src, Dst, nullptr, MS_BIND, nullptr) != 0) {
      childSay("cannot bind the device's %s over the host's: %s", Dst, strerror(errno));
      _exit(126);
    }
  }

  // Debian's libbcc.so.0 (python3-bpfcc's libbpfcc) is ours in here: a
  // LD_LIBRARY_PATH that misses (a library being rebuilt, a tool that
  // resets it) still loads ours.
  if (!Plan.LibBcc.empty())
    for (const char *System : {"/usr/lib/x86_64-linux-gnu/libbcc.so.0", "/usr/lib/libbcc.so.0",
                               "/usr/lib64/libbcc.so.0", "/usr/local/lib/libbcc.so.0"}) {
      struct stat St;
      if (stat(System, &St) != 0)
        continue;
      if (mount(Plan.LibBcc.c_str(), System, nullptr, MS_BIND, nullptr) != 0) {
        childSay("cannot put our libbcc over %s: %s", System, strerror(errno));
        _exit(126);
      }
    }

  struct sock_fprog Prog = {static_cast<unsigned short>(sizeof(SeccompCode) / sizeof(SeccompCode[0])),
                            SeccompCode};
  if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0 ||
      prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &Prog) != 0) {
    childSay("cannot install the seccomp filter: %s", strerror(errno));
    _exit(126);
  }
  if (Plan.StdoutFd >= 0 && dup2(Plan.StdoutFd, 1) < 0) {
    childSay("cannot redirect the tool's output: %s", strerror(errno));
    _exit(126);
  }
  if (Plan.Verbose)
    childSay("exec %s after %.2f s", Plan.ExecPath.c_str(), monotonicNow() - Plan.StartSeconds);
  execve(Plan.ExecPath.c_str(), Argv, Envp);
  childSay("cannot run %s: %s", Plan.ExecPath.c_str(), strerror(errno));
  _exit(127);
}

pid_t startSandbox(const SandboxPlan &Plan, int &MountedFd, std::string &Err) {
  char MountData[128];
  snprintf(MountData, sizeof(MountData),
           "fd=%d,rootmode=40000,user_id=0,group_id=0,allow_other", Plan.FuseFd);
  std::vector<std::string> Sources;
  for (const DeviceBind &B : Plan.Binds)
    Sources.push_back(Plan.MountPoint + B.Path);
  std::vector<char *> Argv, Envp;
  for (const std::string &A : Plan.Argv)
    Argv.push_back(const_cast<char *>(A.c_str()));
  Argv.push_back(nullptr);
  for (const std::string &E : Plan.Env)
    Envp.push_back(const_cast<char *>(E.c_str()));
  Envp.push_back(nullptr);

  int Pipe[2];
  if (pipe2(Pipe, O_CLOEXEC) != 0) {
    Err = std::string("cannot create a pipe: ") + strerror(errno);
    return -1;
  }
  fflush(stdout);
  fflush(stderr);
  // From here a signal to the launcher is for the tool (see waitForTool).
  ToolRunning = true;
  pid_t Parent = getpid();
  pid_t Pid = fork();
  if (Pid < 0) {
    ToolRunning = false;
    Err = std::string("cannot fork: ") + strerror(errno);
    close(Pipe[0]);
    close(Pipe[1]);
    return -1;
  }
  if (Pid == 0) {
    close(Pipe[0]);
    runChild(Plan, Parent, Pipe[1], MountData, Sources, Argv.data(), Envp.data());
  }
  close(Pipe[1]);
  MountedFd = Pipe[0];
  return Pid;
}


static void onSignal(int, siginfo_t *Info, void *) {
  int Saved = errno;
  ++Received;
  if (!ToolRunning) {
    bpfd::requestStop();
  } else if (Info->si_code != SI_KERNEL) {
    // SI_KERNEL: the terminal's (Ctrl-C, hang-up): it went to the tool's
    // process group as well. Otherwise someone sent it to this process.
    ++Forwards;
    if (WakeFds[1] >= 0)
      (void)!write(WakeFds[1], "s", 1);
  }
  errno = Saved;
}

static void onChild(int) {
  int Saved = errno;
  if (WakeFds[1] >= 0)
    (void)!write(WakeFds[1], "c", 1);
  errno = Saved;
}

void installSignalHandlers() {
  if (WakeFds[0] < 0 && pipe2(WakeFds, O_CLOEXEC | O_NONBLOCK) != 0)
    WakeFds[0] = WakeFds[1] = -1;
  struct sigaction SA = {};
  SA.sa_sigaction = onSignal;
  SA.sa_flags = SA_SIGINFO | SA_RESTART;
  sigemptyset(&SA.sa_mask);
  for (int Sig : {SIGINT, SIGTERM, SIGHUP})
    sigaction(Sig, &SA, nullptr);
  struct sigaction CA = {};
  CA.sa_handler = onChild;
  CA.sa_flags = SA_RESTART | SA_NOCLDSTOP;
  sigemptyset(&CA.sa_mask);
  sigaction(SIGCHLD, &CA, nullptr);
  signal(SIGPIPE, SIG_IGN);
}

int signalsReceived() { return Received; }

int waitForTool(pid_t Pid, const std::string &Name) {
  ToolRunning = true;
  int Handled = 0;
  int Sent = 0; // 0: nothing, 1: SIGINT, 2: SIGTERM, 3: SIGKILL
  double LastSent = 0;
  static const int Escalation[] = {SIGINT, SIGTERM, SIGKILL};
  const double EscalateAfter = 10;
  for (;;) {
    int Status;
    pid_t R = waitpid(Pid, &Status, WNOHANG);
    if (R == Pid) {
      ToolRunning = false;
      return Status;
    }
    if (R < 0 && errno != EINTR) {
      ToolRunning = false;
      return 0;
    }
    bool Escalate = false;
    if (Handled < Forwards) {
      Handled = Forwards;
      Escalate = true;
    } else if (Sent > 0 && Sent < 3 && monotonicNow() - LastSent > EscalateAfter) {
      Escalate = true;
    }
    if (Escalate && Sent < 3) {
      int Sig = Escalation[Sent++];
      LastSent = monotonicNow();
      fprintf(stderr, "bpfd-bcc: sending SIG%s to %s (pid %d)\n", sigabbrev_np(Sig), Name.c_str(),
              static_cast<int>(Pid));
      kill(Pid, Sig);
    }
    struct pollfd P = {WakeFds[0], POLLIN, 0};
    poll(&P, WakeFds[0] >= 0 ? 1 : 0, 200);
    char Drain[64];
    while (WakeFds[0] >= 0 && read(WakeFds[0], Drain, sizeof(Drain)) > 0) {
    }
  }
}

std::string findInPath(const std::string &Name) {
  if (Name.find('/') != std::string::npos)
    return Name;
  const char *Env = getenv("PATH");
  std::string Path = Env && *Env ? Env : "/usr/local/bin:/usr/bin:/bin";
  size_t Pos = 0;
  for (;;) {
    size_t End = Path.find(':', Pos);
    std::string Dir = Path.substr(Pos, End == std::string::npos ? std::string::npos : End - Pos);
    std::string Candidate = (Dir.empty() ? "." : Dir) + "/" + Name;
    struct stat St;
    if (stat(Candidate.c_str(), &St) == 0 && S_ISREG(St.st_mode) &&
        access(Candidate.c_str(), X_OK) == 0)
      return Candidate;
    if (End == std::string::npos)
      return "";
    Pos = End + 1;
  }
}

static int removeEntry(const char *Path, const struct stat *, int Flag, struct FTW *) {
  if (Flag == FTW_DP)
    rmdir(Path);
  else
    unlink(Path);
  return 0;
}

void removeTree(const std::string &Dir) {
  nftw(Dir.c_str(), removeEntry, 16, FTW_DEPTH | FTW_PHYS | FTW_MOUNT);
}

std::string mountNamespaceOf(pid_t Pid) {
  char Path[64], Buf[128];
  snprintf(Path, sizeof(Path), "/proc/%d/ns/mnt", static_cast<int>(Pid));
  ssize_t N = readlink(Path, Buf, sizeof(Buf) - 1);
  return N > 0 ? std::string(Buf, static_cast<size_t>(N)) : std::string();
}

int endNamespace(const std::string &Ns) {
  if (Ns.empty() || Ns == mountNamespaceOf(getpid()))
    return 0;
  int Killed = 0;
  // A process may fork while we look: look again until a pass finds none.
  for (int Pass = 0; Pass < 50; ++Pass) {
    int Found = 0;
    DIR *D = opendir("/proc");
    if (!D)
      return Killed;
    while (struct dirent *E = readdir(D)) {
      char *End;
      long Pid = strtol(E->d_name, &End, 10);
      if (*End || Pid <= 0 || Pid == getpid())
        continue;
      if (mountNamespaceOf(static_cast<pid_t>(Pid)) != Ns)
        continue;
      if (kill(static_cast<pid_t>(Pid), SIGKILL) == 0) {
        ++Found;
        ++Killed;
      }
    }
    closedir(D);
    if (!Found)
      break;
    usleep(20000);
  }
  return Killed;
}

int exitCodeOf(int WStatus) {
  if (WIFSIGNALED(WStatus))
    return 128 + WTERMSIG(WStatus);
  if (WIFEXITED(WStatus))
    return WEXITSTATUS(WStatus);
  return 1;
}

std::string signalDescription(int Sig) {
  const char *Abbrev = sigabbrev_np(Sig);
  std::string D = Abbrev ? std::string("SIG") + Abbrev : "signal " + std::to_string(Sig);
  const char *Text = strsignal(Sig);
  if (Text)
    D += std::string(" (") + Text + ")";
  return D;
}

} // namespace bpfdbcc
