//===- Broker.h - the session shared on a unix socket ----------------------===//
//
// Listens on a unix stream socket ($BPFD_BCC_SOCKET). Each connection
// carries bpfd's line protocol (docs/protocol.md) unchanged, without a
// greeting (the tool has it in $BPFD_BCC_GREETING): the client writes
// command lines, each gets its reply (payload lines "+ ...", then the status
// line). Lines are sent to the session one command at a time across all
// connections and the FUSE server; a client may pipeline lines, their replies
// come in order. Empty and comment-only lines get no reply (as from bpfd).
//
// Refused here, with a status line like bpfd's:
//   EXIT                   exit: ret=-1 errno=EPERM msg="..."  (the launcher
//                          ends the session when the tool exits)
//   any command once the session is broken:
//                          <cmd>: ret=-107 errno=ENOTCONN msg="<the session's failure>"
// A command whose client goes away mid-reply is still read to its end.
//
//===----------------------------------------------------------------------===//
#ifndef BPFD_BCC_BROKER_H
#define BPFD_BCC_BROKER_H

#include "SharedSession.h"

#include <atomic>
#include <functional>
#include <list>
#include <mutex>
#include <string>
#include <thread>

namespace bpfdbcc {

class Broker {
public:
  explicit Broker(SharedSession &S, std::function<void(const std::string &)> Log = nullptr)
      : S(S), Log(std::move(Log)) {}
  ~Broker();

  /// Binds and listens on Path (a new socket file).
  bpfd::Error listen(const std::string &Path);
  /// Accepts connections on a thread of its own, one thread per connection.
  void start();
  /// Closes the socket and every connection (a command in flight is
  /// finished first), waits for the threads, removes the socket file.
  void stop();

  uint64_t connections() const { return Connections; }

private:
  struct Client {
    int Fd;
    std::thread Thread;
    std::atomic<bool> Done{false};
  };
  void acceptLoop();
  void serveClient(Client &C);
  void handleLine(int Fd, const std::string &Line);
  void reapFinished();

  SharedSession &S;
  std::function<void(const std::string &)> Log;
  std::string Path;
  int ListenFd = -1;
  int WakeFds[2] = {-1, -1};
  std::thread Acceptor;
  std::atomic<bool> Stopping{false};
  std::atomic<uint64_t> Connections{0};
  std::mutex ClientsM;
  std::list<Client> Clients;
};

} // namespace bpfdbcc

#endif // BPFD_BCC_BROKER_H
