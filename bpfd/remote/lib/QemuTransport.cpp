//===- QemuTransport.cpp - bpfd in a QEMU guest booted for the session -----===//
//
// The device harness: builds an initramfs (guest init, bpfd, the workload
// program, the virtio modules of the cached Debian kernel), boots the kernel
// under TCG with two virtio-serial ports ("bpfd" carries the protocol,
// "bpfd-ctl" carries "eof N" to end bpfd's input) and the console in a log
// file, and follows the console for the guest init's sentinels
// (BPFD-GUEST: READY / EXIT / LEFT / BYE / FATAL) and kernel panics.
// Everything lives in a run folder that is removed on success and kept (its
// path printed) on failure.
//
//===----------------------------------------------------------------------===//

#include "CpioWriter.h"
#include "Fault.h"
#include "GuestKernel.h"
#include "bpfd/HostPaths.h"
#include "Subprocess.h"
#include "Transport.h"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <dirent.h>
#include <fcntl.h>
#include <fstream>
#include <signal.h>
#include <sstream>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>

#ifndef BPFD_DEFAULT_CACHE_DIR
#define BPFD_DEFAULT_CACHE_DIR ""
#endif
#ifndef BPFD_DEFAULT_GUEST_DIR
#define BPFD_DEFAULT_GUEST_DIR ""
#endif
#ifndef BPFD_DEFAULT_TOOLS_DIR
#define BPFD_DEFAULT_TOOLS_DIR ""
#endif

namespace bpfd {
namespace {

struct ArchInfo {
  const char *Name;          // arm64 | x86_64 | arm | s390x | ppc64le | riscv64
  const char *Qemu;          // qemu-system-*
  const char *Machine;       // -M (none: QEMU's default machine)
  const char *KernelArgs;    // kernel command line beyond console= panic=-1 quiet
  const char *ImagePrefix;   // boot/<prefix>*
  const char *DefaultCpu;
  const char *Console;       // console= device
  const char *SerialDevice;  // virtio-serial device on this machine
  std::vector<const char *> Modules; // load order
  const char *BlockDevice;   // virtio-blk device on this machine
};

// arm64: cortex-a76, an ARMv8.2 phone core with hardware access-flag updates
// (FEAT_HAFDBS) as every arm64 phone core since the A55 has. The ARMv8.0
// cortex-a72 has none: after fork the child's page-table entries are "old",
// and a probe's no-fault read of a page the child has not touched since
// faults (execsnoop lost exec'd arguments on one boot in three).
const ArchInfo Arm64 = {"arm64", "qemu-system-aarch64", "virt", "", "vmlinuz-", "cortex-a76",
                        "ttyAMA0", "virtio-serial-device",
                        {"virtio_mmio", "virtio_console"}, "virtio-blk-device"};
// x86_64: no_timer_check, since the IO-APIC timer check panics the TCG
// guest when the host is heavily loaded ("IO-APIC + timer doesn't work").
const ArchInfo X86_64 = {"x86_64", "qemu-system-x86_64", nullptr, " no_timer_check", "vmlinux-",
                         "max", "ttyS0", "virtio-serial-pci",
                         {"virtio_ring", "virtio", "virtio_pci_modern_dev",
                          "virtio_pci_legacy_dev", "virtio_pci", "virtio_console"},
                         "virtio-blk-pci"};
// 32-bit arm: Debian's armmp zImage on the virt board.
const ArchInfo Arm = {"arm", "qemu-system-arm", "virt", "", "vmlinuz-", "cortex-a15", "ttyAMA0",
                      "virtio-serial-device", {"virtio_mmio", "virtio_console"},
                      "virtio-blk-device"};
// s390x (big-endian): virtio over the channel subsystem (virtio_ccw is built
// in), the console on the SCLP line.
const ArchInfo S390x = {"s390x", "qemu-system-s390x", "s390-ccw-virtio", "", "vmlinuz-", "max",
                        "ttysclp0", "virtio-serial-ccw", {"virtio_console"}, "virtio-blk-ccw"};
// ppc64le: the pseries machine with QEMU's Virtual Open Firmware instead of
// SLOF (faster to boot), the console on the hypervisor's vty, virtio on PCI.
const ArchInfo Ppc64le = {"ppc64le", "qemu-system-ppc64", "pseries,x-vof=on", "", "vmlinux-",
                          "power9", "hvc0", "virtio-serial-pci",
                          {"virtio_ring", "virtio", "virtio_pci_modern_dev",
                           "virtio_pci_legacy_dev", "virtio_pci", "virtio_console"},
                          "virtio-blk-pci"};
// riscv64: the virt board with QEMU's OpenSBI (-bios default), Debian's
// riscv64 Image (boot/vmlinux-*, an EFI-stub Image), virtio over MMIO, the
// console on the board's 16550 UART.
const ArchInfo Riscv64 = {"riscv64", "qemu-system-riscv64", "virt", "", "vmlinux-", "rv64",
                          "ttyS0", "virtio-serial-device", {"virtio_mmio", "virtio_console"},
                          "virtio-blk-device"};

std::string envOr(const char *Name, const std::string &Fallback) {
  const char *V = getenv(Name);
  return V && *V ? V : Fallback;
}

// A count (a size in MiB, CPUs): Value if set, else the environment's Name,
// else Fallback.
unsigned mibOr(unsigned Value, const char *Name, unsigned Fallback) {
  if (Value)
    return Value;
  unsigned FromEnv = (unsigned)std::strtoul(envOr(Name, "").c_str(), nullptr, 10);
  return FromEnv ? FromEnv : Fallback;
}

std::string join(const std::vector<std::string> &Words) {
  std::string Out;
  for (const auto &W : Words)
    Out += W + "\n";
  return Out;
}

class QemuTransport : public Transport {
public:
  QemuTransport(const ArchInfo &A, const SessionOptions &O) : Arch(A), Options(O) {}
  ~QemuTransport() override;

