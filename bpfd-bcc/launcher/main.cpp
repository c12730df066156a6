//===- main.cpp - bpfd-bcc: Debian's BCC tools against a device through bpfd ===//
//
//   bpfd-bcc [OPTIONS] TOOL [TOOL ARGS...]
//   bpfd-bcc [OPTIONS] --exec -- COMMAND [ARGS...]
//
// Opens a bpfd session, shares it on a unix socket (Broker), serves the
// device's /proc and /sys (DeviceFs), and runs the tool with Debian's Python
// in a sandbox (Sandbox.h) where the device's files replace the host's and
// libbcc.so.0 is ours (LD_LIBRARY_PATH). docs/bpfd-bcc.md.
//
//===----------------------------------------------------------------------===//
#include "BccInstall.h"
#include "Broker.h"
#include "DeviceFs.h"
#include "Sandbox.h"
#include "SharedSession.h"
#include "ToolCommand.h"

#include "bpfd/HostPaths.h"
#include "bpfd/Session.h"

#ifdef BPFD_BCC_HAVE_FLAMEGRAPH
#include "FlameGraphOutput.h"
#endif

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <glob.h>
#include <memory>
#include <string>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

#ifndef BPFD_BCC_DEFAULT_LIBDIR
#define BPFD_BCC_DEFAULT_LIBDIR ""
#endif
#ifndef BPFD_DEFAULT_CACHE_DIR
#define BPFD_DEFAULT_CACHE_DIR ""
#endif
#ifndef BPFD_SOURCE_DIR
#define BPFD_SOURCE_DIR ""
#endif

extern char **environ;

using namespace bpfdbcc;

