//===- DeviceFs.cpp - the device's /proc and /sys as a FUSE file system ----===//

#include "DeviceFs.h"

#include <linux/fuse.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <dirent.h>
#include <fcntl.h>
#include <poll.h>
#include <sys/stat.h>
#include <sys/uio.h>
#include <unistd.h>

namespace bpfdbcc {

using bpfd::FileType;

// Requests are small (no writes are accepted); the kernel wants a buffer of
// at least FUSE_MIN_READ_BUFFER and max_write plus headers.
static const size_t RequestBuffer = 256 * 1024;
static const uint32_t MaxWrite = 128 * 1024;
static const uint32_t MaxRead = 128 * 1024;
static const size_t SkipChunk = 64 * 1024;

struct DeviceFs::Request {
  fuse_in_header H;
  std::string Body;
  std::shared_ptr<Pending> P;
};

struct DeviceFs::Pending {
  std::atomic<bool> Interrupted{false};
  std::mutex M;
  std::condition_variable CV;
};

struct DeviceFs::OpenFile {
  std::mutex M;
  std::string Path;
  uint64_t NodeId = 0;
  long long Handle = -1; // device handle of a file
  uint64_t Pos = 0;
  // bpfd's FILE_READ reads to MAX or the end of the file: a shorter answer
  // from a file that is not a pipe was the end, and a read at Pos can be
  // answered here (one round trip less for every small file).
  bool PipeLike = false;
  bool AtEnd = false;
  bool Dir = false;
  std::vector<std::pair<std::string, bpfd::FileType>> Entries; // a directory's, with . and ..
  // A symbol table: its content kept from an earlier whole read (then no
  // device handle), or, while read in sequence from 0, what was read so far.
  std::shared_ptr<const std::string> Table;
  bool Filling = false;
  std::string Filled;
};

// The session's failures, whatever their errno, are EIO here.
static bpfd::CommandFn sessionAsEio(bpfd::CommandFn Command) {
  return [Command = std::move(Command)](const std::string &Line) -> bpfd::Expected<bpfd::Reply> {
    bpfd::Expected<bpfd::Reply> R = Command(Line);
    if (!R)
      return bpfd::Error::failure(EIO, R.error().message());
    return R;
  };
}

// A failure of FileCommands as -errno: bpfd's own, EIO for a broken session
// or a reply that does not read (EPROTO).
static int fuseError(const bpfd::Error &E) {
  return E.errnoValue() == EPROTO ? -EIO : -E.errnoValue();
}

DeviceFs::DeviceFs(const bpfd::CommandFn &Command, int FuseFd, DeviceFsOptions Options)
    : Files(sessionAsEio(Command)), FuseFd(FuseFd), Options(std::move(Options)) {
  Nodes[FUSE_ROOT_ID] = Node{"/", 1};
  ByPath["/"] = FUSE_ROOT_ID;
  if (pipe2(WakeFds, O_CLOEXEC | O_NONBLOCK) != 0)
    WakeFds[0] = WakeFds[1] = -1;
  int Flags = fcntl(FuseFd, F_GETFL);
  if (Flags >= 0)
    fcntl(FuseFd, F_SETFL, Flags | O_NONBLOCK);
}

DeviceFs::~DeviceFs() { stop(); }

void DeviceFs::start() {
  if (!Reader.joinable() && FuseFd >= 0)
    Reader = std::thread([this] { serve(); });
}

void DeviceFs::stop() {
  if (FuseFd < 0)
    return;
  Stopping = true;
  if (WakeFds[1] >= 0)
    (void)!write(WakeFds[1], "x", 1);
  if (Reader.joinable())
    Reader.join();
  {
    std::lock_guard<std::mutex> L(PendingM);
    for (auto &[Unique, P] : InFlight) {
      (void)Unique;
      P->Interrupted = true;
      P->CV.notify_all();
    }
  }
  {
    std::unique_lock<std::mutex> L(WorkersM);
    WorkCV.notify_all();
    WorkersCV.wait(L, [&] { return Workers == 0; });
  }
  // Handles still open on the device (the tool was killed, or leftovers of
  // its children) go with the session; nothing else to do for them here.
  ::close(FuseFd);
  FuseFd = -1;
  for (int &Fd : WakeFds)
    if (Fd >= 0) {
      ::close(Fd);
      Fd = -1;
    }
}

void DeviceFs::reply(uint64_t Unique, int Error, const void *Data, size_t Size) {
  fuse_out_header Out = {};
  Out.unique = Unique;
  Out.error = Error;
  if (Error)
    Size = 0;
  Out.len = sizeof(Out) + Size;
  struct iovec V[2] = {{&Out, sizeof(Out)}, {const_cast<void *>(Data), Size}};
  // ENOENT: the request was interrupted and is gone; nothing to do.
  while (writev(FuseFd, V, Size ? 2 : 1) < 0 && errno == EINTR) {
  }
}

void DeviceFs::serve() {
  std::vector<char> Buf(RequestBuffer);
  for (;;) {
    if (Stopping)
      return;
    struct pollfd P[2] = {{FuseFd, POLLIN, 0}, {WakeFds[0], POLLIN, 0}};
    if (poll(P, WakeFds[0] >= 0 ? 2 : 1, 1000) < 0 && errno != EINTR)
      return;
    if (Stopping)
      return;
    if (P[0].revents & (POLLERR | POLLHUP | POLLNVAL))
      return; // unmounted or aborted
    if (!(P[0].revents & POLLIN))
      continue;
    ssize_t N = read(FuseFd, Buf.data(), Buf.size());
    if (N < 0) {
      if (errno == EINTR || errno == EAGAIN || errno == ENOENT)
        continue;
      if (errno != ENODEV && Options.Log)
        Options.Log(std::string("reading /dev/fuse failed: ") + strerror(errno));
      return; // ENODEV: unmounted
    }
    if (static_cast<size_t>(N) < sizeof(fuse_in_header))
      continue;
    auto R = std::make_unique<Request>();
    memcpy(&R->H, Buf.data(), sizeof(fuse_in_header));
    size_t Len = std::min<size_t>(R->H.len, static_cast<size_t>(N));
    R->Body.assign(Buf.data() + sizeof(fuse_in_header), Len - sizeof(fuse_in_header));
    ++Requests;
    dispatch(std::move(R));
  }
}

// Requests answered without the device run here, the others on a thread each.
void DeviceFs::dispatch(std::unique_ptr<Request> R) {
  switch (R->H.opcode) {
  case FUSE_LOOKUP:
  case FUSE_GETATTR:
  case FUSE_READLINK:
  case FUSE_OPEN:
  case FUSE_READ:
  case FUSE_OPENDIR:
  case FUSE_RELEASE:
  case FUSE_RELEASEDIR:
  case FUSE_ACCESS:
    break;
  default:
    handle(*R);
    return;
  }
  R->P = std::make_shared<Pending>();
  {
    std::lock_guard<std::mutex> L(PendingM);
    InFlight[R->H.unique] = R->P;
  }
  std::lock_guard<std::mutex> L(WorkersM);
  Queue.push_back(std::move(R));
  if (Idle >= Queue.size()) {
    WorkCV.notify_one();
    return;
  }
  ++Workers;
  std::thread([this] { workerLoop(); }).detach();
}

void DeviceFs::finish(Request &R) {
  std::lock_guard<std::mutex> L(PendingM);
  InFlight.erase(R.H.unique);
}

void DeviceFs::workerLoop() {
  std::unique_lock<std::mutex> L(WorkersM);
  for (;;) {
    if (!Queue.empty()) {
      std::unique_ptr<Request> R = std::move(Queue.front());
      Queue.erase(Queue.begin());
      L.unlock();
      handle(*R);
      finish(*R);
      R.reset();
      L.lock();
      continue;
    }
    if (Stopping || Idle >= IdleWorkers)
      break;
    ++Idle;
    WorkCV.wait(L, [&] { return !Queue.empty() || Stopping; });
    --Idle;
  }
  if (--Workers == 0)
    WorkersCV.notify_all();
}

void DeviceFs::handle(Request &R) {
  switch (R.H.opcode) {
  case FUSE_INIT:
    return doInit(R);
  case FUSE_LOOKUP:
    return doLookup(R);
  case FUSE_GETATTR:
    return doGetattr(R);
  case FUSE_READLINK:
    return doReadlink(R);
  case FUSE_OPEN:
    return doOpen(R, false);
  case FUSE_OPENDIR:
    return doOpen(R, true);
  case FUSE_READ:
    return doRead(R);
  case FUSE_READDIR:
    return doReaddir(R);
  case FUSE_RELEASE:
  case FUSE_RELEASEDIR:
    return doRelease(R);
  case FUSE_STATFS:
    return doStatfs(R);
  case FUSE_ACCESS:
    return doAccess(R);
  case FUSE_INTERRUPT:
    return doInterrupt(R);
  case FUSE_FORGET: {
    if (R.Body.size() >= sizeof(fuse_forget_in)) {
      fuse_forget_in In;
      memcpy(&In, R.Body.data(), sizeof(In));
      forget(R.H.nodeid, In.nlookup);
    }
    return; // no reply
  }
  case FUSE_BATCH_FORGET: {
    if (R.Body.size() < sizeof(fuse_batch_forget_in))
      return;
    fuse_batch_forget_in In;
    memcpy(&In, R.Body.data(), sizeof(In));
    size_t Off = sizeof(In);
    for (uint32_t I = 0; I < In.count && Off + sizeof(fuse_forget_one) <= R.Body.size();
         ++I, Off += sizeof(fuse_forget_one)) {
      fuse_forget_one One;
      memcpy(&One, R.Body.data() + Off, sizeof(One));
      forget(One.nodeid, One.nlookup);
    }
    return;
  }
  case FUSE_DESTROY:
    return reply(R.H.unique, 0);
  default:
    return reply(R.H.unique, -ENOSYS);
  }
}

void DeviceFs::doInit(Request &R) {
  fuse_init_in In = {};
  memcpy(&In, R.Body.data(), std::min(R.Body.size(), sizeof(In)));
  fuse_init_out Out = {};
  Out.major = FUSE_KERNEL_VERSION;
  Out.minor = FUSE_KERNEL_MINOR_VERSION;
  if (In.major < 7 || (In.major == 7 && In.minor < 23)) {
    if (Options.Log)
      Options.Log("the kernel's FUSE protocol " + std::to_string(In.major) + "." +
                  std::to_string(In.minor) + " is too old (7.23 or later needed)");
    return reply(R.H.unique, -EPROTO);
  }
  if (In.major > 7) // the kernel then sends INIT again with our major
    return reply(R.H.unique, 0, &Out, sizeof(Out));
  if (In.minor < Out.minor)
    Out.minor = In.minor;
  Out.max_readahead = In.max_readahead;
  Out.flags = 0; // no writeback cache, no readdirplus, no async reads needed
  Out.max_background = 16;
  Out.congestion_threshold = 12;
  Out.max_write = MaxWrite;
  Out.time_gran = 1000000000; // mtime is in whole seconds
  reply(R.H.unique, 0, &Out, sizeof(Out));
}

// Files that are regular files on the device but block like pipes: their
// short reads are not the end.
static bool pipeLike(const std::string &Path) {
  std::string Name = Path.substr(Path.rfind('/') + 1);
  return Name == "trace_pipe" || Name == "trace_pipe_raw" || Path == "/proc/kmsg";
}

static bool isSymbolTable(const std::string &Path) {
  return Path == "/proc/kallsyms" ||
         Path == "/sys/kernel/tracing/available_filter_functions" ||
         Path == "/sys/kernel/debug/tracing/available_filter_functions";
}

static std::string childPath(const std::string &Parent, const std::string &Name) {
  return Parent == "/" ? "/" + Name : Parent + "/" + Name;
}

bool DeviceFs::pathOf(uint64_t NodeId, std::string &Path) {
  std::lock_guard<std::mutex> L(NodesM);
  auto It = Nodes.find(NodeId);
  if (It == Nodes.end())
    return false;
  Path = It->second.Path;
  return true;
}

uint64_t DeviceFs::remember(const std::string &Path) {
  std::lock_guard<std::mutex> L(NodesM);
  auto It = ByPath.find(Path);
  uint64_t Id;
  if (It != ByPath.end()) {
    Id = It->second;
  } else {
    Id = NextNode++;
    ByPath[Path] = Id;
    Nodes[Id] = Node{Path, 0};
  }
  ++Nodes[Id].Lookups;
  return Id;
}

void DeviceFs::forget(uint64_t NodeId, uint64_t Count) {
  if (NodeId == FUSE_ROOT_ID)
    return;
  std::lock_guard<std::mutex> L(NodesM);
  auto It = Nodes.find(NodeId);
  if (It == Nodes.end())
    return;
  if (It->second.Lookups > Count) {
    It->second.Lookups -= Count;
    return;
  }
  ByPath.erase(It->second.Path);
  Nodes.erase(It);
}

std::shared_ptr<DeviceFs::OpenFile> DeviceFs::file(uint64_t Fh) {
  std::lock_guard<std::mutex> L(FilesM);
  auto It = Open.find(Fh);
  return It == Open.end() ? nullptr : It->second;
}

static uint32_t typeBits(bpfd::FileType T) {
  switch (T) {
  case FileType::Regular:
    return S_IFREG;
  case FileType::Directory:
    return S_IFDIR;
  case FileType::Symlink:
    return S_IFLNK;
  case FileType::CharDevice:
    return S_IFCHR;
  case FileType::BlockDevice:
    return S_IFBLK;
  case FileType::Fifo:
    return S_IFIFO;
  case FileType::Socket:
    return S_IFSOCK;
  }
  return S_IFREG;
}

static uint32_t direntType(bpfd::FileType T) { return typeBits(T) >> 12; }

static void fillAttr(fuse_attr &A, uint64_t Ino, const bpfd::FileStat &S) {
  A = {};
  A.ino = Ino;
  A.size = S.Size;
  A.blocks = (S.Size + 511) / 512;
  A.atime = A.mtime = A.ctime = static_cast<uint64_t>(S.Mtime);
  A.mode = typeBits(S.Type) | S.Mode;
  A.nlink = S.Nlink ? S.Nlink : 1;
  A.blksize = 4096;
}

static void splitSeconds(double Seconds, uint64_t &Sec, uint32_t &Nsec) {
  Sec = static_cast<uint64_t>(Seconds);
  Nsec = static_cast<uint32_t>((Seconds - static_cast<double>(Sec)) * 1e9);
}

// The root is the file system's own: a directory holding proc and sys.
int DeviceFs::statPath(const std::string &Path, bpfd::FileStat &S) {
  bpfd::Expected<bpfd::FileStat> St = Files.stat(Path);
  if (!St)
    return fuseError(St.error());
  S = *St;
  return 0;
}

int DeviceFs::stat(uint64_t NodeId, const std::string &Path, bpfd::FileStat &S) {
  if (NodeId == FUSE_ROOT_ID) {
    S = bpfd::FileStat();
    S.Type = FileType::Directory;
    S.Mode = 0555;
    S.Nlink = 4;
    return 0;
  }
  return statPath(Path, S);
}

void DeviceFs::doLookup(Request &R) {
  std::string Name(R.Body.c_str()); // NUL-terminated
  std::string Parent;
  if (!pathOf(R.H.nodeid, Parent))
    return reply(R.H.unique, -ESTALE);
  if (Name.empty() || Name == "." || Name == ".." ||
      (R.H.nodeid == FUSE_ROOT_ID && Name != "proc" && Name != "sys"))
    return reply(R.H.unique, -ENOENT);
  std::string Path = childPath(Parent, Name);
  bpfd::FileStat S;
  if (int E = statPath(Path, S))
    return reply(R.H.unique, E);
  fuse_entry_out Out = {};
  Out.nodeid = remember(Path);
  splitSeconds(Options.EntrySeconds, Out.entry_valid, Out.entry_valid_nsec);
  splitSeconds(Options.AttrSeconds, Out.attr_valid, Out.attr_valid_nsec);
  fillAttr(Out.attr, Out.nodeid, S);
  reply(R.H.unique, 0, &Out, sizeof(Out));
}

void DeviceFs::doGetattr(Request &R) {
  std::string Path;
  if (!pathOf(R.H.nodeid, Path))
    return reply(R.H.unique, -ESTALE);
  bpfd::FileStat S;
  if (int E = stat(R.H.nodeid, Path, S))
    return reply(R.H.unique, E);
  fuse_attr_out Out = {};
  splitSeconds(Options.AttrSeconds, Out.attr_valid, Out.attr_valid_nsec);
  fillAttr(Out.attr, R.H.nodeid, S);
  reply(R.H.unique, 0, &Out, sizeof(Out));
}

// The thread group of thread Tid (this host's pid namespace), 0 if gone.
static unsigned threadGroupOf(unsigned Tid) {
  char Name[64];
  snprintf(Name, sizeof(Name), "/proc/%u/status", Tid);
  FILE *F = fopen(Name, "re");
  if (!F)
    return 0;
  char Line[256];
  unsigned Tgid = 0;
  while (fgets(Line, sizeof(Line), F))
    if (sscanf(Line, "Tgid: %u", &Tgid) == 1)
      break;
  fclose(F);
  return Tgid;
}

void DeviceFs::doReadlink(Request &R) {
  std::string Path, Target;
  if (!pathOf(R.H.nodeid, Path))
    return reply(R.H.unique, -ESTALE);
  if (!Options.HostProc.empty() && (Path == "/proc/self" || Path == "/proc/thread-self")) {
    unsigned Tid = R.H.pid, Tgid = threadGroupOf(Tid);
    if (!Tgid)
      return reply(R.H.unique, -ENOENT);
    Target = Options.HostProc + "/" + std::to_string(Tgid);
    if (Path == "/proc/thread-self")
      Target += "/task/" + std::to_string(Tid);
    return reply(R.H.unique, 0, Target.data(), Target.size());
  }
  bpfd::Expected<std::string> Link = Files.readLink(Path);
  if (!Link)
    return reply(R.H.unique, fuseError(Link.error()));
  reply(R.H.unique, 0, Link->data(), Link->size());
}

void DeviceFs::doOpen(Request &R, bool Dir) {
  fuse_open_in In = {};
  memcpy(&In, R.Body.data(), std::min(R.Body.size(), sizeof(In)));
  if ((In.flags & O_ACCMODE) != O_RDONLY || (In.flags & O_TRUNC))
    return reply(R.H.unique, -EROFS);
  auto F = std::make_shared<OpenFile>();
  F->Dir = Dir;
  F->NodeId = R.H.nodeid;
  if (!pathOf(R.H.nodeid, F->Path))
    return reply(R.H.unique, -ESTALE);
  if (Dir) {
    F->Entries.emplace_back(".", FileType::Directory);
    F->Entries.emplace_back("..", FileType::Directory);
    if (R.H.nodeid == FUSE_ROOT_ID) {
      F->Entries.emplace_back("proc", FileType::Directory);
      F->Entries.emplace_back("sys", FileType::Directory);
    } else {
      bpfd::Expected<std::vector<bpfd::DirEntry>> Entries = Files.list(F->Path);
      if (!Entries)
        return reply(R.H.unique, fuseError(Entries.error()));
      for (auto &D : *Entries)
        F->Entries.emplace_back(std::move(D.Name), D.Type);
    }
  } else {
    bool Table = Options.CacheSymbolTables && isSymbolTable(F->Path);
    if (Table) {
      std::lock_guard<std::mutex> L(TablesM);
      auto It = Tables.find(F->Path);
      if (It != Tables.end())
        F->Table = It->second;
    }
    if (!F->Table) {
      bpfd::Expected<long long> H = Files.open(F->Path);
      if (!H)
        return reply(R.H.unique, fuseError(H.error()));
      F->Handle = *H;
      F->PipeLike = pipeLike(F->Path);
      F->Filling = Table;
    }
  }
  fuse_open_out Out = {};
  {
    std::lock_guard<std::mutex> L(FilesM);
    Out.fh = NextFh++;
    Open[Out.fh] = F;
  }
  Out.open_flags = Dir ? 0 : FOPEN_DIRECT_IO;
  reply(R.H.unique, 0, &Out, sizeof(Out));
}

// Reads Size bytes at Offset from F's device handle, waiting (session
// released) while a pipe has nothing. Returns the count or -errno.
long long DeviceFs::readAt(OpenFile &F, Pending &P, uint64_t Offset, size_t Size,
                           std::string &Data) {
  if (F.Table) {
    if (Offset < F.Table->size())
      Data = F.Table->substr(Offset, Size);
    return static_cast<long long>(Data.size());
  }
  if (F.AtEnd && Offset >= F.Pos)
    return 0;
  if (Offset != F.Pos)
    F.Filling = false; // kept only when read whole, in sequence
  if (Offset < F.Pos) {
    bpfd::Error Closed = Files.close(F.Handle);
    (void)Closed;
    F.Handle = -1;
    F.AtEnd = false;
    bpfd::Expected<long long> H = Files.open(F.Path);
    if (!H)
      return fuseError(H.error());
    F.Handle = *H;
    F.Pos = 0;
  }
  while (F.Pos < Offset) {
    bpfd::Expected<std::string> Skipped =
        Files.read(F.Handle, F.Path, std::min<uint64_t>(SkipChunk, Offset - F.Pos), 0);
    long long N = Skipped ? static_cast<long long>(Skipped->size()) : fuseError(Skipped.error());
    if (N == -EAGAIN)
      N = 0; // a pipe: there is nothing to skip
    if (N < 0)
      return N;
    if (N == 0) {
      F.AtEnd = !F.PipeLike;
      return 0; // the file ends before Offset
    }
    F.Pos += static_cast<uint64_t>(N);
  }
  for (;;) {
    bool Busy = Options.OthersWaiting && Options.OthersWaiting();
    bpfd::Expected<std::string> Got =
        Files.read(F.Handle, F.Path, Size, Busy ? 0 : Options.PipeWaitMs);
    long long N = Got ? static_cast<long long>(Got->size()) : fuseError(Got.error());
    if (Got)
      Data = std::move(*Got);
    if (N >= 0) {
      F.Pos += static_cast<uint64_t>(N);
      F.AtEnd = !F.PipeLike && static_cast<size_t>(N) < Size;
      if (F.Filling)
        keepTable(F, Data);
      return N;
    }
    if (N != -EAGAIN)
      return N;
    std::unique_lock<std::mutex> L(P.M);
    if (P.Interrupted || Stopping)
      return -EINTR;
    P.CV.wait_for(L, std::chrono::milliseconds(Options.PollGapMs),
                  [&] { return P.Interrupted || Stopping; });
    if (P.Interrupted || Stopping)
      return -EINTR;
  }
}

// Adds a read of a symbol table to what F read of it; at its end the whole
// table is kept for the next opens.
void DeviceFs::keepTable(OpenFile &F, const std::string &Data) {
  F.Filled += Data;
  if (!F.AtEnd)
    return;
  F.Filling = false;
  auto Whole = std::make_shared<const std::string>(std::move(F.Filled));
  F.Filled.clear();
  if (Options.Log)
    Options.Log("device files: " + F.Path + " kept (" + std::to_string(Whole->size()) +
                " bytes) for the next reads");
  std::lock_guard<std::mutex> L(TablesM);
  Tables.emplace(F.Path, std::move(Whole));
}

void DeviceFs::doRead(Request &R) {
  fuse_read_in In = {};
  memcpy(&In, R.Body.data(), std::min(R.Body.size(), sizeof(In)));
  std::shared_ptr<OpenFile> F = file(In.fh);
  if (!F || F->Dir)
    return reply(R.H.unique, -EBADF);
  std::lock_guard<std::mutex> L(F->M);
  std::string Data;
  long long N = readAt(*F, *R.P, In.offset, std::min<uint32_t>(In.size, MaxRead), Data);
  if (N < 0)
    return reply(R.H.unique, static_cast<int>(N));
  reply(R.H.unique, 0, Data.data(), Data.size());
}

void DeviceFs::doReaddir(Request &R) {
  fuse_read_in In = {};
  memcpy(&In, R.Body.data(), std::min(R.Body.size(), sizeof(In)));
  std::shared_ptr<OpenFile> F = file(In.fh);
  if (!F || !F->Dir)
    return reply(R.H.unique, -EBADF);
  std::string Out;
  for (uint64_t I = In.offset; I < F->Entries.size(); ++I) {
    const auto &[Name, Type] = F->Entries[I];
    size_t Len = FUSE_DIRENT_ALIGN(FUSE_NAME_OFFSET + Name.size());
    if (Out.size() + Len > In.size)
      break;
    std::string Rec(Len, '\0');
    fuse_dirent D = {};
    // Inode numbers of entries not looked up yet are only for readdir's
    // d_ino; any non-zero value will do.
    D.ino = I == 0 ? F->NodeId : I + 0x100000000ull;
    D.off = I + 1;
    D.namelen = static_cast<uint32_t>(Name.size());
    D.type = direntType(Type);
    memcpy(&Rec[0], &D, FUSE_NAME_OFFSET);
    memcpy(&Rec[FUSE_NAME_OFFSET], Name.data(), Name.size());
    Out += Rec;
  }
  reply(R.H.unique, 0, Out.data(), Out.size());
}

void DeviceFs::doRelease(Request &R) {
  fuse_release_in In = {};
  memcpy(&In, R.Body.data(), std::min(R.Body.size(), sizeof(In)));
  std::shared_ptr<OpenFile> F;
  {
    std::lock_guard<std::mutex> L(FilesM);
    auto It = Open.find(In.fh);
    if (It != Open.end()) {
      F = It->second;
      Open.erase(It);
    }
  }
  if (F) {
    std::lock_guard<std::mutex> L(F->M);
    if (F->Handle > 0) {
      bpfd::Error Closed = Files.close(F->Handle);
      (void)Closed;
    }
    F->Handle = -1;
  }
  reply(R.H.unique, 0);
}

void DeviceFs::doStatfs(Request &R) {
  fuse_statfs_out Out = {};
  Out.st.bsize = 4096;
  Out.st.frsize = 4096;
  Out.st.namelen = 255;
  reply(R.H.unique, 0, &Out, sizeof(Out));
}

void DeviceFs::doAccess(Request &R) {
  fuse_access_in In = {};
  memcpy(&In, R.Body.data(), std::min(R.Body.size(), sizeof(In)));
  if (In.mask & W_OK)
    return reply(R.H.unique, -EROFS);
  std::string Path;
  if (!pathOf(R.H.nodeid, Path))
    return reply(R.H.unique, -ESTALE);
  bpfd::FileStat S;
  reply(R.H.unique, stat(R.H.nodeid, Path, S));
}

void DeviceFs::doInterrupt(Request &R) {
  fuse_interrupt_in In = {};
  memcpy(&In, R.Body.data(), std::min(R.Body.size(), sizeof(In)));
  std::shared_ptr<Pending> P;
  {
    std::lock_guard<std::mutex> L(PendingM);
    auto It = InFlight.find(In.unique);
    if (It != InFlight.end())
      P = It->second;
  }
  // Not in flight: it was answered already (requests are dispatched in the
  // order they are read). No reply to an INTERRUPT itself.
  if (P) {
    std::lock_guard<std::mutex> L(P->M);
    P->Interrupted = true;
    P->CV.notify_all();
  }
}

} // namespace bpfdbcc
