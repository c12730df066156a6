//===- Profile.h - What the target kernel says about itself ------*- C++ -*-===//
//
// Facts headers cannot give: tracepoint formats, the running kernel's version
// code, release and arch. Captured on the device (bpfd's profile command) or
// in a QEMU guest of the same kernel; never read from this host.
//
// Accepted forms:
//  - the profile file of bpfd's GET_TARGET_PROFILE (docs/protocol.md:
//    `bpfd-profile version=1`, arch, release, version_code,
//    tracepoint/field records, `end`; its btf_vmlinux and kfunc records
//    are for other readers);
//  - a directory laid out like tracefs: events/CAT/EV/format, optional
//    files release, version_code, arch.
//
//===----------------------------------------------------------------------===//
#ifndef BPF_XCC_PROFILE_H
#define BPF_XCC_PROFILE_H

#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Error.h"

#include <optional>
#include <string>
#include <vector>

namespace bpfxcc {

class Profile {
public:
  static llvm::Expected<Profile> load(llvm::StringRef Path);

  /// The format text of tracepoint CAT/EV, or None.
  std::optional<llvm::StringRef> tracepointFormat(llvm::StringRef Category,
                                                  llvm::StringRef Event) const;
  /// Every tracepoint of the profile, "cat/ev", sorted.
  std::vector<std::string> tracepoints() const;
  std::optional<unsigned> versionCode() const { return VersionCode; }
  llvm::StringRef release() const { return Release; }
  llvm::StringRef arch() const { return Arch; }

private:
  llvm::Error setKey(llvm::StringRef Key, llvm::StringRef Value,
                     llvm::StringRef Where);

  llvm::StringMap<std::string> Formats; ///< "cat/ev" -> format text
  std::optional<unsigned> VersionCode;
  std::string Release, Arch;
};

/// One field of a tracepoint's record, as its format file lists it.
struct TracepointField {
  std::string Type; ///< "char[16]" for arrays, "__data_loc char[]", ...
  std::string Name;
  unsigned Offset = 0, Size = 0;
  bool Signed = false;
  /// "TYPE NAME" as tracefs prints it ("char comm[16]").
  std::string decl() const;
};

/// The fields of a format file's `field:` lines, in order.
std::vector<TracepointField> parseFormat(llvm::StringRef Format);

/// `field:` lines as tracefs prints them (what parseFormat reads).
std::string formatText(llvm::ArrayRef<TracepointField> Fields);

/// The struct BCC generates for a TRACEPOINT_PROBE's args from the event's
/// format: `struct tracepoint__CAT__EV { u64 __do_not_use__; ... };`, with
/// padding so every field sits at the offset the format gives.
llvm::Expected<std::string> tracepointStruct(llvm::StringRef Category,
                                             llvm::StringRef Event,
                                             llvm::StringRef Format);

} // namespace bpfxcc

#endif