static const char Usage[] =
    "usage: bpfd-bcc [OPTIONS] TOOL [TOOL ARGS...]\n"
    "       bpfd-bcc [OPTIONS] --exec -- COMMAND [ARGS...]\n"
    "       bpfd-bcc [OPTIONS] --shell [-- COMMAND [ARGS...]]\n"
    "\n"
    "Runs one of Debian's unmodified BCC tools (bpfcc-tools) on this machine\n"
    "against a device reached through bpfd: the tool's BPF programs run on the\n"
    "device, and the tool sees the device's /proc and /sys files.\n"
    "\n"
    "TOOL: a path if it holds a '/' (e.g. ./my_tool.py), else\n"
    "/usr/sbin/TOOL-bpfcc, else /usr/sbin/TOOL (filetop, filetop-bpfcc and\n"
    "/usr/sbin/filetop-bpfcc are the same tool); with --bcc, the same in that\n"
    "release's usr/sbin. A Python tool runs as '/usr/bin/python3 TOOL ARGS'\n"
    "(with --bcc, that release's BCC Python first on PYTHONPATH); a script of\n"
    "another language (Debian's bash wrappers, e.g. pythoncalls) with the\n"
    "interpreter of its '#!'. In both, libbcc.so.0 is ours.\n"
    "\n"
    "Options (before TOOL):\n"
    "  --remote SPEC     the device: qemu:arm64 (default), qemu:x86_64,\n"
    "                    adb[:SERIAL], ssh:[USER@]HOST, process:COMMAND\n"
    "                    (default: $BPFD_REMOTE, else qemu:arm64)\n"
    "  --bcc RELEASE     the BCC release whose tools and Python run: VERSION\n"
    "                    (0.31, 0.37.0), a Debian SUITE (trixie, sid) or a\n"
    "                    folder holding one unpacked (usr/sbin, usr/lib/python3/\n"
    "                    dist-packages/bcc); a VERSION or SUITE not fetched yet\n"
    "                    is fetched (scripts/fetch-bcc.sh) into\n"
    "                    $BPFD_CACHE_DIR/bcc. Default: $BPFD_BCC_VERSION, else\n"
    "                    this host's own (/usr/sbin/*-bpfcc). 'list' shows the\n"
    "                    fetched releases\n"
    "  --kernel DIR      the device's kernel headers for bpf-xcc\n"
    "                    (linux-headers-RELEASE tree); or an unpacked Debian\n"
    "                    kernel package (a folder with boot/ and usr/src/): the\n"
    "                    qemu guest boots it and its headers are used\n"
    "  --workload 'CMD'  qemu: a program the guest runs beside bpfd (words\n"
    "                    split on blanks), e.g. '/bin/workload -i 100\n"
    "                    open:/etc/modules'\n"
    "  --guest-file HOST=GUEST  qemu: add a file to the guest (repeatable),\n"
    "                    e.g. a program for --workload to run\n"
    "  --timeout S       seconds for each step of the session: boot, each\n"
    "                    reply, shutdown (default $BPFD_QEMU_TIMEOUT or 120)\n"
    "  --bpfd PATH       the bpfd binary to deploy (default: bpfd-<arch>\n"
    "                    beside bpfd-bcc)\n"
    "  --exec            run COMMAND (after --) in the same sandbox instead of\n"
    "                    a BCC tool: shows the device's view without libbcc,\n"
    "                    e.g. bpfd-bcc --exec -- cat /proc/version\n"
    "  --shell           as --exec; without a COMMAND, /bin/sh\n"
    "  --svg FILE        also draw the tool's output (folded stacks: profile -f,\n"
    "                    offcputime -f, stackcount -f ...) as an interactive SVG\n"
    "                    flame graph in FILE (docs/flamegraph.md); the output\n"
    "                    is still printed\n"
    "  --keep            keep the run folder (and qemu's) after the run\n"
    "  -v, --verbose     progress lines on stderr\n"
    "  -h, --help        this text\n"
    "\n"
    "The sandbox (the tool and its children):\n"
    "  - a mount namespace of its own: the device's files (a FUSE file system\n"
    "    served live through bpfd) are bound over /sys/kernel/tracing,\n"
    "    /sys/kernel/debug, /sys/devices, /sys/block, /sys/class,\n"
    "    /sys/bus/event_source and /proc/{kallsyms,loadavg,diskstats,\n"
    "    partitions,modules,stat,uptime,version,cpuinfo,meminfo},\n"
    "    /proc/sys/kernel/{pid_max,osrelease}; the rest (/proc/self ...) is\n"
    "    this host's. No host file changes; nothing outlives the tool.\n"
    "  - seccomp: bpf() and perf_event_open() raise SIGSYS. Our libbcc.so.0\n"
    "    handles it (they fail with EPERM); a program that does not load it\n"
    "    dies of SIGSYS. Only x86_64 system calls are allowed.\n"
    "\n"
    "Environment read:\n"
    "  BPFD_REMOTE       default for --remote\n"
    "  BPFD_BCC_VERSION  default for --bcc\n"
    "  BPFD_BCC_KERNEL   default for --kernel (headers tree)\n"
    "  BPFD_BCC_LIBDIR   the folder of our libbcc.so.0 (default: the build's\n"
    "                    lib/bpfd-bcc)\n"
    "  BPFD_CACHE_DIR    downloaded kernels (default: the build's cache);\n"
    "                    the headers default to\n"
    "                    $BPFD_CACHE_DIR/kernels/ARCH/current/usr/src/\n"
    "                    linux-headers-RELEASE (qemu: -*-FLAVOUR)\n"
    "  BPFD_KERNEL_SUITE qemu: the guest boots that suite's fetched kernel\n"
    "                    (kernels/ARCH/SUITE: scripts/fetch-kernel.sh --suite),\n"
    "                    and its headers are the default\n"
    "  BPFD_QEMU_TIMEOUT default for --timeout; TMPDIR: where run folders go\n"
    "\n"
    "Environment of the tool (besides the launcher's own):\n"
    "  LD_LIBRARY_PATH   BPFD_BCC_LIBDIR in front\n"
    "  BPFD_BCC_SOCKET   unix stream socket: bpfd's line protocol, one command\n"
    "                    line -> its reply, shared with the launcher (no\n"
    "                    greeting; EXIT is refused)\n"
    "  BPFD_BCC_GREETING bpfd's greeting line\n"
    "  BPFD_BCC_ARCH, BPFD_BCC_RELEASE  the device's, from the greeting\n"
    "  BPFD_BCC_KERNEL   the device's kernel headers (empty if unknown)\n"
    "  BPFD_BCC_VERSION  the release of the tool's BCC Python (bcc/version.py):\n"
    "                    libbcc serves that release's ABI\n"
    "  PYTHONPATH        with --bcc: the release's dist-packages in front\n"
    "  BPFD_BCC_DEVICE_ROOT  where the device's /proc and /sys are mounted\n"
    "  BPFD_CACHE_DIR, PYTHONDONTWRITEBYTECODE=1\n"
    "\n"
    "Signals: Ctrl-C reaches the tool (it prints its summary); bpfd-bcc waits\n"
    "for it. SIGINT/SIGTERM/SIGHUP sent to bpfd-bcc's pid are forwarded as\n"
    "SIGINT, then SIGTERM, then SIGKILL (each further signal, or 10 s).\n"
    "\n"
    "Exit status: the tool's (128+N if killed by signal N); 2 usage or unknown\n"
    "tool; 125 the session failed (opening it, or while the tool ran); 126\n"
    "the sandbox could not be set up; 127 the program could not be run; 130\n"
    "interrupted before the tool started.\n";

