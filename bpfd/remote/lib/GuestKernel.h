//===- GuestKernel.h - the unpacked Debian kernel a guest boots -*- C++ -*-===//
//
// A kernel as the fetcher caches it (boot/, lib/modules/RELEASE) or as a
// user unpacked Debian's packages, as they are: modules under usr/lib/modules,
// compressed (.ko.xz, .ko.zst), the image at usr/lib/modules/RELEASE/vmlinuz
// (7.x's linux-binary package), no modules.builtin (whether a driver is built
// in is then read from the kernel's own config: boot/config-RELEASE or the
// headers' .config).
//
//===----------------------------------------------------------------------===//
#ifndef BPFD_REMOTE_GUESTKERNEL_H
#define BPFD_REMOTE_GUESTKERNEL_H

#include "bpfd/Error.h"

#include <string>

namespace bpfd {

/// A module the guest loads: its uncompressed bytes, or built into the kernel.
struct GuestModule {
  bool BuiltIn = false;
  std::string Data; // the .ko, uncompressed (empty when BuiltIn)
};

class GuestKernel {
public:
  /// Finds the kernel under Dir: boot/<ImagePrefix>RELEASE first (the
  /// fetcher's choice, e.g. x86_64's PVH vmlinux), else boot/vmlinuz-RELEASE,
  /// else {usr/,}lib/modules/RELEASE/vmlinu[zx].
  static Expected<GuestKernel> open(const std::string &Dir, const std::string &ImagePrefix);

  const std::string &image() const { return Image; }
  const std::string &release() const { return Release; }

  /// Module Name (e.g. "virtio_mmio"): the kernel's NAME.ko (decompressed on
  /// the host when it is .ko.xz or .ko.zst), or built in as modules.builtin
  /// or, without one, the kernel's config says. An error names what is missing.
  Expected<GuestModule> module(const std::string &Name) const;

private:
  std::string Dir, Image, Release, ModDir;
};

} // namespace bpfd

#endif // BPFD_REMOTE_GUESTKERNEL_H
