#!/usr/bin/env bash
# Download Debian's musl-dev for an architecture Debian 12 has no port for
# (riscv64) from Debian 13 (trixie), through scripts/debian_archive.py (the
# archive apt already names, every file checked), and unpack it (never
# install it) under the cache folder:
#   $CACHE/musl/<arch>/<version>/usr/{include,lib}/<triple>/   libc.a, crt*.o, headers
#   $CACHE/musl/<arch>/current -> <version>                    (a link, written last)
# bpfd's static build for that arch links it (bpfd/daemon/CMakeLists.txt).
# Prints the unpacked folder on stdout.
#
# Usage: scripts/fetch-musl.sh ARCH [CACHE_DIR]
#   ARCH: riscv64 (the arches Debian 12 serves install musl-dev:ARCH instead)
set -euo pipefail

arch=${1:?usage: fetch-musl.sh riscv64 [CACHE_DIR]}
here=$(cd "$(dirname "$0")" && pwd)
cache=${2:-${BPFD_CACHE_DIR:-$(cd "$here/.." && pwd)/build/cache}}
case "$arch" in
  riscv64) debarch=riscv64; suite=trixie; triple=riscv64-linux-musl ;;
  *) echo "fetch-musl: no musl to fetch for '$arch' (riscv64; the others come from Debian 12: scripts/setup.sh)" >&2; exit 2 ;;
esac

log() { echo "fetch-musl[$arch]: $*" >&2; }

version=$(BPFD_CACHE_DIR=$cache python3 "$here/debian_archive.py" show "$suite" "$debarch" musl-dev Version) || {
  log "cannot resolve musl-dev in Debian's $suite for $debarch"; exit 1; }
dest="$cache/musl/$arch/$version"
# `current` is a link this script writes; a real folder there (an older
# build made one for its output) would take the link inside it.
if [ -d "$cache/musl/$arch/current" ] && [ ! -L "$cache/musl/$arch/current" ]; then
  rm -rf "$cache/musl/$arch/current"
fi
if [ -f "$dest/.complete" ]; then
  [ "$(readlink "$cache/musl/$arch/current" 2>/dev/null)" = "$version" ] ||
    ln -sfn "$version" "$cache/musl/$arch/current"
  echo "$dest"
  exit 0
fi

log "downloading musl-dev $version ($suite, $debarch)"
work="$cache/musl/$arch/.download-$version"
rm -rf "$work" "$dest"
mkdir -p "$work" "$dest"
BPFD_CACHE_DIR=$cache python3 "$here/debian_archive.py" download "$suite" "$debarch" "$work" musl-dev >/dev/null
for deb in "$work"/*.deb; do
  dpkg -x "$deb" "$dest"
done
for f in "usr/lib/$triple/libc.a" "usr/lib/$triple/crt1.o" "usr/include/$triple/stdio.h"; do
  if [ ! -f "$dest/$f" ]; then log "musl-dev $version has no $f"; exit 1; fi
done
rm -rf "$work"
touch "$dest/.complete"
ln -sfn "$version" "$cache/musl/$arch/current"
log "ready in $dest"
echo "$dest"