  Error start();
  int writeFd() const override { return DataFd; }
  int readFd() const override { return DataFd; }
  Error check() override;
  Error endInput(uint64_t BytesSent) override;
  void hangUp() override;
  void cut() override;
  void killBpfd() override;
  Expected<int> wait(double Timeout) override;
  void kill() override;
  std::string failureNote() override;

private:
  void progress(const std::string &Text) {
    if (Options.Progress)
      Options.Progress("qemu:" + std::string(Arch.Name) + ": " + Text);
  }
  Error buildInitramfs(const GuestKernel &Kernel);
  Error launch(const std::string &Image);
  Error createDisk();
  Expected<int> connectSocket(const std::string &Path, double Deadline);
  void readConsole();
  bool qemuRunning();

  const ArchInfo &Arch;
  SessionOptions Options;
  std::string RunDir;
  std::string ConsoleLog;
  pid_t QemuPid = -1;
  int QemuStatus = -1;
  int DataFd = -1, CtlFd = -1;
  off_t ConsoleOffset = 0;
  std::string ConsolePartial;
  int ByeStatus = -1;
  std::string FatalText;
  bool Panicked = false;
  bool KeepRunDir = false;
  bool HungUp = false;         // hangUp() was called: the host meant it
  bool GuestSawHangUp = false; // the guest's HUNG-UP sentinel
};

QemuTransport::~QemuTransport() {
  kill();
  if (!RunDir.empty() && !KeepRunDir && !Options.KeepFiles) {
    for (const char *F :
         {"initramfs.cpio", "console.log", "qemu.log", "data.sock", "ctl.sock", "disk.img"})
      unlink((RunDir + "/" + F).c_str());
    rmdir(RunDir.c_str());
  }
}

std::string QemuTransport::failureNote() {
  // A session that failed before QEMU ran (no bpfd binary, a guest file that
  // cannot be read) has no log to keep: its run folder goes.
  if (ConsoleLog.empty() || access(ConsoleLog.c_str(), F_OK) != 0)
    return "";
  KeepRunDir = true;
  readConsole();
  std::string Note = " (guest console log kept at " + ConsoleLog;
  std::ifstream Q(RunDir + "/qemu.log");
  std::string Line, Last;
  while (std::getline(Q, Line))
    if (!Line.empty())
      Last = Line;
  if (!Last.empty())
    Note += "; qemu said: " + Last;
  return Note + ")";
}

Error QemuTransport::buildInitramfs(const GuestKernel &Kernel) {
  std::string GuestDir = Options.GuestDir;
  if (GuestDir.empty())
    GuestDir = envOr("BPFD_GUEST_DIR", BPFD_DEFAULT_GUEST_DIR);
  if (GuestDir.empty() || !isDirectory(GuestDir))
    GuestDir = selfDirectory() + "/../share/bpfd/guest";
  std::string Init = GuestDir + "/" + Arch.Name + "/init";
  std::string Workload = GuestDir + "/" + Arch.Name + "/workload";
  if (!isFile(Init))
    return Error::failure(ENOENT, "no guest init at " + Init +
                                      " (build the bpfd-guest target, or set BPFD_GUEST_DIR)");

  std::string Bpfd = Options.BpfdPath;
  if (Bpfd.empty()) {
    std::string Name = std::string("bpfd-") + Arch.Name;
    Bpfd = selfDirectory() + "/" + Name;
    if (!isFile(Bpfd) && *BPFD_DEFAULT_TOOLS_DIR)
      Bpfd = std::string(BPFD_DEFAULT_TOOLS_DIR) + "/" + Name;
  }
  if (!isFile(Bpfd))
    return Error::failure(ENOENT, "no bpfd binary at " + Bpfd + " (build it, or pass --bpfd)");

  CpioWriter Cpio;
  for (const char *D : {"/dev", "/proc", "/sys", "/tmp", "/bin", "/etc", "/root", "/lib/modules"})
    Cpio.addDirectory(D);
  Cpio.addCharDevice("/dev/console", 5, 1);
  Cpio.addCharDevice("/dev/null", 1, 3, 0666);
  if (Error E = Cpio.addHostFile("/init", Init, 0755))
    return E;
  if (Error E = Cpio.addHostFile("/bin/bpfd", Bpfd, 0755))
    return E;
  if (isFile(Workload))
    if (Error E = Cpio.addHostFile("/bin/workload", Workload, 0755))
      return E;

  std::vector<std::string> Load;
  std::vector<const char *> Modules = Arch.Modules;
  if (Options.DiskMiB)
    Modules.push_back("virtio_blk");
  for (const char *M : Modules) {
    auto Module = Kernel.module(M);
    if (!Module)
      return Module.error();
    if (Module->BuiltIn)
      continue;
    Cpio.addFile(std::string("/lib/modules/") + M + ".ko", Module->Data, 0644);
    Load.push_back(M);
  }
  Cpio.addFile("/etc/modules", join(Load));
  if (!Options.Workload.empty())
    Cpio.addFile("/etc/workload", join(Options.Workload));
  if (!Options.BpfdArgs.empty())
    Cpio.addFile("/etc/bpfd-args", join(Options.BpfdArgs));
  for (const auto &F : Options.GuestFiles)
    if (Error E = Cpio.addHostFile(F.second, F.first, 0755))
      return E;

  std::string Data = Cpio.finish();
  std::string Path = RunDir + "/initramfs.cpio";
  std::ofstream Out(Path, std::ios::binary);
  Out.write(Data.data(), Data.size());
  if (!Out)
    return Error::failure(EIO, "cannot write " + Path);
  return Error::success();
}

Error QemuTransport::launch(const std::string &Image) {
  std::string Cpu = Options.QemuCpu.empty() ? envOr("BPFD_QEMU_CPU", Arch.DefaultCpu) : Options.QemuCpu;
  std::vector<std::string> Argv = {Arch.Qemu};
  if (Arch.Machine)
    Argv.insert(Argv.end(), {"-M", Arch.Machine});
  else
    Argv.insert(Argv.end(), {"-accel", "tcg"});
  std::string Extra = Arch.KernelArgs;
  Argv.insert(Argv.end(),
              {"-cpu", Cpu, "-smp", std::to_string(Options.Cpus), "-m",
               std::to_string(Options.MemoryMiB) + "M", "-nodefaults", "-no-user-config", "-net", "none",
               "-display", "none", "-monitor", "none", "-no-reboot", "-kernel", Image,
               "-initrd", RunDir + "/initramfs.cpio", "-append",
               std::string("console=") + Arch.Console + " panic=-1 quiet" + Extra +
                   (Options.KernelArgs.empty() ? "" : " " + Options.KernelArgs), "-serial",
               "file:" + ConsoleLog, "-device", Arch.SerialDevice, "-chardev",
               "socket,id=c0,path=" + RunDir + "/data.sock,server=on,wait=off", "-device",
               "virtserialport,chardev=c0,name=bpfd", "-chardev",
               "socket,id=c1,path=" + RunDir + "/ctl.sock,server=on,wait=off", "-device",
               "virtserialport,chardev=c1,name=bpfd-ctl"});
  if (Options.DiskMiB)
    Argv.insert(Argv.end(), {"-drive", "file=" + RunDir + "/disk.img,format=raw,if=none,id=d0",
                             "-device", std::string(Arch.BlockDevice) + ",drive=d0"});
  int Log = open((RunDir + "/qemu.log").c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  SpawnFds Fds;
  Fds.PipeStdin = Fds.PipeStdout = false;
  Fds.StdoutFd = Log;
  Fds.StderrFd = Log;
  // The fault hook's guest is a device: it outlives this process.
  Fds.DieWithParent = !qemuAsDevice();
  auto C = spawn(Argv, Fds);
  if (Log >= 0)
    ::close(Log);
  if (!C)
    return C.error();
  QemuPid = C->Pid;
  progress("booting " + Image + " (-cpu " + Cpu + "), run folder " + RunDir);
  return Error::success();
}

// A sparse file of DiskMiB MiB: the guest's /dev/vda.
Error QemuTransport::createDisk() {
  std::string Path = RunDir + "/disk.img";
  int Fd = open(Path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (Fd < 0)
    return Error::failure(errno, "cannot create the guest disk " + Path);
  int Err = ftruncate(Fd, (off_t)Options.DiskMiB << 20) == 0 ? 0 : errno;
  ::close(Fd);
  if (Err)
    return Error::failure(Err, "cannot size the guest disk " + Path);
  return Error::success();
}

bool QemuTransport::qemuRunning() {
  if (QemuPid <= 0)
    return false;
  int WStatus;
  if (waitpid(QemuPid, &WStatus, WNOHANG) == QemuPid) {
    QemuStatus = WIFEXITED(WStatus) ? WEXITSTATUS(WStatus) : 128 + WTERMSIG(WStatus);
    QemuPid = -1;
    return false;
  }
  return true;
}

Expected<int> QemuTransport::connectSocket(const std::string &Path, double Deadline) {
  struct sockaddr_un Addr = {};
  Addr.sun_family = AF_UNIX;
  if (Path.size() >= sizeof(Addr.sun_path))
    return Error::failure(ENAMETOOLONG, "socket path too long: " + Path);
  std::strcpy(Addr.sun_path, Path.c_str());
  for (;;) {
    int Fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (Fd < 0)
      return Error::failure(errno, "cannot create a socket: " + std::string(strerror(errno)));
    if (connect(Fd, reinterpret_cast<sockaddr *>(&Addr), sizeof(Addr)) == 0) {
      setNonBlocking(Fd);
      return Fd;
    }
    int E = errno;
    ::close(Fd);
    if (E != ENOENT && E != ECONNREFUSED)
      return Error::failure(E, "cannot connect to " + Path + ": " + strerror(E));
    if (!qemuRunning())
      return Error::failure(ECHILD, "QEMU exited (status " + std::to_string(QemuStatus) +
                                        ") before opening " + Path);
    if (monotonicSeconds() > Deadline)
      return Error::failure(ETIMEDOUT, "QEMU did not open " + Path + " in time");
    usleep(10000);
  }
}

Error QemuTransport::start() {
  // The kernel: --kernel DIR, else the fetched one of $BPFD_KERNEL_SUITE
  // (kernels/ARCH/SUITE, scripts/fetch-kernel.sh --suite), else the
  // default suite's (kernels/ARCH/current).
  std::string KernelDir = Options.KernelDir;
  std::string Fetch = "scripts/fetch-kernel.sh " + std::string(Arch.Name);
  if (KernelDir.empty()) {
    std::string Suite = envOr("BPFD_KERNEL_SUITE", "");
    if (Suite == "unstable")
      Suite = "sid";
    if (Suite == "bookworm")
      Suite = "";
    if (!Suite.empty())
      Fetch = "scripts/fetch-kernel.sh --suite " + Suite + " " + Arch.Name;
    KernelDir = envOr("BPFD_CACHE_DIR", BPFD_DEFAULT_CACHE_DIR) + "/kernels/" + Arch.Name + "/" +
                (Suite.empty() ? "current" : Suite);
  }
  auto Kernel = GuestKernel::open(KernelDir, Arch.ImagePrefix);
  if (!Kernel && Options.KernelDir.empty())
    return Error::failure(Kernel.error().errnoValue(),
                          Kernel.error().message() + " (run " + Fetch +
                              ", or the fetch-kernels target, or pass --kernel)");
  if (!Kernel)
    return Kernel.error();
  std::string Image = Kernel->image();

  // The run folder; unix socket paths must stay under 108 bytes.
  std::string Tmp = envOr("TMPDIR", "/tmp");
  if (Tmp.size() > 60)
    Tmp = "/tmp";
  std::string Template = Tmp + "/bpfd-qemu-XXXXXX";
  std::vector<char> Buf(Template.begin(), Template.end());
  Buf.push_back(0);
  if (!mkdtemp(Buf.data()))
    return Error::failure(errno, "cannot create a run folder in " + Tmp + ": " + strerror(errno));
  RunDir = Buf.data();
  ConsoleLog = RunDir + "/console.log";

  Options.DiskMiB = mibOr(Options.DiskMiB, "BPFD_QEMU_DISK_MIB", 0);
  Options.MemoryMiB = mibOr(Options.MemoryMiB, "BPFD_QEMU_MEM_MIB", 1024);
  Options.Cpus = mibOr(Options.Cpus, "BPFD_QEMU_CPUS", 1);
  if (Options.Cpus > 64)
    return Error::failure(EINVAL, "BPFD_QEMU_CPUS=" + std::to_string(Options.Cpus) +
                                      ": at most 64 virtual CPUs");
  if (Options.DiskMiB)
    if (Error E = createDisk())
      return E;
  if (Error E = buildInitramfs(*Kernel))
    return E;
  if (Error E = launch(Image))
    return E;
  double Deadline = monotonicSeconds() + 30;
  auto Data = connectSocket(RunDir + "/data.sock", Deadline);
  if (!Data)
    return Data.error();
  DataFd = *Data;
  auto Ctl = connectSocket(RunDir + "/ctl.sock", Deadline);
  if (!Ctl)
    return Ctl.error();
  CtlFd = *Ctl;
  return Error::success();
}

void QemuTransport::readConsole() {
  int Fd = open(ConsoleLog.c_str(), O_RDONLY | O_CLOEXEC);
  if (Fd < 0)
    return;
  char Buf[8192];
  ssize_t N;
  while ((N = pread(Fd, Buf, sizeof(Buf), ConsoleOffset)) > 0) {
    ConsoleOffset += N;
    ConsolePartial.append(Buf, N);
  }
  ::close(Fd);
  size_t NL;
  while ((NL = ConsolePartial.find('\n')) != std::string::npos) {
    std::string Line = ConsolePartial.substr(0, NL);
    ConsolePartial.erase(0, NL + 1);
    if (!Line.empty() && Line.back() == '\r')
      Line.pop_back();
    if (Options.ShowConsole)
      fprintf(stderr, "[%s guest] %s\n", Arch.Name, Line.c_str());
    size_t At = Line.find("BPFD-GUEST: ");
    if (At != std::string::npos) {
      std::string What = Line.substr(At + 12);
      int Status;
      if (sscanf(What.c_str(), "BYE status=%d", &Status) == 1)
        ByeStatus = Status;
      else if (What.rfind("FATAL ", 0) == 0)
        FatalText = What.substr(6);
      else if (What == "HUNG-UP")
        GuestSawHangUp = true;
      else if (What.rfind("READY", 0) == 0 || What.rfind("EXIT", 0) == 0 ||
               What.rfind("LEFT", 0) == 0 || What.rfind("CLEAN", 0) == 0)
        progress("guest: " + What);
    }
    if (Line.find("Kernel panic") != std::string::npos)
      Panicked = true;
  }
}

Error QemuTransport::check() {
  readConsole();
  if (!FatalText.empty())
    return Error::failure(EIO, "guest init failed: " + FatalText);
  if (Panicked)
    return Error::failure(EIO, "the guest kernel panicked");
  // QEMU may have written BYE and exited since the console was read.
  if (!qemuRunning())
    readConsole();
  if (QemuPid < 0 && ByeStatus < 0)
    return Error::failure(ECHILD, "QEMU exited (status " + std::to_string(QemuStatus) +
                                      ") without the guest's BYE");
  return Error::success();
}

Error QemuTransport::endInput(uint64_t BytesSent) {
  std::string Line = "eof " + std::to_string(BytesSent) + "\n";
  if (CtlFd < 0 || write(CtlFd, Line.data(), Line.size()) != static_cast<ssize_t>(Line.size()))
    return Error::failure(EIO, "cannot send the end of input on the control port");
  return Error::success();
}

void QemuTransport::hangUp() {
  HungUp = true;
  if (DataFd >= 0)
    ::close(DataFd);
  DataFd = -1;
}

Expected<int> QemuTransport::wait(double Timeout) {
  double Deadline = monotonicSeconds() + Timeout;
  while (qemuRunning()) {
    readConsole();
    if (!FatalText.empty() || Panicked)
      break;
    if (stopRequested())
      return Error::failure(EINTR, "interrupted");
    if (monotonicSeconds() > Deadline)
      return Error::failure(ETIMEDOUT, "the guest did not power off within " +
                                           std::to_string(static_cast<int>(Timeout)) + " s");
    usleep(20000);
  }
  readConsole();
  if (Error E = check())
    return E;
  if (ByeStatus < 0)
    return Error::failure(EIO, "the guest ended without its BYE sentinel");
  // The link broke under the session: bpfd's later output was lost.
  if (GuestSawHangUp && !HungUp)
    return Error::failure(ECONNRESET, "the link to the guest broke in mid-session (bpfd's exit "
                                      "status " + std::to_string(ByeStatus) + ")");
  progress("guest powered off");
  return ByeStatus;
}

// The link dies: QEMU sees both sockets closed, the guest a hang-up.
void QemuTransport::cut() {
  for (int Fd : {DataFd, CtlFd})
    if (Fd >= 0)
      shutdown(Fd, SHUT_RDWR);
}

// The guest init SIGKILLs bpfd when told "kill-bpfd" on the control port.
void QemuTransport::killBpfd() {
  static const char Line[] = "kill-bpfd\n";
  if (CtlFd >= 0 && write(CtlFd, Line, sizeof(Line) - 1) != (ssize_t)sizeof(Line) - 1)
    progress("cannot send kill-bpfd on the control port");
}

void QemuTransport::kill() {
  if (QemuPid > 0 && qemuAsDevice()) {
    // A device lives on: hang up, and let the guest clean up and power off
    // by itself (its console reports what was left), up to 20 s.
    hangUp();
    if (CtlFd >= 0)
      ::close(CtlFd);
    CtlFd = -1;
    double Deadline = monotonicSeconds() + 20;
    while (qemuRunning() && monotonicSeconds() < Deadline)
      usleep(20000);
    readConsole();
  }
  if (QemuPid > 0) {
    killChild(QemuPid);
    QemuPid = -1;
  }
  for (int *Fd : {&DataFd, &CtlFd})
    if (*Fd >= 0) {
      ::close(*Fd);
      *Fd = -1;
    }
}

} // namespace

Expected<std::unique_ptr<Transport>> openQemuTransport(const std::string &ArchName,
                                                       const SessionOptions &Options) {
  const ArchInfo *A = nullptr;
  if (ArchName == "arm64" || ArchName == "aarch64")
    A = &Arm64;
  else if (ArchName == "x86_64" || ArchName == "amd64")
    A = &X86_64;
  else if (ArchName == "arm" || ArchName == "armhf")
    A = &Arm;
  else if (ArchName == "s390x")
    A = &S390x;
  else if (ArchName == "ppc64le" || ArchName == "ppc64el")
    A = &Ppc64le;
  else if (ArchName == "riscv64")
    A = &Riscv64;
  else
    return Error::failure(EINVAL, "unknown guest architecture '" + ArchName +
                                      "' (arm64, x86_64, arm, s390x, ppc64le or riscv64)");
  auto T = std::make_unique<QemuTransport>(*A, Options);
  if (Error E = T->start())
    return Error::failure(E.errnoValue(), E.message() + T->failureNote());
  return std::unique_ptr<Transport>(std::move(T));
}

} // namespace bpfd
