//===- Sandbox.h - the tool's process: the device's view, no bpf() --------===//
//
// The tool runs in a child process with
//  - a mount namespace of its own (/ made rprivate: nothing propagates back),
//    the device's file system (DeviceFs) mounted at a folder of the run
//    folder, and device paths bound from it over the host's (deviceBinds());
//  - a time namespace whose CLOCK_MONOTONIC is the device's (BCC's
//    BPF.monotonic_time() is compared with bpf_ktime_get_ns() stamps);
//  - a seccomp filter: x86_64 syscalls only (any other ABI kills), bpf() and
//    perf_event_open() raise SIGSYS (SECCOMP_RET_TRAP): libbcc.so handles it,
//    any other program dies of it; everything else is allowed;
//  - the environment and argv the launcher prepared.
// Everything is prepared before fork(); the child only makes system calls.
//
//===----------------------------------------------------------------------===//
#ifndef BPFD_BCC_SANDBOX_H
#define BPFD_BCC_SANDBOX_H

#include <string>
#include <sys/types.h>
#include <vector>

namespace bpfdbcc {

struct DeviceBind {
  std::string Path; // same on the device and the host
  bool Dir;
};

/// The device paths bound over the host's: tracefs, debugfs, /sys/devices
/// (CPUs, PMUs: what the links of /sys/class, /sys/block and /sys/bus point
/// to), block devices, classes, PMUs; and all of /proc (the device's
/// processes, kallsyms, loadavg, sys/kernel/...), where only /proc/self and
/// /proc/thread-self lead to this host's /proc (DeviceFsOptions::HostProc).
const std::vector<DeviceBind> &deviceBinds();

struct SandboxPlan {
  /// Where the child mounts the FUSE file system (an empty folder).
  std::string MountPoint;
  /// Where the child binds this host's /proc before the device's /proc is
  /// bound over it (an empty folder): the sandbox's /proc/self leads there.
  std::string HostProc;
  /// Our libbcc.so.0: bound over Debian's (systemLibbccPaths()) so that no
  /// process of the sandbox loads the one that would compile and load for
  /// this host.
  std::string LibBcc;
  /// When set: the tool's CLOCK_MONOTONIC is this host's plus ClockOffsetNs
  /// (a time namespace), i.e. the device's, as bpfd's greeting gave it.
  bool SetClock = false;
  long long ClockOffsetNs = 0;
  /// The open /dev/fuse the parent serves.
  int FuseFd = -1;
  std::vector<DeviceBind> Binds;
  /// Run: ExecPath with Argv (Argv[0] included) and exactly Env.
  std::string ExecPath;
  std::vector<std::string> Argv;
  std::vector<std::string> Env;
  /// If >= 0: the tool's standard output (e.g. a pipe the launcher reads).
  int StdoutFd = -1;
  /// Notes on stderr (skipped binds, the time to exec).
  bool Verbose = false;
  /// CLOCK_MONOTONIC seconds when the launcher started (for the -v note).
  double StartSeconds = 0;
};

/// Forks the tool's process. MountedFd gets one byte once the file system is
/// mounted (serve it then); EOF without it means the child failed (it said
/// why on stderr and exits 126). Returns the pid, or -1 with Err set.
pid_t startSandbox(const SandboxPlan &Plan, int &MountedFd, std::string &Err);

/// Signals while the tool runs: SIGINT/SIGTERM/SIGHUP from a terminal reach
/// the tool too (its process group) and the launcher ignores them; sent to
/// the launcher alone (kill PID) they are forwarded: SIGINT first, SIGTERM
/// after a second signal or 10 s, SIGKILL after a third or 10 s more.
/// Outside the tool's run they call bpfd::requestStop().
void installSignalHandlers();
/// Waits for the tool (forwarding signals as above); returns its wait status.
int waitForTool(pid_t Pid, const std::string &Name);
/// The number of SIGINT/SIGTERM/SIGHUP the launcher itself got.
int signalsReceived();

/// The mount namespace of Pid ("mnt:[4026532...]"), "" if unknown.
std::string mountNamespaceOf(pid_t Pid);
/// SIGKILLs every process in the mount namespace Ns (the sandbox's: what
/// the tool left running when it exited), until none is left; returns how
/// many were killed. Never this process, never a namespace equal to ours.
int endNamespace(const std::string &Ns);

/// 128+signal if WStatus is a death by signal, else the exit status.
int exitCodeOf(int WStatus);
/// "SIGSYS (Bad system call)".
std::string signalDescription(int Sig);

/// A command name looked up in $PATH as execvp would ("" if not found).
std::string findInPath(const std::string &Name);
/// Removes Dir and what it holds (never crossing into a mount).
void removeTree(const std::string &Dir);

/// CLOCK_MONOTONIC in seconds.
double monotonicNow();

} // namespace bpfdbcc

#endif // BPFD_BCC_SANDBOX_H