static void say(const std::string &Msg) { fprintf(stderr, "bpfd-bcc: %s\n", Msg.c_str()); }

static int usageError(const std::string &Msg) {
  say(Msg + " (bpfd-bcc --help)");
  return 2;
}

using bpfd::isDirectory;
using bpfd::isFile;

static std::string envOr(const char *Name, const std::string &Default) {
  const char *V = getenv(Name);
  return V && *V ? V : Default;
}

// The device's kernel headers under an unpacked kernel package: exactly the
// release's tree, else (AnyFlavourTree) the first tree of the flavour.
static std::string headersUnder(const std::string &Root, const std::string &Release,
                                const std::string &Arch, bool AnyFlavourTree) {
  std::string Exact = Root + "/usr/src/linux-headers-" + Release;
  if (!Release.empty() && isDirectory(Exact))
    return Exact;
  if (!AnyFlavourTree)
    return "";
  std::string Flavour = Arch == "x86_64" ? "amd64" : Arch;
  glob_t G;
  std::string Found;
  if (glob((Root + "/usr/src/linux-headers-*-" + Flavour).c_str(), 0, nullptr, &G) == 0 &&
      G.gl_pathc > 0)
    Found = G.gl_pathv[0];
  globfree(&G);
  return Found;
}

static std::string seconds(double S) {
  char Buf[32];
  snprintf(Buf, sizeof(Buf), "%.2f", S);
  return Buf;
}

// RunDir/bin/ausyscall: `ausyscall --dump` as on the device, through
// `bpf-xcc --syscall-table` (beside this program) over the device's headers.
static bpfd::Error writeAusyscall(const std::string &Dir, const std::string &Headers) {
  char Self[4096];
  ssize_t N = readlink("/proc/self/exe", Self, sizeof(Self) - 1);
  std::string BinDir = N > 0 ? std::string(Self, size_t(N)) : std::string();
  BinDir = BinDir.substr(0, BinDir.rfind('/'));
  if (mkdir(Dir.c_str(), 0700) != 0)
    return bpfd::Error::failure(errno, "cannot create " + Dir + ": " + strerror(errno));
  std::string Script =
      "#!/bin/sh\n"
      "# ausyscall --dump for the device (bpfd-bcc): its syscall numbers from its\n"
      "# kernel headers.\n"
      "if [ \"$*\" != --dump ]; then\n"
      "  echo \"ausyscall (bpfd-bcc): only --dump is offered, for the device's table\" >&2\n"
      "  exit 1\n"
      "fi\n"
      "exec '" + BinDir + "/bpf-xcc' --arch \"$BPFD_BCC_ARCH\" --kernel '" + Headers +
      "' --syscall-table\n";
  std::string Path = Dir + "/ausyscall";
  FILE *F = fopen(Path.c_str(), "we");
  if (!F || fwrite(Script.data(), 1, Script.size(), F) != Script.size() || fclose(F) != 0 ||
      chmod(Path.c_str(), 0755) != 0)
    return bpfd::Error::failure(EIO, "cannot write " + Path);
  return bpfd::Error::success();
}

