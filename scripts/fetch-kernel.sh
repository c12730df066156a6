#!/usr/bin/env bash
# Download Debian's current bookworm kernel for one architecture and unpack it
# (never install it) under the cache folder:
#   $CACHE/kernels/<arch>/<abi>/
#       boot/            vmlinuz (arm64: a plain Image), config, System.map
#       lib/modules/...  the kernel's modules (pruned to the ones guests load)
#       usr/src/linux-headers-<abi>-<flavour>   split headers (+ -common beside it)
#   $CACHE/kernels/<arch>/current -> <abi>        (a link, written last)
# The ABI is resolved through the linux-image-<flavour> metapackage, since
# security uploads move it; BPFD_KERNEL_ABI=6.1.0-54 takes another one the
# archive still serves instead (to run the suite against an older kernel,
# in a cache folder of its own). Prints the unpacked folder on stdout.
#
# Usage: [BPFD_KERNEL_ABI=ABI] scripts/fetch-kernel.sh ARCH [CACHE_DIR]
#   ARCH: arm64, x86_64, arm (armhf, armmp), s390x or ppc64le (docs/architectures.md)
set -euo pipefail

arch=${1:?usage: fetch-kernel.sh arm64|x86_64|arm|s390x|ppc64le [CACHE_DIR]}
cache=${2:-${BPFD_CACHE_DIR:-$(cd "$(dirname "$0")/.." && pwd)/build/cache}}
case "$arch" in
  arm64|aarch64) arch=arm64; debarch=arm64; flavour=arm64 ;;
  x86_64|amd64)  arch=x86_64; debarch=amd64; flavour=amd64 ;;
  arm|armhf)     arch=arm; debarch=armhf; flavour=armmp ;;
  s390x)         arch=s390x; debarch=s390x; flavour=s390x ;;
  ppc64le|ppc64el) arch=ppc64le; debarch=ppc64el; flavour=powerpc64le ;;
  *) echo "fetch-kernel: unknown architecture '$arch' (arm64, x86_64, arm, s390x or ppc64le)" >&2; exit 2 ;;
esac

log() { echo "fetch-kernel[$arch]: $*" >&2; }

# Which ABI does the metapackage point at (or which was asked for)?
meta="linux-image-$flavour:$debarch"
if [ -n "${BPFD_KERNEL_ABI:-}" ]; then
  case "$BPFD_KERNEL_ABI" in
    [0-9]*.[0-9]*.[0-9]*-[0-9]*) ;;
    *) log "BPFD_KERNEL_ABI='$BPFD_KERNEL_ABI' is not a Debian kernel ABI such as 6.1.0-54"; exit 2 ;;
  esac
  image_pkg="linux-image-$BPFD_KERNEL_ABI-$flavour"
  if ! apt-cache show "$image_pkg:$debarch" >/dev/null 2>&1; then
    log "the archive does not serve $image_pkg:$debarch (BPFD_KERNEL_ABI=$BPFD_KERNEL_ABI)"
    exit 1
  fi
else
  image_pkg=$(apt-cache depends "$meta" 2>/dev/null |
              sed -n 's/^ *Depends: \(linux-image-[0-9][^:]*\).*/\1/p' | head -n1)
fi
if [ -z "$image_pkg" ]; then
  log "cannot resolve $meta (run scripts/setup.sh, which adds the $debarch architecture and runs apt-get update)"
  exit 1
fi
abi=${image_pkg#linux-image-}; abi=${abi%-$flavour}        # e.g. 6.1.0-57
dest="$cache/kernels/$arch/$abi"
# The modules kept from the kernel package (the rest is 290 MB we never use);
# .complete records them, so a cache made with fewer is fetched again.
keep='virtio_mmio|virtio_console|virtio_ring|virtio|virtio_pci_modern_dev|virtio_pci_legacy_dev|virtio_pci|virtio_blk'
if [ -f "$dest/.complete" ] && [ "$(cat "$dest/.complete")" = "$keep" ]; then
  [ "$(readlink "$cache/kernels/$arch/current" 2>/dev/null)" = "$abi" ] ||
    ln -sfn "$abi" "$cache/kernels/$arch/current"
  echo "$dest"
  exit 0
fi

version=$(apt-cache show "$image_pkg:$debarch" 2>/dev/null | sed -n 's/^Version: //p' | head -n1)
log "downloading Debian kernel $abi ($version) for $debarch"
work="$cache/kernels/$arch/.download-$abi"
rm -rf "$work" "$dest"
mkdir -p "$work" "$dest"
(
  cd "$work"
  apt-get download -q "$image_pkg:$debarch" \
      "linux-headers-$abi-$flavour:$debarch" "linux-headers-$abi-common" >/dev/null
)
for deb in "$work"/*.deb; do
  log "unpacking $(basename "$deb")"
  dpkg -x "$deb" "$dest"
done

# Keep only the modules a guest loads.
moddir=$(ls -d "$dest"/lib/modules/* | head -n1)
find "$moddir/kernel" -name '*.ko' | while read -r ko; do
  name=$(basename "$ko" .ko)
  [[ "$name" =~ ^($keep)$ ]] || rm -f "$ko"
done
find "$moddir/kernel" -type d -empty -delete

# The x86_64 guest boots fastest from the uncompressed vmlinux (PVH entry):
# recover it from the xz stream inside the bzImage.
if [ "$arch" = x86_64 ]; then
  bz="$dest/boot/vmlinuz-$abi-$flavour"
  off=$(grep -abo $'\xfd7zXZ\x00' "$bz" | head -n1 | cut -d: -f1)
  if [ -z "$off" ]; then log "no xz stream in $bz"; exit 1; fi
  tail -c +$((off + 1)) "$bz" | xz -dc 2>/dev/null > "$dest/boot/vmlinux-$abi-$flavour" || true
  if ! head -c 4 "$dest/boot/vmlinux-$abi-$flavour" | grep -q $'\x7fELF'; then
    log "could not extract vmlinux from $bz"; exit 1
  fi
fi

rm -rf "$work"
printf '%s\n' "$keep" > "$dest/.complete"
ln -sfn "$abi" "$cache/kernels/$arch/current"
log "ready in $dest"
echo "$dest"
