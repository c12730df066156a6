//===- bpfd/Session.h - a bpfd session on some remote -----------*- C++ -*-===//
//
// A Session is one running bpfd reached through a remote:
//   qemu:arm64, qemu:x86_64   a QEMU guest booted for this session
//   process:COMMAND           `sh -c COMMAND`; its stdin/stdout are the session
//   adb[:SERIAL]              bpfd pushed to /data/local/tmp, run as root
//   ssh:[USER@]HOST           bpfd copied to /tmp on HOST, run there
//
// Session::open() returns once bpfd's greeting has arrived. Then either talk
// to it command by command (command(), or sendLine() + readReply()), or join
// it to a pair of file descriptors (relay(), what bpfd-remote does). close()
// ends bpfd's input, waits for it to exit and returns its exit status.
//
//   auto S = bpfd::Session::open("qemu:arm64", Options);
//   if (!S) { report(S.error()); ... }
//   auto R = (*S)->command("BPF_CREATE_MAP 1 count 8 40 10240 0");
//   if (R && R->ok()) ... R->Ret is the map handle ...
//   auto Status = (*S)->close();
//
//===----------------------------------------------------------------------===//
#ifndef BPFD_SESSION_H
#define BPFD_SESSION_H

#include "bpfd/Error.h"
#include "bpfd/Reply.h"

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace bpfd {

class Transport;

/// Asks every session of this process to stop at once: waiting calls fail
/// with EINTR, and the failing session kills its remote (QEMU included).
/// Async-signal-safe: meant for a SIGINT/SIGTERM handler.
void requestStop();
/// True once requestStop() was called.
bool stopRequested();

struct SessionOptions {
  /// The bpfd binary to deploy (qemu, adb, ssh). Default: bpfd-<arch> next
  /// to the running program, else in the build's bin folder.
  std::string BpfdPath;
  /// Extra arguments for bpfd (qemu only).
  std::vector<std::string> BpfdArgs;
  /// qemu: the unpacked Debian kernel (boot/, lib/modules/). Default:
  /// $BPFD_CACHE_DIR/kernels/<arch>/current.
  std::string KernelDir;
  /// qemu: the folder holding the guest programs (<arch>/init,
  /// <arch>/workload). Default: $BPFD_GUEST_DIR, else the build's.
  std::string GuestDir;
  /// qemu: a program run in the background in the guest before bpfd, argv
  /// words (e.g. {"/bin/workload", "-i", "50", "open:/etc/modules"}).
  std::vector<std::string> Workload;
  /// qemu: extra files for the initramfs, {host path, guest path}.
  std::vector<std::pair<std::string, std::string>> GuestFiles;
  /// qemu: extra words for the kernel command line.
  std::string KernelArgs;
  /// qemu: a blank raw disk of this many MiB as a virtio-blk device (/dev/vda
  /// in the guest, virtio_blk loaded); 0: none, unless $BPFD_QEMU_DISK_MIB.
  unsigned DiskMiB = 0;
  /// qemu: the guest's memory in MiB; 0: $BPFD_QEMU_MEM_MIB, else 1024.
  unsigned MemoryMiB = 0;
  /// qemu: the guest's virtual CPUs; 0: $BPFD_QEMU_CPUS, else 1.
  unsigned Cpus = 0;
  /// qemu: -cpu model (default: $BPFD_QEMU_CPU, else cortex-a76 on arm64, max
  /// on x86_64).
  std::string QemuCpu;
  /// Seconds allowed for each step: boot to greeting, each reply, shutdown.
  double Timeout = 120;
  /// Keep the qemu run folder (console log, initramfs) even on success.
  bool KeepFiles = false;
  /// Copy the guest's console to stderr as it arrives.
  bool ShowConsole = false;
  /// Progress lines ("qemu:arm64: greeting after 1.52 s"); null: none.
  std::function<void(const std::string &)> Progress;
};

class Session {
public:
  /// Opens a session for Spec and waits for bpfd's greeting.
  static Expected<std::unique_ptr<Session>> open(const std::string &Spec,
                                                 const SessionOptions &Options);
  ~Session();
  Session(const Session &) = delete;
  Session &operator=(const Session &) = delete;

  /// The remote spec, e.g. "qemu:arm64".
  const std::string &spec() const { return Spec; }
  /// bpfd's greeting line and one of its fields ("" if absent).
  const std::string &greeting() const { return Greeting; }
  std::string greetingField(const std::string &Key) const;
  /// Seconds from open() to the greeting.
  double secondsToGreeting() const { return GreetingSeconds; }

  /// Sends one command line ('\n' is appended).
  Error sendLine(const std::string &Line);
  /// Reads one framed reply (payload lines + status line).
  Expected<Reply> readReply();
  /// Reads one raw line (without its '\n').
  Expected<std::string> readLine();
  /// sendLine() + readReply(). A failed command is a Reply with !ok(), not
  /// an Error; Errors are for a broken session. The reply of a command sent
  /// ahead is read first and kept for takeAhead().
  Expected<Reply> command(const std::string &Line);

  /// Sends \p Line now and keeps its reply for takeAhead(): bpfd works on it
  /// while the caller does something else (bpf-run: prints a poll's events
  /// while bpfd drains the rings again). One at a time; only command() may
  /// be used meanwhile.
  Error sendAhead(const std::string &Line);
  /// The reply of what sendAhead() sent, waiting for it; none if nothing was
  /// sent ahead.
  std::optional<Expected<Reply>> takeAhead();

  /// Joins the session to InFd/OutFd: the greeting and every byte bpfd
  /// writes go to OutFd, every byte read from InFd goes to bpfd. At end of
  /// InFd, bpfd's input is ended (or, with HangUp, the remote is hung up
  /// on), the rest of its output copied, and its exit status returned.
  Expected<int> relay(int InFd, int OutFd, bool HangUp = false);

  /// Ends bpfd's input, waits for it to exit, returns its exit status.
  /// Output still unread is discarded.
  Expected<int> close();

private:
  Session(std::string Spec, std::unique_ptr<Transport> T, const SessionOptions &Options);
  Error fail(Error E);
  Error fillBuffer(double Deadline);
  Expected<int> finish(bool HangUp, int CopyTo);

  std::string Spec;
  std::unique_ptr<Transport> T;
  double Timeout;
  std::function<void(const std::string &)> Progress;
  std::string Greeting;
  double GreetingSeconds = 0;
  std::string InBuf; // bytes read from bpfd, not yet consumed
  bool RemoteEOF = false;
  bool Closed = false;
  bool AheadSent = false;           ///< sendAhead()'s reply is still to be read.
  std::optional<Reply> AheadReply;  ///< Read, not yet taken.
  uint64_t BytesSent = 0;
};

} // namespace bpfd

#endif // BPFD_SESSION_H
