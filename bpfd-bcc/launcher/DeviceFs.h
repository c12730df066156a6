//===- DeviceFs.h - the device's /proc and /sys as a FUSE file system ------===//
//
// A read-only FUSE file system served on /dev/fuse with the kernel's own
// protocol (linux/fuse.h; no libfuse). Its root holds `proc` and `sys`; every
// request is answered live from the device through bpfd::FileCommands (bpfd's
// FILE_* commands): nothing that can change is cached (attributes and
// entries for AttrSeconds/EntrySeconds at most; every open file is
// FOPEN_DIRECT_IO, as procfs and sysfs report size 0). File contents are
// never cached but for the kernel's symbol tables (isSymbolTable: kallsyms,
// available_filter_functions), which change only when a module loads: BCC's
// get_kprobe_functions() reads both whole at every call (6.4 MB and 1 MB on
// a 6.12 arm64 kernel, seconds each over an emulated guest's link), so the
// first whole read of each is kept for the file system's life
// (DeviceFsOptions::CacheSymbolTables).
//
// Reads: one device handle per open, read in sequence; a read at another
// offset reopens (behind) or skips (ahead). A file that has nothing yet
// (trace_pipe) is polled with FILE_READ's WAIT_MS until it has, the session
// released between polls; an interrupted read (FUSE_INTERRUPT, e.g. Ctrl-C)
// that has nothing answers EINTR.
//
// One thread reads requests; each request that needs the device goes to a
// worker thread: an idle one, else a new one, so a blocked read never holds
// up the rest. Idle workers stay (up to IdleWorkers) for the next requests.
//
//===----------------------------------------------------------------------===//
#ifndef BPFD_BCC_DEVICEFS_H
#define BPFD_BCC_DEVICEFS_H

#include "bpfd/FileCommands.h"

#include <atomic>
#include <condition_variable>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <unordered_map>
#include <vector>

struct fuse_in_header;

namespace bpfdbcc {

struct DeviceFsOptions {
  /// How long the kernel may keep a name and its attributes.
  double EntrySeconds = 1;
  double AttrSeconds = 1;
  /// FILE_READ's WAIT_MS while nobody else waits for the session.
  int PipeWaitMs = 100;
  /// The pause between two polls that found nothing, session released.
  int PollGapMs = 20;
  /// True while another user waits for the session: then polls do not wait
  /// on the device at all. Null: never.
  std::function<bool()> OthersWaiting;
  /// This host's /proc as the sandbox sees it: when set, the device's
  /// /proc/self and /proc/thread-self are links to the asking process's own
  /// folders there (HostProc/TGID, HostProc/TGID/task/TID), so that the tool
  /// sees the device's processes and still its own /proc/self.
  std::string HostProc;
  /// Keep the first whole read of the kernel's symbol tables (above).
  bool CacheSymbolTables = true;
  /// Progress and problems (-v); null: quiet.
  std::function<void(const std::string &)> Log;
};

class DeviceFs {
public:
  /// Command: the session's (every failure of it is EIO to the file
  /// system's users); FuseFd: an open /dev/fuse (owned from now on; closed
  /// by stop()).
  DeviceFs(const bpfd::CommandFn &Command, int FuseFd, DeviceFsOptions Options);
  ~DeviceFs();
  DeviceFs(const DeviceFs &) = delete;
  DeviceFs &operator=(const DeviceFs &) = delete;

  /// Starts serving (call once the file system is mounted).
  void start();
  /// Stops serving, waits for the request threads, closes /dev/fuse.
  void stop();

  /// Requests answered so far.
  uint64_t requests() const { return Requests; }

private:
  struct Node {
    std::string Path;
    uint64_t Lookups = 0;
  };
  struct OpenFile;
  struct Pending;
  struct Request;

  void serve();
  void dispatch(std::unique_ptr<Request> R);
  void workerLoop();
  void finish(Request &R);
  void handle(Request &R);

  void reply(uint64_t Unique, int Error, const void *Data = nullptr, size_t Size = 0);
  bool pathOf(uint64_t NodeId, std::string &Path);
  uint64_t remember(const std::string &Path);
  void forget(uint64_t NodeId, uint64_t Count);
  std::shared_ptr<OpenFile> file(uint64_t Fh);

  void doInit(Request &R);
  void doLookup(Request &R);
  void doGetattr(Request &R);
  void doReadlink(Request &R);
  void doOpen(Request &R, bool Dir);
  void doRead(Request &R);
  void doReaddir(Request &R);
  void doRelease(Request &R);
  void doStatfs(Request &R);
  void doAccess(Request &R);
  void doInterrupt(Request &R);

  int stat(uint64_t NodeId, const std::string &Path, bpfd::FileStat &S);
  int statPath(const std::string &Path, bpfd::FileStat &S);
  long long readAt(OpenFile &F, Pending &P, uint64_t Offset, size_t Size, std::string &Data);
  void keepTable(OpenFile &F, const std::string &Data);

  bpfd::FileCommands Files;
  int FuseFd;
  int WakeFds[2] = {-1, -1};
  DeviceFsOptions Options;
  std::thread Reader;
  std::atomic<bool> Stopping{false};
  std::atomic<uint64_t> Requests{0};

  std::mutex NodesM;
  std::unordered_map<uint64_t, Node> Nodes;
  std::unordered_map<std::string, uint64_t> ByPath;
  uint64_t NextNode = 2;

  std::mutex FilesM;
  std::unordered_map<uint64_t, std::shared_ptr<OpenFile>> Open;
  uint64_t NextFh = 1;

  // The symbol tables read whole so far, by path.
  std::mutex TablesM;
  std::unordered_map<std::string, std::shared_ptr<const std::string>> Tables;

  std::mutex PendingM;
  std::unordered_map<uint64_t, std::shared_ptr<Pending>> InFlight;

  // Worker threads: Queue holds requests no worker took yet.
  std::mutex WorkersM;
  std::condition_variable WorkCV;    // a request queued, or stopping
  std::condition_variable WorkersCV; // a worker ended
  std::vector<std::unique_ptr<Request>> Queue;
  unsigned Workers = 0, Idle = 0;
  static const unsigned IdleWorkers = 8;
};

} // namespace bpfdbcc

#endif // BPFD_BCC_DEVICEFS_H
