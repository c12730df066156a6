#!/usr/bin/env bash
# The x86_64 device's root file system with Debian's BCC, for guests that run
# BCC itself (bench/bcc-vs-bpfd.sh, bench/bcc-parity.sh, test/bpfd-bcc/parity-*):
#
#   CACHE/bench/bcc-rootfs/            debootstrap --variant=minbase of Debian 12
#                                      with bpfcc-tools, python3, bash (once)
#   CACHE/bench/bcc-rootfs-REL.cpio    that tree and the kernel's headers
#                                      (usr/src/linux-headers-REL{,-common}), as
#                                      one newc archive an initramfs can start
#                                      with (once per root file system and kernel)
#
# Prints the archive's path on stdout; progress goes to stderr. The mirror is
# the one this machine's apt takes bookworm main from (apt-get indextargets),
# never a host name written here; BPFD_DEBIAN_MIRROR overrides it.
#
# Usage: scripts/bcc-rootfs.sh CACHE_DIR KERNEL_DIR
#   KERNEL_DIR: the unpacked Debian kernel (scripts/fetch-kernel.sh x86_64)
# Needs root (debootstrap) the first time; ~130 MB of downloads.
set -euo pipefail
cache=${1:?usage: bcc-rootfs.sh CACHE_DIR KERNEL_DIR}
kernel=${2:?usage: bcc-rootfs.sh CACHE_DIR KERNEL_DIR}
work=$cache/bench
say() { echo "bcc-rootfs: $*" >&2; }
die() { say "$*"; exit 1; }

rel=$(basename "$(ls -d "$kernel"/lib/modules/* 2> /dev/null | head -n1)")
[ -n "$rel" ] && [ -d "$kernel/usr/src/linux-headers-$rel" ] || die "no kernel headers under $kernel"

# The Debian mirror apt uses for bookworm main (amd64).
mirror() {
  if [ -n "${BPFD_DEBIAN_MIRROR:-}" ]; then echo "$BPFD_DEBIAN_MIRROR"; return; fi
  apt-get indextargets --format '$(REPO_URI) $(RELEASE) $(ARCHITECTURE) $(COMPONENT)' \
      'Identifier: Packages' 2> /dev/null |
    awk '$2 == "bookworm" && $3 == "amd64" && $4 == "main" {print $1; exit}'
}

rootfs=$work/bcc-rootfs
mkdir -p "$work"
if [ ! -f "$rootfs/.complete" ]; then
  command -v debootstrap > /dev/null || die "needs debootstrap (scripts/setup.sh installs it)"
  [ "$(id -u)" = 0 ] || die "debootstrap needs root"
  url=$(mirror)
  [ -n "$url" ] || die "apt has no bookworm main (amd64) source to take the packages from (apt-get update?); or set BPFD_DEBIAN_MIRROR"
  say "debootstrapping Debian 12 (minbase + bpfcc-tools) from $url into $rootfs, 3-5 min (log: $work/debootstrap.log)"
  start=$SECONDS
  rm -rf "$rootfs"
  debootstrap --arch=amd64 --variant=minbase --include=bpfcc-tools,python3,bash bookworm \
      "$rootfs" "$url" > "$work/debootstrap.log" 2>&1 ||
    die "debootstrap failed; see $work/debootstrap.log"
  touch "$rootfs/.complete"
  say "debootstrap took $((SECONDS - start)) s"
fi

# The root file system and the kernel's headers as one initramfs archive; the
# caller appends its own (the kernel unpacks concatenated archives).
base=$work/bcc-rootfs-$rel.cpio
if [ ! -f "$base" ] || [ "$rootfs/.complete" -nt "$base" ]; then
  say "packing the root file system and the kernel headers into $base (once, ~1 min)"
  start=$SECONDS
  { (cd "$rootfs" && find . ! -name .complete | cpio -o -H newc -R 0:0 --quiet)
    (cd "$kernel" && find usr/src | cpio -o -H newc -R 0:0 --quiet); } > "$base.tmp"
  mv "$base.tmp" "$base"
  say "packing took $((SECONDS - start)) s"
fi
echo "$base"
