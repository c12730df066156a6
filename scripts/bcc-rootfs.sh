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
# With --suite SUITE (trixie, forky, sid; default bookworm, the above), the
# same of that Debian suite and its bpfcc-tools, each suite in a folder of
# its own: CACHE/bench/SUITE/bcc-rootfs/, CACHE/bench/SUITE/bcc-rootfs-REL.cpio.
# The tree's BCC release is written beside it (bcc-release: "VERSION
# DEBIAN-VERSION", from the tree's dpkg status), for the host side to check
# that it runs the same (bench/bcc-parity/parity.py).
#
# Prints the archive's path on stdout; progress goes to stderr. The mirror is
# the one this machine's apt takes bookworm main from (apt-get indextargets;
# other suites come from the same archive, never added to apt's sources),
# never a host name written here; BPFD_DEBIAN_MIRROR overrides it.
#
# Usage: scripts/bcc-rootfs.sh [--suite SUITE] CACHE_DIR KERNEL_DIR
#   KERNEL_DIR: the unpacked Debian kernel (scripts/fetch-kernel.sh x86_64)
# Needs root (debootstrap) the first time; ~130 MB of downloads (sid: ~190 MB).
set -euo pipefail
usage="usage: bcc-rootfs.sh [--suite SUITE] CACHE_DIR KERNEL_DIR"
suite=bookworm
if [ "${1:-}" = --suite ]; then
  suite=${2:?$usage}
  shift 2
fi
case "$suite" in
  unstable) suite=sid ;;
  bookworm | trixie | forky | sid) ;;
  *) echo "bcc-rootfs: unknown suite $suite (bookworm, trixie, forky, sid)" >&2; exit 2 ;;
esac
cache=${1:?$usage}
kernel=${2:?$usage}
work=$cache/bench
[ "$suite" = bookworm ] || work=$cache/bench/$suite
say() { echo "bcc-rootfs: $*" >&2; }
die() { say "$*"; exit 1; }

rel=$(basename "$(ls -d "$kernel"/lib/modules/* 2> /dev/null | head -n1)")
[ -n "$rel" ] && [ -d "$kernel/usr/src/linux-headers-$rel" ] || die "no kernel headers under $kernel"

# The Debian mirror apt uses for bookworm main (amd64): every suite's.
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
  say "debootstrapping Debian $suite (minbase + bpfcc-tools) from $url into $rootfs, 3-5 min (log: $work/debootstrap.log)"
  start=$SECONDS
  rm -rf "$rootfs" "$work/bcc-release"
  debootstrap --arch=amd64 --variant=minbase --include=bpfcc-tools,python3,bash "$suite" \
      "$rootfs" "$url" > "$work/debootstrap.log" 2>&1 ||
    die "debootstrap failed; see $work/debootstrap.log"
  touch "$rootfs/.complete"
  say "debootstrap took $((SECONDS - start)) s"
fi
# The tree's BCC release (python3-bpfcc's version): VERSION DEBIAN-VERSION.
if [ ! -f "$work/bcc-release" ] || [ "$rootfs/.complete" -nt "$work/bcc-release" ]; then
  debver=$(awk '/^Package: /{p = $2} p == "python3-bpfcc" && /^Version: /{print $2; exit}' \
      "$rootfs/var/lib/dpkg/status")
  [ -n "$debver" ] || die "$rootfs has no python3-bpfcc (debootstrap log: $work/debootstrap.log)"
  v=${debver#*:}
  echo "${v%%[+~-]*} $debver" > "$work/bcc-release"
fi
say "Debian $suite, BCC $(cat "$work/bcc-release")"

# The root file system and the kernel's headers as one initramfs archive; the
# caller appends its own (the kernel unpacks concatenated archives).
base=$work/bcc-rootfs-$rel.cpio
if [ ! -f "$base" ] || [ "$rootfs/.complete" -nt "$base" ]; then
  say "packing the root file system and the kernel headers into $base (once, ~1 min)"
  start=$SECONDS
  { (cd "$rootfs" && find . ! -name .complete | cpio -o -H newc -R 0:0 --quiet)
    # This release's headers only (a kernel folder may hold others' too).
    heads=usr/src common=usr/src/linux-headers-${rel%-*}-common
    [ -d "$kernel/$common" ] && heads="usr/src/linux-headers-$rel $common"
    (cd "$kernel" && { [ "$heads" = usr/src ] || echo usr/src; find $heads; } |
      cpio -o -H newc -R 0:0 --quiet); } > "$base.tmp"
  mv "$base.tmp" "$base"
  say "packing took $((SECONDS - start)) s"
fi
echo "$base"
