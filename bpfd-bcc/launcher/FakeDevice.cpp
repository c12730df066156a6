//===- FakeDevice.cpp - bpfd's file commands over a folder of this host ----===//

#include "FakeDevice.h"
#include "bpfd/Blob.h"
#include "bpfd/LineProtocol.h"

#include <cerrno>
#include <cstring>
#include <dirent.h>
#include <fcntl.h>
#include <poll.h>
#include <sys/stat.h>
#include <unistd.h>

namespace bpfdbcc {

FakeDevice::FakeDevice(std::string R) : Root(std::move(R)) {
  while (!Root.empty() && Root.back() == '/')
    Root.pop_back();
}

FakeDevice::~FakeDevice() {
  for (auto &[H, Fd] : Handles) {
    (void)H;
    ::close(Fd);
  }
}

static const char *typeWord(mode_t M) {
  if (S_ISDIR(M))
    return "dir";
  if (S_ISLNK(M))
    return "lnk";
  if (S_ISCHR(M))
    return "chr";
  if (S_ISBLK(M))
    return "blk";
  // A FIFO stands for a file like tracefs's trace_pipe: a regular file that
  // blocks like a pipe. (A FUSE inode of type FIFO would be a pipe of the
  // reader's kernel, never read through the file system.)
  if (S_ISFIFO(M))
    return "reg";
  if (S_ISSOCK(M))
    return "sock";
  return "reg";
}

static bpfd::Reply failure(const std::string &Cmd, int Errno, const std::string &Msg) {
  bpfd::Reply R;
  R.Command = Cmd;
  R.Ret = -Errno;
  const char *Name = strerrorname_np(Errno);
  R.ErrnoName = Name ? Name : "EIO";
  R.Message = Msg;
  R.StatusLine = bpfd::errorStatusLine(Cmd, Errno, R.ErrnoName, Msg, "");
  return R;
}

static bpfd::Reply success(const std::string &Cmd, long long Ret) {
  bpfd::Reply R;
  R.Command = Cmd;
  R.Ret = Ret;
  R.StatusLine = Cmd + ": ret=" + std::to_string(Ret);
  return R;
}

// /proc or /sys, or below them, without "." or ".." parts.
static bool allowedPath(const std::string &P) {
  if (P != "/proc" && P != "/sys" && P.rfind("/proc/", 0) != 0 && P.rfind("/sys/", 0) != 0)
    return false;
  size_t Pos = 1;
  while (Pos <= P.size()) {
    size_t End = P.find('/', Pos);
    if (End == std::string::npos)
      End = P.size();
    std::string Part = P.substr(Pos, End - Pos);
    if (Part.empty() || Part == "." || Part == "..")
      return false;
    Pos = End + 1;
  }
  return true;
}

bpfd::Expected<bpfd::Reply> FakeDevice::command(const std::string &Line) {
  std::lock_guard<std::mutex> L(M);
  ++Commands;
  bpfd::CommandLine C = bpfd::splitCommandLine(Line);
  std::string Cmd = bpfd::statusWord(C.Command);
  const std::vector<std::string> &T = C.Tokens;
  auto Arg = [&](size_t I) { return I < T.size() ? T[I] : std::string(); };
  if (Cmd == "bpf_close") {
    auto It = Handles.find(atoll(Arg(1).c_str()));
    if (It == Handles.end())
      return failure(Cmd, EBADF, "no such handle");
    ::close(It->second);
    Handles.erase(It);
    return success(Cmd, 0);
  }
  if (Cmd == "file_read") {
    auto It = Handles.find(atoll(Arg(1).c_str()));
    if (It == Handles.end())
      return failure(Cmd, EBADF, "no such handle");
    size_t Max = static_cast<size_t>(atoll(Arg(2).c_str()));
    int WaitMs = T.size() > 3 ? atoi(Arg(3).c_str()) : -1;
    if (Max < 1 || Max > 256 * 1024)
      return failure(Cmd, EINVAL, "MAX must be 1 to 262144");
    // As bpfd: read to MAX or the end; a pipe that has nothing is waited
    // for once (WAIT_MS), then EAGAIN.
    std::string Data(Max, '\0');
    size_t Got = 0;
    bool Waited = WaitMs <= 0;
    while (Got < Max) {
      ssize_t N = read(It->second, &Data[Got], Max - Got);
      if (N > 0) {
        Got += static_cast<size_t>(N);
        continue;
      }
      if (N == 0)
        break;
      if (errno == EINTR)
        continue;
      if (Got)
        break;
      if (errno == EAGAIN && !Waited) {
        struct pollfd P = {It->second, POLLIN, 0};
        poll(&P, 1, WaitMs);
        Waited = true;
        continue;
      }
      if (errno == EAGAIN)
        return failure(Cmd, EAGAIN, "nothing to read within WAIT_MS");
      return failure(Cmd, errno, strerror(errno));
    }
    Data.resize(Got);
    long long N = static_cast<long long>(Got);
    bpfd::Reply R = success(Cmd, N);
    R.Payload.push_back(bpfd::encodeBlob(Data));
    return R;
  }
  std::string Path = Arg(1);
  if (Cmd != "file_stat" && Cmd != "file_readlink" && Cmd != "file_list" && Cmd != "file_open")
    return failure(Cmd, EINVAL, "unknown command '" + C.Command + "'");
  if (!allowedPath(Path))
    return failure(Cmd, EACCES, "only /proc and /sys are readable");
  std::string Host = Root + Path;
  if (Cmd == "file_stat") {
    struct stat St;
    if (lstat(Host.c_str(), &St) != 0)
      return failure(Cmd, errno, Path + ": " + strerror(errno));
    char Buf[256];
    snprintf(Buf, sizeof(Buf), "type=%s size=%lld mode=0%o nlink=%lu mtime=%lld",
             typeWord(St.st_mode), static_cast<long long>(St.st_size), St.st_mode & 07777,
             static_cast<unsigned long>(St.st_nlink), static_cast<long long>(St.st_mtime));
    bpfd::Reply R = success(Cmd, 0);
    R.Payload.push_back(Buf);
    return R;
  }
  if (Cmd == "file_readlink") {
    char Buf[4096];
    ssize_t N = readlink(Host.c_str(), Buf, sizeof(Buf));
    if (N < 0)
      return failure(Cmd, errno, Path + ": " + strerror(errno));
    bpfd::Reply R = success(Cmd, 0);
    R.Payload.push_back(bpfd::escapeText(std::string(Buf, static_cast<size_t>(N))));
    return R;
  }
  if (Cmd == "file_list") {
    DIR *D = opendir(Host.c_str());
    if (!D)
      return failure(Cmd, errno, Path + ": " + strerror(errno));
    bpfd::Reply R = success(Cmd, 0);
    while (struct dirent *E = readdir(D)) {
      std::string Name = E->d_name;
      if (Name == "." || Name == "..")
        continue;
      struct stat St;
      const char *Type = "reg";
      if (fstatat(dirfd(D), E->d_name, &St, AT_SYMLINK_NOFOLLOW) == 0)
        Type = typeWord(St.st_mode);
      R.Payload.push_back(std::string(Type) + " " + bpfd::escapeText(Name));
    }
    closedir(D);
    R.Ret = static_cast<long long>(R.Payload.size());
    R.StatusLine = Cmd + ": ret=" + std::to_string(R.Ret);
    return R;
  }
  // file_open
  int Fd = ::open(Host.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (Fd < 0)
    return failure(Cmd, errno, Path + ": " + strerror(errno));
  long long H = NextHandle++;
  Handles[H] = Fd;
  return success(Cmd, H);
}

} // namespace bpfdbcc
