#!/usr/bin/env bash
# Download a Debian suite's current kernel for one architecture and unpack it
# (never install it) under the cache folder, in one layout whatever the
# suite's packages look like:
#   $CACHE/kernels/<arch>/<abi>/
#       boot/            vmlinuz (arm64: a plain Image), config, System.map
#                        (x86_64: also vmlinux, for the PVH boot)
#       lib/modules/<release>/...  the modules guests load, uncompressed
#       usr/src/linux-headers-<abi>-<flavour>   split headers (+ -common beside it)
#   $CACHE/kernels/<arch>/current -> <abi>   bookworm's (riscv64: trixie's,
#                                            bookworm has none), written last
#   $CACHE/kernels/<arch>/<suite> -> <abi>   every other suite's (trixie, forky, sid)
# The ABI is resolved at fetch time through the suite's linux-image-<flavour>
# metapackage, since uploads move it; BPFD_KERNEL_ABI=6.1.0-54 takes another
# one the suite still serves instead (to run the suite against an older
# kernel, in a cache folder of its own). Prints the unpacked folder on stdout.
#
# bookworm's packages come through apt (this machine's own suite); the other
# suites' through scripts/debian_archive.py, from the archive apt names,
# without adding them to apt's sources. Their layouts (docs/architectures.md,
# "Kernels"): trixie's linux-image-R keeps its modules in usr/lib/modules,
# compressed (.ko.xz); 7.x's linux-image-R is empty and depends on
# linux-binary-R (the kernel at usr/lib/modules/R/vmlinuz) and
# linux-modules-R, with no modules.builtin and the config only in the
# headers (.config). The ABI a suite served when the measured numbers were
# taken is in test/kernel-abi.lock (ARCH SUITE ABI); a newer one is reported.
#
# Usage: [BPFD_KERNEL_SUITE=SUITE] [BPFD_KERNEL_ABI=ABI] \
#          scripts/fetch-kernel.sh [--suite SUITE] ARCH [CACHE_DIR]
#   ARCH: arm64, x86_64, arm (armhf, armmp), s390x, ppc64le or riscv64
#   SUITE: bookworm (the default), trixie, forky, sid (or unstable, testing)
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
suite=${BPFD_KERNEL_SUITE:-}
while [ $# -gt 0 ]; do
  case "$1" in
    --suite) suite=${2:?fetch-kernel: --suite takes a suite name}; shift 2 ;;
    --suite=*) suite=${1#--suite=}; shift ;;
    *) break ;;
  esac
done
arch=${1:?usage: fetch-kernel.sh [--suite SUITE] arm64|x86_64|arm|s390x|ppc64le|riscv64 [CACHE_DIR]}
cache=${2:-${BPFD_CACHE_DIR:-$root/build/cache}}
first_suite=bookworm   # the oldest suite serving the arch: its link is `current`
image=vmlinuz          # the kernel image's name in boot/
case "$arch" in
  arm64|aarch64) arch=arm64; debarch=arm64; flavour=arm64 ;;
  x86_64|amd64)  arch=x86_64; debarch=amd64; flavour=amd64 ;;
  arm|armhf)     arch=arm; debarch=armhf; flavour=armmp ;;
  s390x)         arch=s390x; debarch=s390x; flavour=s390x ;;
  ppc64le|ppc64el) arch=ppc64le; debarch=ppc64el; flavour=powerpc64le; image=vmlinux ;;
  riscv64)       arch=riscv64; debarch=riscv64; flavour=riscv64; image=vmlinux; first_suite=trixie ;;
  *) echo "fetch-kernel: unknown architecture '$arch' (arm64, x86_64, arm, s390x, ppc64le or riscv64)" >&2; exit 2 ;;
esac
case "${suite:-$first_suite}" in
  unstable) suite=sid ;;
  testing) suite=forky ;;
  stable) suite=trixie ;;
  oldstable) suite=bookworm ;;
  [a-z]*) suite=${suite:-$first_suite} ;;
  *) echo "fetch-kernel: '$suite' is not a Debian suite (bookworm, trixie, forky, sid)" >&2; exit 2 ;;
