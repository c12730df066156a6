//===- fstest.cpp - bpfd-bcc's sandbox over a fake device, for tests -------===//
//
//   bpfd-bcc-fstest [-v] [--no-binds] ROOT -- COMMAND [ARGS...]
//
// Runs COMMAND in bpfd-bcc's sandbox (the same mount namespace, binds and
// seccomp filter) with the device's files served by the same FUSE server,
// answered by FakeDevice from ROOT/proc and ROOT/sys of this host instead of
// a bpfd session. Tests the file system without a device (root needed).
//
//===----------------------------------------------------------------------===//
#include "DeviceFs.h"
#include "FakeDevice.h"
#include "Sandbox.h"

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <string>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

extern char **environ;

using namespace bpfdbcc;

int main(int argc, char **argv) {
  double Start = monotonicNow();
  installSignalHandlers();
  bool Verbose = false, Binds = true;
  int I = 1;
  for (; I < argc && argv[I][0] == '-'; ++I) {
    std::string A = argv[I];
    if (A == "-v")
      Verbose = true;
    else if (A == "--no-binds")
      Binds = false;
    else
      break;
  }
  if (I + 2 >= argc || std::string(argv[I + 1]) != "--") {
    fprintf(stderr, "usage: bpfd-bcc-fstest [-v] [--no-binds] ROOT -- COMMAND [ARGS...]\n");
    return 2;
  }
  std::string Root = argv[I];
  std::vector<std::string> Cmd(argv + I + 2, argv + argc);
  std::string ExecPath = findInPath(Cmd[0]);
  if (ExecPath.empty()) {
    fprintf(stderr, "bpfd-bcc-fstest: no command '%s'\n", Cmd[0].c_str());
    return 2;
  }
  int FuseFd = open("/dev/fuse", O_RDWR | O_CLOEXEC);
  if (FuseFd < 0) {
    fprintf(stderr, "bpfd-bcc-fstest: cannot open /dev/fuse: %s\n", strerror(errno));
    return 126;
  }
  const char *Tmp = getenv("TMPDIR");
  std::string RunDir = std::string(Tmp && *Tmp ? Tmp : "/tmp") + "/bpfd-bcc-fstest-XXXXXX";
  if (!mkdtemp(&RunDir[0])) {
    perror("bpfd-bcc-fstest: mkdtemp");
    return 126;
  }
  std::string MountPoint = RunDir + "/device";
  mkdir(MountPoint.c_str(), 0700);

  FakeDevice Fake(Root);
  DeviceFsOptions O;
  if (getenv("BPFD_BCC_FSTEST_WAIT_MS"))
    O.PipeWaitMs = atoi(getenv("BPFD_BCC_FSTEST_WAIT_MS"));
  if (Verbose)
    O.Log = [](const std::string &M) { fprintf(stderr, "bpfd-bcc-fstest: %s\n", M.c_str()); };
  DeviceFs Fs(Fake.commandFn(), FuseFd, O);

  SandboxPlan Plan;
  for (char **E = environ; *E; ++E)
    Plan.Env.push_back(*E);
  Plan.Env.push_back("BPFD_BCC_DEVICE_ROOT=" + MountPoint);
  Plan.MountPoint = MountPoint;
  Plan.FuseFd = FuseFd;
  if (Binds)
    Plan.Binds = deviceBinds();
  Plan.ExecPath = ExecPath;
  Plan.Argv = Cmd;
  Plan.Verbose = Verbose;
  Plan.StartSeconds = Start;
  int MountedFd;
  std::string Err;
  pid_t Pid = startSandbox(Plan, MountedFd, Err);
  if (Pid < 0) {
    fprintf(stderr, "bpfd-bcc-fstest: %s\n", Err.c_str());
    return 126;
  }
  char Byte;
  ssize_t N;
  while ((N = read(MountedFd, &Byte, 1)) < 0 && errno == EINTR) {
  }
  close(MountedFd);
  std::string SandboxNs;
  if (N == 1) {
    SandboxNs = mountNamespaceOf(Pid);
    Fs.start();
  }
  int WStatus = waitForTool(Pid, Cmd[0]);
  if (int Left = endNamespace(SandboxNs))
    fprintf(stderr, "bpfd-bcc-fstest: ended %d process%s the command left running\n", Left,
            Left == 1 ? "" : "es");
  Fs.stop();
  if (WIFSIGNALED(WStatus))
    fprintf(stderr, "bpfd-bcc-fstest: %s was killed by %s\n", Cmd[0].c_str(),
            signalDescription(WTERMSIG(WStatus)).c_str());
  if (Verbose)
    fprintf(stderr, "bpfd-bcc-fstest: %llu file requests, %llu device commands\n",
            static_cast<unsigned long long>(Fs.requests()),
            static_cast<unsigned long long>(Fake.commands()));
  removeTree(RunDir);
  return exitCodeOf(WStatus);
}
