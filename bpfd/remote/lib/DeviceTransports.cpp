//===- DeviceTransports.cpp - bpfd deployed through adb or ssh -------------===//
//
// adb[:SERIAL]: `adb shell uname -m` tells the architecture; bpfd-<arch> is
// pushed to /data/local/tmp/bpfd and run with `adb shell -T` (through `su 0`
// unless adb's shell is already root).
// ssh:[USER@]HOST: `uname -m` likewise; the binary is copied with `cat >` to
// /tmp/bpfd.<pid>.<arch>, run, and removed when it exits.
//
//===----------------------------------------------------------------------===//

#include "Subprocess.h"
#include "Transport.h"

#include <cerrno>
#include <fstream>
#include <sstream>
#include <sys/stat.h>
#include <unistd.h>

#ifndef BPFD_DEFAULT_TOOLS_DIR
#define BPFD_DEFAULT_TOOLS_DIR ""
#endif

namespace bpfd {

Expected<std::unique_ptr<Transport>> makeCommandTransport(const std::vector<std::string> &Argv);

namespace {

std::string trim(std::string S) {
  while (!S.empty() && (S.back() == '\n' || S.back() == '\r' || S.back() == ' '))
    S.pop_back();
  size_t Start = S.find_first_not_of(" \r\n");
  return Start == std::string::npos ? "" : S.substr(Start);
}

Expected<std::string> archOf(const std::string &Machine, const std::string &Where) {
  std::string M = trim(Machine);
  if (M == "aarch64" || M == "arm64" || M == "armv8l")
    return std::string("arm64");
  if (M == "x86_64" || M == "amd64")
    return std::string("x86_64");
  if (M == "armv7l" || M == "armv6l" || M == "arm" || M == "armhf")
    return std::string("arm");
  if (M == "s390x" || M == "ppc64le" || M == "riscv64")
    return M;
  return Error::failure(ENOTSUP, Where + " reports machine '" + M +
                                     "': bpfd is built for arm64, x86_64, arm, s390x, ppc64le and riscv64 only");
}

Expected<std::string> bpfdFor(const std::string &Arch, const SessionOptions &Options) {
  std::string Path = Options.BpfdPath;
  if (Path.empty()) {
    Path = selfDirectory() + "/bpfd-" + Arch;
    struct stat St;
    if (stat(Path.c_str(), &St) != 0 && *BPFD_DEFAULT_TOOLS_DIR)
      Path = std::string(BPFD_DEFAULT_TOOLS_DIR) + "/bpfd-" + Arch;
  }
  struct stat St;
  if (stat(Path.c_str(), &St) != 0 || !S_ISREG(St.st_mode))
    return Error::failure(ENOENT, "no bpfd binary for " + Arch + " at " + Path +
                                      " (build it, or pass --bpfd)");
  return Path;
}

} // namespace

Expected<std::unique_ptr<Transport>> openAdbTransport(const std::string &Serial,
                                                      const SessionOptions &Options) {
  std::vector<std::string> Adb = {"adb"};
  if (!Serial.empty())
    Adb.insert(Adb.end(), {"-s", Serial});
  auto Cmd = [&](std::vector<std::string> Words) {
    std::vector<std::string> Argv = Adb;
    Argv.insert(Argv.end(), Words.begin(), Words.end());
    return Argv;
  };
  auto Say = [&](const std::string &Text) {
    if (Options.Progress)
      Options.Progress("adb: " + Text);
  };
  double T = Options.Timeout;
  auto Machine = runCapture(Cmd({"shell", "uname", "-m"}), "", T);
  if (!Machine)
    return Machine.error();
  auto Arch = archOf(*Machine, "the device");
  if (!Arch)
    return Arch.error();
  auto Bpfd = bpfdFor(*Arch, Options);
  if (!Bpfd)
    return Bpfd.error();
  const std::string Remote = "/data/local/tmp/bpfd";
  Say("device is " + *Arch + ", pushing " + *Bpfd + " to " + Remote);
  if (auto R = runCapture(Cmd({"push", *Bpfd, Remote}), "", T); !R)
    return R.error();
  if (auto R = runCapture(Cmd({"shell", "chmod", "755", Remote}), "", T); !R)
    return R.error();
  auto Uid = runCapture(Cmd({"shell", "id", "-u"}), "", T);
  if (!Uid)
    return Uid.error();
  std::vector<std::string> Run = {"shell", "-T"};
  if (trim(*Uid) != "0")
    Run.insert(Run.end(), {"su", "0"});
  Run.push_back(Remote);
  Say(std::string("running ") + Remote + (trim(*Uid) == "0" ? " (adb shell is root)" : " through su 0"));
  return makeCommandTransport(Cmd(Run));
}

Expected<std::unique_ptr<Transport>> openSshTransport(const std::string &Destination,
                                                      const SessionOptions &Options) {
  if (Destination.empty() || Destination[0] == '-')
    return Error::failure(EINVAL, "ssh: needs a destination (ssh:[USER@]HOST)");
  std::vector<std::string> Ssh = {"ssh", "-T", "-o", "BatchMode=yes", Destination};
  auto Cmd = [&](const std::string &Command) {
    std::vector<std::string> Argv = Ssh;
    Argv.push_back(Command);
    return Argv;
  };
  double T = Options.Timeout;
  auto Machine = runCapture(Cmd("uname -m"), "", T);
  if (!Machine)
    return Machine.error();
  auto Arch = archOf(*Machine, Destination);
  if (!Arch)
    return Arch.error();
  auto Bpfd = bpfdFor(*Arch, Options);
  if (!Bpfd)
    return Bpfd.error();
  std::ifstream In(*Bpfd, std::ios::binary);
  std::ostringstream Binary;
  Binary << In.rdbuf();
  if (!In)
    return Error::failure(EIO, "cannot read " + *Bpfd);
  std::string Remote = "/tmp/bpfd." + std::to_string(getpid()) + "." + *Arch;
  if (Options.Progress)
    Options.Progress("ssh: " + Destination + " is " + *Arch + ", copying " + *Bpfd + " to " +
                     Remote);
  if (auto R = runCapture(Cmd("cat > " + Remote + " && chmod 700 " + Remote), Binary.str(), T);
      !R)
    return R.error();
  return makeCommandTransport(
      Cmd(Remote + "; s=$?; rm -f " + Remote + "; exit $s"));
}

} // namespace bpfd