esac
if [ "$suite" = bookworm ] && [ "$first_suite" != bookworm ]; then
  echo "fetch-kernel: bookworm serves no $debarch kernel (--suite $first_suite)" >&2
  exit 1
fi
link=$suite
[ "$suite" = "$first_suite" ] && link=current

suite_tag=; [ "$suite" = bookworm ] || suite_tag=" $suite"
log() { echo "fetch-kernel[$arch$suite_tag]: $*" >&2; }
archive() { python3 "$root/scripts/debian_archive.py" "$@"; }

# The package a metapackage's (or package's) Depends names first, matching a
# prefix: "linux-image-6.12.117+deb13-arm64 (= 6.12.117-1), ..." -> the name.
first_depend() {  # PREFIX < Depends
  tr ',|' '\n\n' | sed -n "s/^ *\($1[^ (]*\).*/\1/p" | head -n1
}

keep='virtio_mmio|virtio_console|virtio_ring|virtio|virtio_pci_modern_dev|virtio_pci_legacy_dev|virtio_pci|virtio_blk'

# A suite resolved less than six hours ago (debian_archive.py refreshes its
# InRelease as often) is not asked again: reading a suite's Packages index
# costs 10-60 s, at every build of the fetch-kernels target.
resolved="$cache/kernels/$arch/.$suite.resolved"
if [ "$suite" != bookworm ] && [ -z "${BPFD_KERNEL_ABI:-}" ] && [ -f "$resolved" ] &&
   [ -n "$(find "$resolved" -mmin -360 2>/dev/null)" ]; then
  abi=$(readlink "$cache/kernels/$arch/$suite" 2>/dev/null || true)
  if [ -n "$abi" ] && [ "$(cat "$cache/kernels/$arch/$abi/.complete" 2>/dev/null)" = "$keep" ]; then
    echo "$cache/kernels/$arch/$abi"
    exit 0
  fi
fi

# linux-image-6.12.117+deb13-arm64 -> 6.12.117+deb13
abi_of() { local a=${1#linux-image-}; echo "${a%-$flavour}"; }

# Which ABI does the metapackage point at (or which was asked for)?
meta="linux-image-$flavour"
if [ -n "${BPFD_KERNEL_ABI:-}" ]; then
  case "$BPFD_KERNEL_ABI" in
    [0-9]*.[0-9]*.[0-9]*-[0-9]*|[0-9]*.[0-9]*.[0-9]*+deb[0-9]*) ;;
    *) log "BPFD_KERNEL_ABI='$BPFD_KERNEL_ABI' is not a Debian kernel ABI such as 6.1.0-54 or 6.12.117+deb13"; exit 2 ;;
  esac
  image_pkg="linux-image-$BPFD_KERNEL_ABI-$flavour"
  if [ "$suite" = bookworm ]; then
    served=$(apt-cache show "$image_pkg:$debarch" 2>/dev/null | head -n1)
  else
    served=$(archive show "$suite" "$debarch" "$image_pkg" Package 2>/dev/null || true)
  fi
  if [ -z "$served" ]; then
    log "the archive does not serve $image_pkg:$debarch (BPFD_KERNEL_ABI=$BPFD_KERNEL_ABI)"
    exit 1
  fi
elif [ "$suite" = bookworm ]; then
  image_pkg=$(apt-cache depends "$meta:$debarch" 2>/dev/null |
              sed -n 's/^ *Depends: \(linux-image-[0-9][^:]*\).*/\1/p' | head -n1)
  if [ -z "$image_pkg" ]; then
    log "cannot resolve $meta:$debarch (run scripts/setup.sh, which adds the $debarch architecture and runs apt-get update)"
    exit 1
  fi
