//===- FlameGraphOutput.cpp - bpfd-bcc --svg --------------------------------===//

#include "FlameGraphOutput.h"

#include "flamegraph/FlameGraph.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <poll.h>
#include <unistd.h>

namespace bpfdbcc {

bool FlameGraphOutput::open(std::string &Err) {
  if (pipe2(Fds, O_CLOEXEC) != 0) {
    Err = std::string("cannot create a pipe: ") + strerror(errno);
    return false;
  }
  return true;
}

void FlameGraphOutput::start() {
  ::close(Fds[1]);
  Fds[1] = -1;
  Copier = std::thread([this] { copyLoop(); });
}

static void writeAll(int Fd, const char *Data, size_t Size) {
  while (Size) {
    ssize_t N = ::write(Fd, Data, Size);
    if (N < 0 && errno == EINTR)
      continue;
    if (N <= 0)
      return; // our own stdout is gone: keep the text all the same
    Data += N;
    Size -= static_cast<size_t>(N);
  }
}

void FlameGraphOutput::copyLoop() {
  char Buf[65536];
  for (;;) {
    struct pollfd P = {Fds[0], POLLIN, 0};
    int R = poll(&P, 1, Draining ? 1000 : 200);
    if (R < 0 && errno == EINTR)
      continue;
    if (R == 0) {
      if (Draining)
        return;
      continue;
    }
    ssize_t N = read(Fds[0], Buf, sizeof(Buf));
    if (N < 0 && (errno == EINTR || errno == EAGAIN))
      continue;
    if (N <= 0)
      return;
    writeAll(1, Buf, static_cast<size_t>(N));
    Text.append(Buf, static_cast<size_t>(N));
  }
}

void FlameGraphOutput::finish() {
  Draining = true;
  if (Copier.joinable())
    Copier.join();
  if (Fds[0] >= 0)
    ::close(Fds[0]);
  Fds[0] = -1;
}

bool FlameGraphOutput::write(const std::string &Path, const std::string &Title,
                             std::string &Summary, std::string &Err) {
  flamegraph::Profile P;
  if (!flamegraph::parseFolded(Text, P, Err))
    return false;
  flamegraph::RenderOptions O;
  O.Title = Title;
  if (Title.rfind("offcputime", 0) == 0 || Title.rfind("offwaketime", 0) == 0)
    O.CountName = "us";
  std::string Svg = flamegraph::renderSvg(P, O);
  int Fd = ::open(Path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (Fd < 0) {
    Err = "cannot write " + Path + ": " + strerror(errno);
    return false;
  }
  size_t Done = 0;
  while (Done < Svg.size()) {
    ssize_t N = ::write(Fd, Svg.data() + Done, Svg.size() - Done);
    if (N < 0 && errno == EINTR)
      continue;
    if (N <= 0) {
      Err = "cannot write " + Path + ": " + strerror(errno);
      ::close(Fd);
      return false;
    }
    Done += static_cast<size_t>(N);
  }
  ::close(Fd);
  Summary = "flame graph " + Path + ": " + std::to_string(P.totalSamples()) + " " + O.CountName +
            ", " + std::to_string(P.uniqueStacks()) + " unique stacks";
  return true;
}

} // namespace bpfdbcc