int main(int argc, char **argv) {
  double Start = monotonicNow();
  installSignalHandlers();

  std::string Remote, KernelOpt, Workload, BpfdPath, SvgPath, BccSpec;
  bool BccGiven = false;
  std::vector<std::pair<std::string, std::string>> GuestFiles;
  double Timeout = 0;
  bool Verbose = false, Keep = false, Exec = false, Shell = false;
  int I = 1;
  for (; I < argc; ++I) {
    std::string A = argv[I];
    if (A == "--") {
      ++I;
      break;
    }
    if (A.empty() || A[0] != '-')
      break;
    std::string Value;
    bool HasInline = false;
    if (A.rfind("--", 0) == 0 && A.find('=') != std::string::npos) {
      Value = A.substr(A.find('=') + 1);
      A = A.substr(0, A.find('='));
      HasInline = true;
    }
    auto Take = [&](std::string &Out) -> bool {
      if (HasInline) {
        Out = Value;
        return true;
      }
      if (I + 1 >= argc)
        return false;
      Out = argv[++I];
      return true;
    };
    if (A == "-h" || A == "--help") {
      fputs(Usage, stdout);
      return 0;
    } else if (A == "-v" || A == "--verbose") {
      Verbose = true;
    } else if (A == "--keep") {
      Keep = true;
    } else if (A == "--exec") {
      Exec = true;
    } else if (A == "--shell") {
      Exec = Shell = true;
    } else if (A == "--remote" || A == "--kernel" || A == "--workload" || A == "--timeout" ||
               A == "--bpfd" || A == "--svg" || A == "--guest-file" || A == "--bcc") {
      std::string V;
      if (!Take(V))
        return usageError(A + " needs a value");
      if (A == "--remote") {
        Remote = V;
      } else if (A == "--bcc") {
        if (V.empty())
          return usageError("--bcc takes a release (0.31), a suite (trixie), a folder or 'list'");
        BccSpec = V;
        BccGiven = true;
      } else if (A == "--kernel") {
        // Checked before a session starts (a missing one was found after boot).
        if (!isDirectory(V))
          return usageError("--kernel takes a folder (a headers tree or an unpacked kernel "
                            "package), not '" + V + "'");
        KernelOpt = V;
      } else if (A == "--workload") {
        Workload = V;
      } else if (A == "--guest-file") {
        size_t Eq = V.find('=');
        if (Eq == std::string::npos || Eq == 0 || Eq + 1 == V.size() || V[Eq + 1] != '/')
          return usageError("--guest-file takes HOST=/GUEST/PATH, not '" + V + "'");
        GuestFiles.emplace_back(V.substr(0, Eq), V.substr(Eq + 1));
      } else if (A == "--bpfd") {
        BpfdPath = V;
      } else if (A == "--svg") {
#ifndef BPFD_BCC_HAVE_FLAMEGRAPH
        return usageError("--svg needs the flamegraph library, which this build lacks");
#endif
        // The graph is written after the tool: its place is checked first.
        size_t Slash = V.rfind('/');
        std::string Parent = Slash == std::string::npos ? "." : Slash == 0 ? "/" : V.substr(0, Slash);
        if (V.empty() || isDirectory(V))
          return usageError("--svg takes a file to write, not the folder '" + V + "'");
        if (access(Parent.c_str(), W_OK) != 0)
          return usageError("--svg: cannot write in '" + Parent + "': " + strerror(errno));
        SvgPath = V;
      } else {
        char *End;
        Timeout = strtod(V.c_str(), &End);
        if (V.empty() || *End || !(Timeout > 0)) // nan too
          return usageError("--timeout takes a positive number of seconds, not '" + V + "'");
        if (Timeout > 86400) // 1e30 or inf overflowed the milliseconds
          return usageError("--timeout " + V + " is over a day (86400 seconds)");
      }
    } else {
      return usageError("unknown option '" + A + "'");
    }
  }
  std::vector<std::string> Rest(argv + I, argv + argc);

  // Which BCC release runs (its tools, its Python), and whether our libbcc
  // has every function its bcc/libbcc.py binds: checked before any session.
  std::string CacheDir = envOr("BPFD_CACHE_DIR", BPFD_DEFAULT_CACHE_DIR);
  std::string LibDir = envOr("BPFD_BCC_LIBDIR", BPFD_BCC_DEFAULT_LIBDIR);
  // Our libbcc, and no other: it is also bound over Debian's in the sandbox
  // (Sandbox.cpp), so a tool can never load the one that compiles for and
  // loads into this host.
  std::string LibBcc = LibDir + "/libbcc.so.0";
  if (!BccGiven)
    BccSpec = envOr("BPFD_BCC_VERSION", "");
  if (BccSpec == "list") {
    std::vector<std::string> Lines = listFetchedBcc(CacheDir);
    if (Lines.empty())
      printf("no BCC release fetched into %s/bcc (scripts/fetch-bcc.sh VERSION|SUITE)\n",
             CacheDir.c_str());
    for (const std::string &L : Lines)
      printf("%s\n", L.c_str());
    return 0;
  }
  BccInstall Bcc;
  {
    std::string Error;
    int R = resolveBccInstall(BccSpec, CacheDir, Bcc, Error);
    std::string Fetcher = std::string(BPFD_SOURCE_DIR) + "/scripts/fetch-bcc.sh";
    if (R == -ENOENT && !BccSpec.empty() && BccSpec.find('/') == std::string::npos &&
        isFile(Fetcher)) {
      say("BCC " + BccSpec + " is not fetched yet: fetching it (" + Fetcher + ")");
      std::string Cmd = "'" + Fetcher + "' '" + BccSpec + "' '" + CacheDir + "' >/dev/null";
      if (BccSpec.find('\'') == std::string::npos && system(Cmd.c_str()) == 0)
        R = resolveBccInstall(BccSpec, CacheDir, Bcc, Error);
    }
    if (R < 0) {
      say(Error);
      return 2;
    }
  }
  if (!Exec && isFile(LibBcc)) {
    std::vector<std::string> Missing;
    std::string Error;
    if (!missingFunctions(LibBcc, abiFunctionsOf(Bcc), Missing, Error)) {
      say(Error);
      return 125;
    }
    if (!Missing.empty()) {
      std::string List;
      for (const std::string &M : Missing)
        List += (List.empty() ? "" : ", ") + M;
      say("BCC " + Bcc.Version + " (" + (Bcc.Root == "/" ? std::string("this host's") : Bcc.Root) +
          ") binds " + std::to_string(Missing.size()) + " libbcc function" +
          (Missing.size() == 1 ? "" : "s") + " that " + LibBcc + " lacks: " + List +
          " (a release newer than this build knows)");
      return 2;
    }
  }

  // What runs in the sandbox.
  std::string ExecPath, Name;
  std::vector<std::string> ToolArgv;
  if (Exec) {
    if (Rest.empty()) {
      if (!Shell)
        return usageError("--exec needs a command after --");
      Rest = {"/bin/sh"};
    }
    ExecPath = findInPath(Rest[0]);
    if (ExecPath.empty()) {
      say("no command '" + Rest[0] + "' in PATH");
      return 2;
    }
    ToolArgv = Rest;
    Name = Rest[0];
  } else {
    if (Rest.empty())
      return usageError("no tool given: bpfd-bcc [OPTIONS] TOOL [TOOL ARGS...]");
    ToolCommand Cmd;
    std::string Error;
    if (resolveToolCommand(Rest[0], std::vector<std::string>(Rest.begin() + 1, Rest.end()),
                           Cmd, Error, Bcc.ToolDir) < 0) {
      say(Error);
      return 2;
    }
    ExecPath = Cmd.ExecPath;
    ToolArgv = Cmd.Argv;
    Name = Cmd.Path;
  }

  if (Verbose) {
    say("BCC " + Bcc.Version + (Bcc.Root == "/" ? std::string(" (this host's)") : " from " + Bcc.Root));
    std::string Line;
    for (const std::string &A : ToolArgv)
      Line += (Line.empty() ? "" : " ") + A;
    say("will run " + Line);
  }
  if (geteuid() != 0) {
    say("needs root: the tool runs in a mount namespace of its own with the device's files "
        "mounted (FUSE)");
    return 126;
  }
  int FuseFd = open("/dev/fuse", O_RDWR | O_CLOEXEC);
  if (FuseFd < 0) {
    say(std::string("cannot open /dev/fuse: ") + strerror(errno));
    return 126;
  }

  // The session.
  if (Remote.empty())
    Remote = envOr("BPFD_REMOTE", "qemu:arm64");
  bool Qemu = Remote.rfind("qemu:", 0) == 0;
  bpfd::SessionOptions SO;
  SO.BpfdPath = BpfdPath;
  SO.Workload = bpfd::splitWords(Workload);
  SO.GuestFiles = GuestFiles;
  SO.KeepFiles = Keep;
  SO.Timeout = Timeout > 0 ? Timeout : atof(envOr("BPFD_QEMU_TIMEOUT", "120").c_str());
  if (SO.Timeout <= 0)
    SO.Timeout = 120;
  if (Verbose)
    SO.Progress = say;
  std::string KernelRoot, Headers;
  if (KernelOpt.empty())
    KernelOpt = envOr("BPFD_BCC_KERNEL", "");
  if (!KernelOpt.empty()) {
    if (isDirectory(KernelOpt + "/boot")) {
      KernelRoot = KernelOpt;
      if (Qemu)
        SO.KernelDir = KernelOpt;
    } else {
      Headers = KernelOpt;
    }
  }
  if (Verbose)
    say("opening " + Remote);
  auto S = bpfd::Session::open(Remote, SO);
  if (!S) {
    if (signalsReceived()) {
      say(Remote + ": interrupted before the tool started");
      return 130;
    }
    say(S.error().message());
    return 125;
  }
  bpfd::Session &Session = **S;
  // The device's CLOCK_MONOTONIC when its greeting came (bpfd writes it in
  // the greeting): the tool's own clock is set to it (a time namespace),
  // since BCC compares bpf_ktime_get_ns() stamps with BPF.monotonic_time().
  double GreetingHostSeconds = monotonicNow();
  std::string Arch = Session.greetingField("arch"), Release = Session.greetingField("release");
  say("bpfd ready on " + Remote + " after " + seconds(Session.secondsToGreeting()) +
      " s (arch=" + Arch + ", release=" + Release + ")");

  if (Headers.empty()) {
    // The kernel a qemu guest boots: $BPFD_KERNEL_SUITE's (kernels/ARCH/SUITE,
    // as the harness picks it), else the default suite's.
    if (KernelRoot.empty())
      KernelRoot = CacheDir + "/kernels/" + Arch + "/" +
                   (Qemu && !envOr("BPFD_KERNEL_SUITE", "").empty()
                        ? envOr("BPFD_KERNEL_SUITE", "")
                        : std::string("current"));
    // A qemu guest boots the kernel of KernelRoot; another device's release
    // must match exactly.
    Headers = headersUnder(KernelRoot, Release, Arch, Qemu);
    if (Headers.empty())
      say("no kernel headers for " + Release + " under " + KernelRoot +
          "/usr/src: give them with --kernel DIR");
    else if (Verbose)
      say("the device's kernel headers: " + Headers);
  }

  auto CloseSession = [&](int ExitCode) {
    auto Status = Session.close();
    if (!Status) {
      say("closing the session failed: " + Status.error().message());
      return ExitCode ? ExitCode : 125;
    }
    if (*Status != 0) {
      say("bpfd exited with status " + std::to_string(*Status));
      return ExitCode ? ExitCode : 125;
    }
    return ExitCode;
  };
  if (!isFile(LibBcc)) {
    say("no libbcc.so.0 in " + LibDir + " (build the bcc_remote target, or set BPFD_BCC_LIBDIR)");
    return CloseSession(125);
  }

  // The run folder: the socket and the mount point.
  // The socket's path must fit sun_path (108 bytes): else the run folder is
  // made in /tmp.
  std::string Tmp = envOr("TMPDIR", "/tmp");
  if (Tmp.size() + sizeof("/bpfd-bcc-XXXXXX/bpfd.sock") > 108)
    Tmp = "/tmp";
  std::string RunDir = Tmp + "/bpfd-bcc-XXXXXX";
  if (!mkdtemp(&RunDir[0])) {
    say("cannot create a run folder " + RunDir + ": " + strerror(errno));
    return CloseSession(125);
  }
  std::string MountPoint = RunDir + "/device", SocketPath = RunDir + "/bpfd.sock";
  // This host's /proc, where the sandbox's /proc/self leads (DeviceFs).
  std::string HostProc = RunDir + "/host-proc";
  for (const std::string &Dir : {MountPoint, HostProc})
    if (mkdir(Dir.c_str(), 0700) != 0) {
      say("cannot create " + Dir + ": " + strerror(errno));
      removeTree(RunDir);
      return CloseSession(125);
    }

  SharedSession Shared(Session);
  DeviceFsOptions FsOptions;
  FsOptions.HostProc = HostProc;
  FsOptions.OthersWaiting = [&Shared] { return Shared.othersWaiting(); };
  if (Verbose)
    FsOptions.Log = [](const std::string &M) { say("device files: " + M); };
  DeviceFs Fs(Shared.commandFn(), FuseFd, FsOptions);
  Broker B(Shared, Verbose ? [](const std::string &M) { say("broker: " + M); }
                           : std::function<void(const std::string &)>());
  if (bpfd::Error E = B.listen(SocketPath)) {
    say(E.message());
    removeTree(RunDir);
    return CloseSession(125);
  }

  // `ausyscall --dump` on the tool's PATH prints the device's syscall
  // table (bpf-xcc reads it from the device's kernel headers): BCC's
  // bcc/syscall.py names syscalls with it, and its fallback is x86_64's.
  std::string ToolBin = RunDir + "/bin";
  if (bpfd::Error E = writeAusyscall(ToolBin, Headers)) {
    say(E.message());
    removeTree(RunDir);
    return CloseSession(125);
  }

  // The tool's environment: the launcher's, ours replacing the same names.
  std::vector<std::pair<std::string, std::string>> Ours = {
      {"LD_LIBRARY_PATH", LibDir + (envOr("LD_LIBRARY_PATH", "").empty()
                                        ? ""
                                        : ":" + envOr("LD_LIBRARY_PATH", ""))},
      {"BPFD_BCC_SOCKET", SocketPath},
      {"BPFD_BCC_ARCH", Arch},
      {"BPFD_BCC_RELEASE", Release},
      {"BPFD_BCC_GREETING", Session.greeting()},
      {"BPFD_BCC_KERNEL", Headers},
      {"BPFD_BCC_DEVICE_ROOT", MountPoint},
      {"BPFD_CACHE_DIR", CacheDir},
      {"PYTHONDONTWRITEBYTECODE", "1"},
      {"BPFD_BCC_VERSION", Bcc.Version},
      {"PATH", ToolBin + ":" + envOr("PATH", "/usr/sbin:/usr/bin:/sbin:/bin")},
  };
  if (!Bcc.PythonPath.empty())
    Ours.push_back({"PYTHONPATH", Bcc.PythonPath + (envOr("PYTHONPATH", "").empty()
                                                        ? ""
                                                        : ":" + envOr("PYTHONPATH", ""))});
  SandboxPlan Plan;
  for (char **E = environ; *E; ++E) {
    std::string V = *E;
    std::string Key = V.substr(0, V.find('='));
    bool Replaced = false;
    for (const auto &O : Ours)
      Replaced |= O.first == Key;
    if (!Replaced)
      Plan.Env.push_back(V);
  }
  for (const auto &O : Ours)
    Plan.Env.push_back(O.first + "=" + O.second);
  Plan.MountPoint = MountPoint;
  Plan.HostProc = HostProc;
  Plan.LibBcc = LibBcc;
  {
    unsigned long long DeviceNs = 0;
    std::string Mono = Session.greetingField("mono_ns");
    if (!Mono.empty() && sscanf(Mono.c_str(), "%llu", &DeviceNs) == 1) {
      Plan.ClockOffsetNs = (long long)DeviceNs - (long long)(GreetingHostSeconds * 1e9);
      Plan.SetClock = true;
    }
  }
  Plan.FuseFd = FuseFd;
  Plan.Binds = deviceBinds();
  Plan.ExecPath = ExecPath;
  Plan.Argv = ToolArgv;
  Plan.Verbose = Verbose;
  Plan.StartSeconds = Start;

  // Interrupted since the session opened: the session is being stopped.
  if (bpfd::stopRequested()) {
    say(Remote + ": interrupted before the tool started");
    B.stop();
    removeTree(RunDir);
    return 130;
  }
#ifdef BPFD_BCC_HAVE_FLAMEGRAPH
  FlameGraphOutput Svg;
  if (!SvgPath.empty()) {
    std::string E;
    if (!Svg.open(E)) {
      say(E);
      B.stop();
      removeTree(RunDir);
      return CloseSession(126);
    }
    Plan.StdoutFd = Svg.toolFd();
  }
#endif
  int MountedFd = -1;
  std::string Err;
  pid_t Pid = startSandbox(Plan, MountedFd, Err);
  if (Pid < 0) {
    say(Err);
    B.stop();
    removeTree(RunDir);
    return CloseSession(126);
  }
  char Byte;
  ssize_t N;
  while ((N = read(MountedFd, &Byte, 1)) < 0 && errno == EINTR) {
  }
  close(MountedFd);
  // The sandbox's mount namespace (the child made it before mounting).
  std::string SandboxNs;
  if (N == 1) {
    SandboxNs = mountNamespaceOf(Pid);
    Fs.start();
    B.start();
  }
#ifdef BPFD_BCC_HAVE_FLAMEGRAPH
  if (!SvgPath.empty())
    Svg.start();
#endif
  int WStatus = waitForTool(Pid, Name);
  double ToolSeconds = monotonicNow() - Start;
  // What the tool left running in the sandbox ends with it.
  if (int Left = endNamespace(SandboxNs))
    say("ended " + std::to_string(Left) + " process" + (Left == 1 ? "" : "es") +
        " the tool left running in its sandbox");
  B.stop();
  Fs.stop();

#ifdef BPFD_BCC_HAVE_FLAMEGRAPH
  if (!SvgPath.empty()) {
    Svg.finish();
    std::string Title = Name.substr(Name.rfind('/') + 1), Summary, E;
    if (Svg.write(SvgPath, Title, Summary, E))
      say(Summary);
    else
      say("--svg: " + E + ": no flame graph written");
  }
#endif
  int Code = exitCodeOf(WStatus);
  if (WIFSIGNALED(WStatus))
    say(Name + " was killed by " + signalDescription(WTERMSIG(WStatus)));
  if (Verbose)
    say(Name + " ended with status " + std::to_string(Code) + " after " + seconds(ToolSeconds) +
        " s; " + std::to_string(Shared.commandsSent()) + " device commands, " +
        std::to_string(Fs.requests()) + " file requests, " + std::to_string(B.connections()) +
        " socket connections");
  std::string Failure = Shared.failure();
  if (!Failure.empty()) {
    say("the bpfd session failed while " + Name + " ran: " + Failure);
    Code = 125;
  } else {
    Code = CloseSession(Code);
  }
  if (Keep)
    say("run folder kept: " + RunDir);
  else
    removeTree(RunDir);
  return Code;
}