else
  depends=$(archive show "$suite" "$debarch" "$meta" Depends) || {
    log "cannot resolve $meta in $suite for $debarch (the message above says why)"; exit 1; }
  image_pkg=$(first_depend 'linux-image-[0-9]' <<<"$depends")
  if [ -z "$image_pkg" ]; then
    log "$meta in $suite names no linux-image-ABI-$flavour package (Depends: $depends)"
    exit 1
  fi
  # A mirror may list an upload before it holds its files (trixie's s390x and
  # ppc64el kernels, Dec 2026): then the newest ABI the suite lists whose
  # image and headers it serves, said in one line.
  served_whole() {  # IMAGE_PKG: its image, headers and common headers are served
    local a; a=$(abi_of "$1")
    archive served "$suite" "$debarch" "$1" "linux-headers-$a-$flavour" "linux-headers-$a-common" 2>/dev/null
  }
  if ! served_whole "$image_pkg"; then
    listed=$image_pkg; image_pkg=
    for cand in $(archive list "$suite" "$debarch" "linux-image-[0-9][0-9.]*([+]deb[0-9]+|-[0-9]+)-$flavour" |
                  sort -k2,2 -V -r | cut -d' ' -f1); do
      [ "$cand" = "$listed" ] && continue
      if served_whole "$cand"; then image_pkg=$cand; break; fi
    done
    if [ -z "$image_pkg" ]; then
      log "$suite lists $listed for $debarch, but the archive serves neither its files nor those of an older $flavour kernel"
      exit 1
    fi
    log "$suite lists $(abi_of "$listed") for $debarch, but the archive does not serve its files: taking $(abi_of "$image_pkg"), the newest it serves"
  fi
fi
abi=$(abi_of "$image_pkg")        # e.g. 6.1.0-57, 6.12.117+deb13
release=$abi-$flavour
dest="$cache/kernels/$arch/$abi"

# The ABI the measured numbers were taken on (test/kernel-abi.lock: "ARCH ABI"
# for bookworm, "ARCH SUITE ABI" for the others): a newer one is reported.
if [ "$suite" = bookworm ]; then
  locked=$(awk -v a="$arch" '$1 == a && NF == 2 {print $2}' "$root/test/kernel-abi.lock")
else
  locked=$(awk -v a="$arch" -v s="$suite" '$1 == a && $2 == s {print $3}' "$root/test/kernel-abi.lock")
fi
if [ -n "$locked" ] && [ "$locked" != "$abi" ]; then
  log "$suite serves $abi; test/kernel-abi.lock records $locked (re-measure and update the lock)"
fi

# The modules kept from the kernel package ($keep above; the rest is 290 MB
# we never use): .complete records them, so a cache made with fewer is
# fetched again.
if [ -f "$dest/.complete" ] && [ "$(cat "$dest/.complete")" = "$keep" ]; then
  for l in "$link" "$suite"; do
    [ "$l" = bookworm ] && continue
    [ "$(readlink "$cache/kernels/$arch/$l" 2>/dev/null)" = "$abi" ] ||
      ln -sfn "$abi" "$cache/kernels/$arch/$l"
  done
  [ "$suite" = bookworm ] || [ -n "${BPFD_KERNEL_ABI:-}" ] || touch "$resolved"
  echo "$dest"
  exit 0
fi

work="$cache/kernels/$arch/.download-$abi"
rm -rf "$work" "$dest"
mkdir -p "$work" "$dest"
if [ "$suite" = bookworm ]; then
  version=$(apt-cache show "$image_pkg:$debarch" 2>/dev/null | sed -n 's/^Version: //p' | head -n1)
  log "downloading Debian kernel $abi ($version) for $debarch"
  (
    cd "$work"
    apt-get download -q "$image_pkg:$debarch" \
        "linux-headers-$abi-$flavour:$debarch" "linux-headers-$abi-common" >/dev/null
  )
else
  # 7.x: linux-image-R is empty; the kernel and modules are split out.
  pkgs=("$image_pkg")
  depends=$(archive show "$suite" "$debarch" "$image_pkg" Depends)
  for part in linux-binary linux-modules; do
    p=$(first_depend "$part-$release" <<<"$depends")
    if [ -n "$p" ]; then pkgs+=("$p"); fi
  done
  pkgs+=("linux-headers-$release" "linux-headers-$abi-common")
  version=$(archive show "$suite" "$debarch" "$image_pkg" Version)
  log "downloading Debian kernel $abi ($version) for $debarch: ${pkgs[*]}"
  archive download "$suite" "$debarch" "$work" "${pkgs[@]}" >/dev/null || {
    rm -rf "$work" "$dest"
    log "cannot download ${pkgs[*]} (the message above says why)"; exit 1; }
