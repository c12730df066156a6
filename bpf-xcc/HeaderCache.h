//===- HeaderCache.h - Cached preambles of BCC programs ---------*- C++ -*-===//
//
// The header cache: a program's preamble (bpf-xcc's prologue, the helpers
// header and the program's leading #include block, i.e. the kernel headers)
// precompiled by clang once and kept in a folder across runs. An entry is
// one file named by the SHA-256 of everything that changes the preamble
// (bpf-xcc's cache format, clang's version, the cc1 command line with its
// -D/-I and kernel flags, the working folder, the in-memory headers and the
// preamble's text); it lists the files the preamble read with their size
// and modification time, checked on every use, and an xxh3 checksum of the
// precompiled header. A missing, stale, truncated or otherwise damaged entry
// is a miss (rebuilt); entries are written under a unique temporary name and
// renamed into place, so concurrent bpf-xcc processes never see half of
// one. The folder is kept under a size limit, the least recently used
// entries removed first. docs/bpf-xcc.md, "Header cache".
//
//===----------------------------------------------------------------------===//
#ifndef BPF_XCC_HEADERCACHE_H
#define BPF_XCC_HEADERCACHE_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/MemoryBuffer.h"

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace bpfxcc {

/// The cache folder: $BPF_XCC_CACHE_DIR, else $XDG_CACHE_HOME/bpf-xcc, else
/// $HOME/.cache/bpf-xcc; "" when none of them is set (no cache).
std::string defaultCacheDir();

/// The kernel-header functions of a preamble that name others in their
/// bodies, each with those names, sorted (PreambleBodies.h).
using HeaderCalls = std::map<std::string, std::vector<std::string>>;

/// A preamble found in or stored into the cache.
struct CachedPreamble {
  /// Holds the precompiled header (the mapped entry or a fresh build).
  std::unique_ptr<llvm::MemoryBuffer> Storage;
  llvm::StringRef PCH;        ///< The precompiled header's bytes.
  unsigned Bytes = 0;         ///< Length of the main file's preamble.
  bool EndsAtStartOfLine = true;
  /// __COUNTER__ after the preamble: clang's reader of a preamble whose
  /// validation is off does not restore it (each pass sets it).
  unsigned Counter = 0;
  // Not stored (the key and the preamble's index say them):
  /// The kernel-header functions whose bodies it compiles.
  std::vector<std::string> Kept;
  /// What its kernel-header functions call (from the index; may be empty).
  HeaderCalls Calls;
};

class HeaderCache {
public:
  /// \p Dir: the cache folder (created on the first store).
  explicit HeaderCache(std::string Dir) : Dir(std::move(Dir)) {}

  /// The key of a preamble: a hex SHA-256 of \p Parts (each length-prefixed).
  static std::string key(llvm::ArrayRef<llvm::StringRef> Parts);

  enum class Lookup {
    Miss,     ///< No usable entry (none, stale or damaged): build one.
    Hit,      ///< \p Out holds the entry.
    Unusable, ///< The preamble is known to give diagnostics: parse in full.
  };
  /// Looks \p Key up; a hit is marked recently used. \p Why says why an
  /// entry present was not used (for -v).
  Lookup find(llvm::StringRef Key, CachedPreamble &Out, std::string &Why);

  /// Stores the preamble \p P, which read the files \p Deps. Then trims the
  /// folder.
  llvm::Error store(llvm::StringRef Key, llvm::ArrayRef<std::string> Deps,
                    const CachedPreamble &P);
  /// A result derived from files (tracepoint records): stored under \p Key
  /// as an entry whose files are checked as a preamble's.
  llvm::Error storeText(llvm::StringRef Key, llvm::ArrayRef<std::string> Deps,
                        llvm::StringRef Text);
  /// \p Key's stored text, if any and its files are unchanged; \p Why, if
  /// given, says why an entry present was not used.
  std::optional<std::string> findText(llvm::StringRef Key, std::string *Why = nullptr);

  /// Remembers that \p Key's preamble gives diagnostics (never precompiled).
  llvm::Error storeUnusable(llvm::StringRef Key, llvm::ArrayRef<std::string> Deps);

  const std::string &dir() const { return Dir; }

private:
  Lookup read(llvm::StringRef Key, bool WantText, CachedPreamble &Out,
              std::string &Why);
  llvm::Error write(llvm::StringRef Key, llvm::StringRef Text,
                    llvm::StringRef PCH);
  void trim();
  std::string Dir;
};

} // namespace bpfxcc

#endif
