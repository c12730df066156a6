//===- bpfconv/stamp.h - The .bpfd.target section ------------------------===//
//
// bpf-xcc stamps every object with a `.bpfd.target` section of text lines
// `KEY=VALUE`:
//   arch=arm64                the target architecture (bpfd refuses others)
//   kernel=6.1.0-57-arm64     the kernel tree it was compiled against
//   version_code=N            that kernel's LINUX_VERSION_CODE
//   producer=bpf-xcc
//   core=btf                  (bpf-xcc --core) the kernel reads carry CO-RE
//                             relocations, fixed at load by the device's
//                             BTF: kernel= is a reference tree, not the
//                             device's release
//   attach=FUNCTION SECTION   one line per attach point of a program; the
//                             first of a program is also its ELF section,
//                             further ones (opensnoop's return probe at three
//                             syscalls) live here only
// A reader skips what it does not know. NULs and '\r' at a line's end are
// padding.
//
//===----------------------------------------------------------------------===//
#ifndef BPFCONV_STAMP_H
#define BPFCONV_STAMP_H

#include "bpfconv/section.h"

namespace bpfconv {

constexpr const char kStampSection[] = ".bpfd.target";
constexpr const char kStampArch[] = "arch";
constexpr const char kStampKernel[] = "kernel";
constexpr const char kStampVersionCode[] = "version_code";
constexpr const char kStampProducer[] = "producer";
constexpr const char kStampCore[] = "core";
constexpr const char kStampAttach[] = "attach";

struct StampEntry {
  Span key, value;
  // For attach lines: the function and its section (value split at the first
  // blank); empty otherwise.
  Span function, section;
};

/// Reads the lines of a `.bpfd.target` section in order.
class StampReader {
public:
  StampReader(const char *text, size_t size) : p_(text), end_(text + size) {}
  /// The next non-empty line; false at the end.
  bool next(StampEntry *e);

private:
  const char *p_, *end_;
};

/// True if \p s can be written as a stamp value (no newline, no NUL).
bool validStampValue(Span s);

} // namespace bpfconv

#endif