fi
# Unpack, leaving out the modules no guest loads (the rest is 290 MB, and
# thousands of files): the members are listed, filtered and extracted.
for deb in "$work"/*.deb; do
  log "unpacking $(basename "$deb")"
  dpkg-deb --fsys-tarfile "$deb" | tar -t |
    KEEP="^($keep)[.]ko([.]xz|[.]zst)?\$" awk '
      !/[.]ko([.]xz|[.]zst)?$/ { print; next }
      { n = $0; sub(/.*\//, "", n); if (n ~ ENVIRON["KEEP"]) print }' > "$work/members"
  dpkg-deb --fsys-tarfile "$deb" | tar -x -C "$dest" --no-recursion -T "$work/members"
done

# One layout: modules in lib/modules (not usr/lib/modules), the kernel and
# its config in boot/ (7.x: the image beside the modules, the config only in
# the headers).
if [ -d "$dest/usr/lib/modules" ]; then
  mkdir -p "$dest/lib/modules"
  for d in "$dest"/usr/lib/modules/*; do
    rm -rf "$dest/lib/modules/$(basename "$d")"
    mv "$d" "$dest/lib/modules/"
  done
  rmdir "$dest/usr/lib/modules"
fi
moddir="$dest/lib/modules/$release"
if [ ! -d "$moddir" ]; then
  log "no modules of $release in the packages (lib/modules or usr/lib/modules)"; exit 1
fi
mkdir -p "$dest/boot"
for f in vmlinuz vmlinux System.map config; do
  if [ -f "$moddir/$f" ]; then
    name=$f
    case "$f" in vmlinuz|vmlinux) name=$image ;; esac
    mv "$moddir/$f" "$dest/boot/$name-$release"
  fi
done
if [ ! -f "$dest/boot/config-$release" ]; then
  cp "$dest/usr/src/linux-headers-$release/.config" "$dest/boot/config-$release" || {
    log "no config of $release (boot/config-$release nor the headers' .config)"; exit 1; }
fi
if [ ! -f "$dest/boot/$image-$release" ]; then
  log "no kernel image $image-$release in the packages (boot/ or lib/modules/$release/)"; exit 1
fi

# The kept modules, uncompressed (.ko.xz, .ko.zst), as bookworm ships them.
find "$moddir/kernel" -name '*.ko.xz' -exec xz -d {} +
find "$moddir/kernel" -name '*.ko.zst' -exec zstd -q -d --rm {} +
find "$moddir/kernel" -type d -empty -delete

# The x86_64 guest boots fastest from the uncompressed vmlinux (PVH entry):
# recover it from the xz (or zstd) stream inside the bzImage.
if [ "$arch" = x86_64 ]; then
  bz="$dest/boot/vmlinuz-$release"
  out="$dest/boot/vmlinux-$release"
  off=$(grep -abo $'\xfd7zXZ\x00' "$bz" | head -n1 | cut -d: -f1 || true)
  if [ -n "$off" ]; then
    tail -c +$((off + 1)) "$bz" | xz -dc 2>/dev/null > "$out" || true
  else
    off=$(LC_ALL=C grep -abo $'\x28\xb5\x2f\xfd' "$bz" | head -n1 | cut -d: -f1 || true)
    if [ -z "$off" ]; then log "no xz or zstd stream in $bz"; exit 1; fi
    tail -c +$((off + 1)) "$bz" | zstd -dcq 2>/dev/null > "$out" || true
  fi
  if ! head -c 4 "$out" | grep -q $'\x7fELF'; then
    log "could not extract vmlinux from $bz"; exit 1
  fi
fi

rm -rf "$work"
printf '%s\n' "$keep" > "$dest/.complete"
ln -sfn "$abi" "$cache/kernels/$arch/$link"
[ "$suite" = bookworm ] || ln -sfn "$abi" "$cache/kernels/$arch/$suite"
[ "$suite" = bookworm ] || [ -n "${BPFD_KERNEL_ABI:-}" ] || touch "$resolved"
log "ready in $dest"
echo "$dest"
