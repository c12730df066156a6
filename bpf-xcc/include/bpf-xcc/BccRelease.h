//===- BccRelease.h - Which BCC release a program is written for -*- C++ -*-===//
//
// BCC's C side (helpers.h, the clang frontend's rewrites, the loader's
// reading of function names) changed between releases. A program is
// compiled as the BCC release it was written for would compile it: the
// release is a CompileOptions field (bpf-xcc --bcc-version X.Y.Z, libbcc's
// $BPFD_BCC_VERSION), and every difference is one feature of the table in
// BccRelease.cpp, keyed by the first release that has it. The helpers header
// sees the table through predefined macros (__BPF_XCC_BCC_VERSION and one
// __BPF_XCC_BCC_<FEATURE> per feature the release has); the rewriter and
// Program.cpp ask BccRelease::has().
//
//===----------------------------------------------------------------------===//
#ifndef BPF_XCC_BCCRELEASE_H
#define BPF_XCC_BCCRELEASE_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace bpfxcc {

/// A difference between BCC releases in what a program compiles to or
/// which programs compile.
enum class BccFeature {
  /// helpers.h: KFUNC_PROBE/KRETFUNC_PROBE name their function
  /// kfunc__vmlinux__EVENT, MODULE_KFUNC_PROBE/MODULE_KRETFUNC_PROBE(MOD,
  /// EVENT) kfunc__MOD__EVENT; the loader reads kfunc__MOD__FN as FN in MOD's
  /// BTF (before: kfunc__FN).
  KfuncModuleNames,
  /// The frontend initialises a kprobe function's extra parameters only
  /// when the body uses them (before: all, each syscall__ one with a read).
  ProbeParamsOnUse,
  /// bpf_workaround.h: arm64 KASAN kernels get KASAN_SHADOW_SCALE_SHIFT.
  ArmKasanShadowShift,
  /// map.ringbuf_query(flags) (given to every release: no older program
  /// can tell).
  RingbufQuery,
  /// BPF_TABLE_SHARED(..., flags) (given to every release).
  SharedTableFlags,
};

/// A BCC release, e.g. 0.37.0. The default is Debian 12's 0.26.0, the
/// release bpf-xcc was written against.
struct BccRelease {
  unsigned Major = 0, Minor = 26, Patch = 0;

  /// "0.37.0", "0.37", "v0.37.0" or a Debian version ("0.31.0+ds-7").
  /// Releases before 0.26.0 are refused (bpf-xcc does not model them).
  static llvm::Expected<BccRelease> parse(llvm::StringRef Text);

  /// MAJOR * 10000 + MINOR * 100 + PATCH: 2600 for 0.26.0 (the value of
  /// __BPF_XCC_BCC_VERSION).
  unsigned code() const { return Major * 10000 + Minor * 100 + Patch; }
  std::string str() const;
  bool has(BccFeature F) const;

  /// -D flags for the passes: __BPF_XCC_BCC_VERSION and the feature macros
  /// of this release.
  std::vector<std::string> macroFlags() const;

  friend bool operator<(const BccRelease &A, const BccRelease &B) {
    return A.code() < B.code();
  }
  friend bool operator==(const BccRelease &A, const BccRelease &B) {
    return A.code() == B.code();
  }
};

} // namespace bpfxcc

#endif
