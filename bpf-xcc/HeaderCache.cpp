//===- HeaderCache.cpp - Cached preambles of BCC programs -----------------===//
//
// An entry file:
//   bpf-xcc header cache 1
//   key <hex>
//   preamble <bytes> <ends at start of line: 0|1> <__COUNTER__>
//     or: unusable (no PCH), or: text (a derived result in place of a PCH)
//   dep <size> <mtime in ns> <path>                    one line per file
//   pch <length> <xxh3 of the bytes, hex>
//   <the precompiled header's bytes>
//
//===----------------------------------------------------------------------===//
#include "HeaderCache.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/SHA256.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/xxhash.h"

#include <algorithm>
#include <cstdlib>

using namespace llvm;

namespace bpfxcc {

static const char Magic[] = "bpf-xcc header cache 1\n";
static const char Suffix[] = ".pch";
/// Default size limit of the folder; $BPF_XCC_CACHE_MAX_MB overrides.
static const uint64_t DefaultMaxMB = 1024;

std::string defaultCacheDir() {
  if (const char *D = getenv("BPF_XCC_CACHE_DIR"); D && *D)
    return D;
  SmallString<256> P;
  if (const char *X = getenv("XDG_CACHE_HOME"); X && *X) {
    P = X;
  } else if (const char *H = getenv("HOME"); H && *H) {
    P = H;
    sys::path::append(P, ".cache");
  } else {
    return "";
  }
  sys::path::append(P, "bpf-xcc");
  return std::string(P);
}

std::string HeaderCache::key(ArrayRef<StringRef> Parts) {
  SHA256 H;
  for (StringRef P : Parts) {
    std::string Len = std::to_string(P.size()) + ":";
    H.update(Len);
    H.update(P);
  }
  return toHex(H.final(), /*LowerCase=*/true);
}

static std::string entryPath(StringRef Dir, StringRef Key) {
  SmallString<256> P(Dir);
  sys::path::append(P, Key + Suffix);
  return std::string(P);
}

// "<size> <mtime ns>" of a file now; "" when it cannot be read.
static std::string identity(StringRef Path) {
  sys::fs::file_status St;
  if (sys::fs::status(Path, St) || !sys::fs::is_regular_file(St))
    return "";
  return std::to_string(St.getSize()) + " " +
         std::to_string(St.getLastModificationTime().time_since_epoch().count());
}

static std::string depLines(ArrayRef<std::string> Deps) {
  std::string Text;
  for (const std::string &D : Deps) {
    std::string Id = identity(D);
    if (!Id.empty())
      Text += "dep " + Id + " " + D + "\n";
  }
  return Text;
}

HeaderCache::Lookup HeaderCache::read(StringRef Key, bool WantText,
                                      CachedPreamble &Out, std::string &Why) {
  std::string Path = entryPath(Dir, Key);
  auto Buf = MemoryBuffer::getFile(Path, /*IsText=*/false,
                                   /*RequiresNullTerminator=*/false);
  if (!Buf)
    return Lookup::Miss;
  StringRef Rest = (*Buf)->getBuffer();
  auto Damaged = [&](const char *What) {
    Why = Path + ": " + What;
    return Lookup::Miss;
  };
  auto Line = [&](StringRef &L) {
    size_t NL = Rest.find('\n');
    if (NL == StringRef::npos)
      return false;
    L = Rest.take_front(NL);
    Rest = Rest.drop_front(NL + 1);
    return true;
  };
  StringRef L;
  if (!Rest.consume_front(Magic))
    return Damaged("not a bpf-xcc cache entry");
  if (!Line(L) || L != ("key " + Key).str())
    return Damaged("key differs");
  if (!Line(L))
    return Damaged("truncated");
  bool Unusable = L == "unusable";
  bool Text = L == "text";
  if (Text != WantText)
    return Damaged("another kind of entry");
  if (!Unusable && !Text) {
    SmallVector<StringRef, 4> F;
    L.split(F, ' ');
    unsigned Sol;
    if (F.size() != 4 || F[0] != "preamble" || F[1].getAsInteger(10, Out.Bytes) ||
        F[2].getAsInteger(10, Sol) || Sol > 1 || F[3].getAsInteger(10, Out.Counter))
      return Damaged("bad preamble line");
    Out.EndsAtStartOfLine = Sol;
  }
  while (true) {
    if (!Line(L))
      return Damaged("truncated");
    if (!L.consume_front("dep "))
      break;
    // "<size> <mtime> <path>"
    auto [Size, R1] = L.split(' ');
    auto [MTime, File] = R1.split(' ');
    if (File.empty())
      return Damaged("bad dep line");
    if (identity(File) != (Size + " " + MTime).str()) {
      Why = Path + ": " + File.str() + " changed";
      return Lookup::Miss;
    }
  }
  if (Unusable)
    return L == "pch 0 0" ? Lookup::Unusable : Damaged("bad pch line");
  auto [Tag, R2] = L.split(' ');
  auto [LenText, SumText] = R2.split(' ');
  uint64_t Len, Sum;
  if (Tag != "pch" || LenText.getAsInteger(10, Len) || SumText.getAsInteger(16, Sum))
    return Damaged("bad pch line");
  if (Rest.size() != Len)
    return Damaged("truncated");
  if (xxh3_64bits(arrayRefFromStringRef(Rest)) != Sum)
    return Damaged("checksum differs");
  Out.PCH = Rest;
  Out.Storage = std::move(*Buf);
  // Recently used: the last to be trimmed.
  int FD;
  if (!sys::fs::openFileForRead(Path, FD)) {
    (void)sys::fs::setLastAccessAndModificationTime(
        FD, std::chrono::system_clock::now());
    sys::Process::SafelyCloseFileDescriptor(FD);
  }
  return Lookup::Hit;
}

Error HeaderCache::write(StringRef Key, StringRef Text, StringRef PCH) {
  if (std::error_code EC = sys::fs::create_directories(Dir))
    return createStringError(EC, "cannot create the cache folder %s: %s",
                             Dir.c_str(), EC.message().c_str());
  std::string Final = entryPath(Dir, Key);
  int FD;
  SmallString<256> Tmp;
  if (std::error_code EC =
          sys::fs::createUniqueFile(Final + ".tmp-%%%%%%%%", FD, Tmp))
    return createStringError(EC, "cannot create a file in %s: %s", Dir.c_str(),
                             EC.message().c_str());
  {
    raw_fd_ostream OS(FD, /*shouldClose=*/true);
    OS << Text << PCH;
    OS.close();
    if (OS.has_error()) {
      std::string Msg = OS.error().message();
      OS.clear_error();
      sys::fs::remove(Tmp);
      return createStringError(inconvertibleErrorCode(), "cannot write %s: %s",
                               Tmp.c_str(), Msg.c_str());
    }
  }
  if (std::error_code EC = sys::fs::rename(Tmp, Final)) {
    sys::fs::remove(Tmp);
    return createStringError(EC, "cannot rename %s to %s: %s", Tmp.c_str(),
                             Final.c_str(), EC.message().c_str());
  }
  trim();
  return Error::success();
}

Error HeaderCache::store(StringRef Key, ArrayRef<std::string> Deps,
                         const CachedPreamble &P) {
  StringRef PCH = P.PCH;
  std::string Text = std::string(Magic) + "key " + Key.str() + "\npreamble " +
                     std::to_string(P.Bytes) + " " +
                     (P.EndsAtStartOfLine ? "1" : "0") + " " +
                     std::to_string(P.Counter) + "\n" + depLines(Deps) +
                     "pch " + std::to_string(PCH.size()) + " " +
                     utohexstr(xxh3_64bits(arrayRefFromStringRef(PCH)),
                               /*LowerCase=*/true) +
                     "\n";
  return write(Key, Text, PCH);
}

HeaderCache::Lookup HeaderCache::find(StringRef Key, CachedPreamble &Out,
                                      std::string &Why) {
  return read(Key, /*WantText=*/false, Out, Why);
}

std::optional<std::string> HeaderCache::findText(StringRef Key, std::string *Why) {
  CachedPreamble P;
  std::string Reason;
  if (read(Key, /*WantText=*/true, P, Reason) != Lookup::Hit) {
    if (Why)
      *Why = std::move(Reason);
    return std::nullopt;
  }
  return P.PCH.str();
}

Error HeaderCache::storeText(StringRef Key, ArrayRef<std::string> Deps,
                             StringRef Text) {
  std::string Head = std::string(Magic) + "key " + Key.str() + "\ntext\n" +
                     depLines(Deps) + "pch " + std::to_string(Text.size()) +
                     " " +
                     utohexstr(xxh3_64bits(arrayRefFromStringRef(Text)),
                               /*LowerCase=*/true) +
                     "\n";
  return write(Key, Head, Text);
}

Error HeaderCache::storeUnusable(StringRef Key, ArrayRef<std::string> Deps) {
  std::string Text = std::string(Magic) + "key " + Key.str() + "\nunusable\n" +
                     depLines(Deps) + "pch 0 0\n";
  return write(Key, Text, "");
}

// Removes the least recently used entries while the folder holds more than
// the limit (down to 3/4 of it), and temporary files left by a process that
// died more than an hour ago.
void HeaderCache::trim() {
  uint64_t MaxMB = DefaultMaxMB;
  if (const char *M = getenv("BPF_XCC_CACHE_MAX_MB"))
    if (StringRef(M).getAsInteger(10, MaxMB))
      MaxMB = DefaultMaxMB;
  uint64_t Max = MaxMB << 20, Total = 0;
  struct Entry {
    std::string Path;
    uint64_t Size;
    sys::TimePoint<> Used;
  };
  std::vector<Entry> Entries;
  auto Now = std::chrono::system_clock::now();
  std::error_code EC;
  for (sys::fs::directory_iterator I(Dir, EC), E; I != E && !EC; I.increment(EC)) {
    StringRef Name = sys::path::filename(I->path());
    sys::fs::file_status St;
    if (sys::fs::status(I->path(), St) || !sys::fs::is_regular_file(St))
      continue;
    if (Name.contains(".tmp-")) {
      if (Now - St.getLastModificationTime() > std::chrono::hours(1))
        sys::fs::remove(I->path());
      continue;
    }
    if (!Name.ends_with(Suffix))
      continue;
    Entries.push_back({I->path(), St.getSize(), St.getLastModificationTime()});
    Total += St.getSize();
  }
  if (Total <= Max)
    return;
  std::sort(Entries.begin(), Entries.end(),
            [](const Entry &A, const Entry &B) { return A.Used < B.Used; });
  for (const Entry &En : Entries) {
    if (Total <= Max / 4 * 3)
      break;
    if (!sys::fs::remove(En.Path))
      Total -= En.Size;
  }
}

} // namespace bpfxcc
