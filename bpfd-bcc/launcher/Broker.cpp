//===- Broker.cpp - the session shared on a unix socket --------------------===//

#include "Broker.h"
#include "bpfd/LineProtocol.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <poll.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

namespace bpfdbcc {

// A line longer than this is not a command bpfd would take (its limit is
// max_line, 1 MiB): the connection is closed.
static const size_t MaxClientLine = 64u << 20;

Broker::~Broker() { stop(); }

bpfd::Error Broker::listen(const std::string &SocketPath) {
  sockaddr_un A = {};
  A.sun_family = AF_UNIX;
  if (SocketPath.size() >= sizeof(A.sun_path))
    return bpfd::Error::failure(ENAMETOOLONG, "the socket path " + SocketPath + " is too long");
  memcpy(A.sun_path, SocketPath.c_str(), SocketPath.size() + 1);
  ListenFd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (ListenFd < 0)
    return bpfd::Error::failure(errno, std::string("cannot create a socket: ") + strerror(errno));
  if (bind(ListenFd, reinterpret_cast<sockaddr *>(&A), sizeof(A)) != 0 ||
      ::listen(ListenFd, 64) != 0) {
    int E = errno;
    ::close(ListenFd);
    ListenFd = -1;
    return bpfd::Error::failure(E, "cannot listen on " + SocketPath + ": " + strerror(E));
  }
  Path = SocketPath;
  if (pipe2(WakeFds, O_CLOEXEC | O_NONBLOCK) != 0)
    return bpfd::Error::failure(errno, std::string("cannot create a pipe: ") + strerror(errno));
  return bpfd::Error::success();
}

void Broker::start() {
  if (ListenFd >= 0 && !Acceptor.joinable())
    Acceptor = std::thread([this] { acceptLoop(); });
}

void Broker::stop() {
  if (ListenFd < 0)
    return;
  Stopping = true;
  (void)!write(WakeFds[1], "x", 1);
  if (Acceptor.joinable())
    Acceptor.join();
  {
    std::lock_guard<std::mutex> L(ClientsM);
    // Wakes a client thread blocked in read(); one in the middle of a
    // command finishes the command first.
    for (Client &C : Clients)
      shutdown(C.Fd, SHUT_RDWR);
  }
  for (Client &C : Clients)
    if (C.Thread.joinable())
      C.Thread.join();
  for (Client &C : Clients)
    ::close(C.Fd);
  Clients.clear();
  ::close(ListenFd);
  ListenFd = -1;
  for (int &Fd : WakeFds) {
    ::close(Fd);
    Fd = -1;
  }
  unlink(Path.c_str());
}

void Broker::reapFinished() {
  std::lock_guard<std::mutex> L(ClientsM);
  for (auto It = Clients.begin(); It != Clients.end();) {
    if (It->Done) {
      It->Thread.join();
      ::close(It->Fd);
      It = Clients.erase(It);
    } else {
      ++It;
    }
  }
}

void Broker::acceptLoop() {
  while (!Stopping) {
    struct pollfd P[2] = {{ListenFd, POLLIN, 0}, {WakeFds[0], POLLIN, 0}};
    if (poll(P, 2, 1000) < 0 && errno != EINTR)
      return;
    reapFinished();
    if (Stopping)
      return;
    if (!(P[0].revents & POLLIN))
      continue;
    int Fd = accept4(ListenFd, nullptr, nullptr, SOCK_CLOEXEC);
    if (Fd < 0)
      continue;
    ++Connections;
    std::lock_guard<std::mutex> L(ClientsM);
    Clients.emplace_back();
    Client &C = Clients.back();
    C.Fd = Fd;
    C.Thread = std::thread([this, &C] {
      serveClient(C);
      C.Done = true;
    });
  }
}

// Writes all of Data, or gives up once the client is gone.
static bool writeClient(int Fd, const std::string &Data) {
  size_t Done = 0;
  while (Done < Data.size()) {
    ssize_t N = send(Fd, Data.data() + Done, Data.size() - Done, MSG_NOSIGNAL);
    if (N < 0 && errno == EINTR)
      continue;
    if (N <= 0)
      return false;
    Done += static_cast<size_t>(N);
  }
  return true;
}

void Broker::handleLine(int Fd, const std::string &Line) {
  bpfd::CommandLine C = bpfd::splitCommandLine(Line);
  if (!C.hasReply())
    return;
  if (C.Tokenized && bpfd::statusWord(C.Command) == "exit" && C.Command.size() == 4) {
    writeClient(Fd, bpfd::errorStatusLine("exit", 1, "EPERM",
                                    "EXIT is refused on the shared session: bpfd-bcc ends it "
                                    "when the tool exits",
                                    C.Tag) +
                        "\n");
    return;
  }
  bool ClientGone = false;
  // Reply lines go out as they arrive; a client that is gone stops getting
  // them, but the reply is still read to its end.
  bpfd::Error E = S.relay(Line, [&](const std::string &ReplyLine) {
    if (!ClientGone && !writeClient(Fd, ReplyLine + "\n"))
      ClientGone = true;
  });
  if (E && !ClientGone)
    writeClient(Fd, bpfd::errorStatusLine(C.Command, ENOTCONN, "ENOTCONN",
                                    "the bpfd session failed: " + E.message(), C.Tag) +
                        "\n");
}

void Broker::serveClient(Client &C) {
  std::string Buf;
  char Chunk[65536];
  for (;;) {
    ssize_t N = read(C.Fd, Chunk, sizeof(Chunk));
    if (N < 0 && errno == EINTR)
      continue;
    if (N <= 0)
      break;
    Buf.append(Chunk, static_cast<size_t>(N));
    size_t Start = 0, NL;
    while ((NL = Buf.find('\n', Start)) != std::string::npos) {
      handleLine(C.Fd, Buf.substr(Start, NL - Start));
      Start = NL + 1;
    }
    Buf.erase(0, Start);
    if (Buf.size() > MaxClientLine) {
      if (Log)
        Log("a client sent a line longer than 64 MiB: connection closed");
      Buf.clear();
      shutdown(C.Fd, SHUT_RDWR);
      return;
    }
  }
  // A last line without its newline is a command too.
  if (!Buf.empty() && !Stopping)
    handleLine(C.Fd, Buf);
}

} // namespace bpfdbcc
