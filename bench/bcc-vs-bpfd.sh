#!/usr/bin/env bash
# Side-by-side: BCC on the device against bpfd with an object built on the host.
#
# In one x86_64 QEMU guest (Debian's 6.1 kernel, TCG) whose root file system is
# a debootstrapped Debian 12 with Debian's bpfcc-tools, run opensnoop twice:
#   (a) opensnoop-bpfcc: BCC compiles the program on the device
#   (b) bpfd loading opensnoop's object, cross-compiled by bpf-xcc on the host
# and report, as ratios BCC/bpfd: time from start to the first event, peak RSS,
# and the bytes each needs installed on the device.
#
# Usage: bench/bcc-vs-bpfd.sh [BUILD_DIR]      (root; downloads ~150 MB once)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=$(cd "${1:-$root/build}" && pwd)
cache=${BPFD_CACHE_DIR:-$build/cache}
bin=$build/bin
work=$cache/bench
say() { echo "bcc-vs-bpfd: $*" >&2; }

kernel=$("$root/scripts/fetch-kernel.sh" x86_64 "$cache")
rel=$(basename "$(ls -d "$kernel"/lib/modules/*)")
rootfs=$work/bcc-rootfs
if [ ! -f "$rootfs/.complete" ]; then
  command -v debootstrap > /dev/null || { say "needs debootstrap (scripts/setup.sh installs it)"; exit 1; }
  say "debootstrapping Debian 12 with bpfcc-tools into $rootfs (once)"
  rm -rf "$rootfs"; mkdir -p "$work"
  debootstrap --variant=minbase --include=bpfcc-tools,python3,bash bookworm "$rootfs" \
      http://deb.debian.org/debian > "$work/debootstrap.log" 2>&1
  touch "$rootfs/.complete"
fi

# The program: opensnoop's text as Debian's tool passes it to BCC, extracted
# without running BCC (the corpus), compiled for x86_64 by bpf-xcc.
src=$(ls "$build"/corpus/x86_64/opensnoop.c "$build"/corpus/opensnoop.c 2>/dev/null | head -n1 || true)
[ -n "$src" ] || { say "no corpus opensnoop.c under $build/corpus (build the bcc-corpus target)"; exit 1; }
obj=$work/opensnoop-x86_64.o
headers=$(ls -d "$kernel"/usr/src/linux-headers-*-amd64)
"$bin/bpf-xcc" --arch x86_64 --kernel "$headers" "$src" -o "$obj"

stage=$work/stage
rm -rf "$stage"; mkdir -p "$stage"
say "staging the guest root file system"
cp -a "$rootfs"/. "$stage"/
cp -a "$kernel"/usr/src/. "$stage"/usr/src/
install -D -m 755 "$bin/bpfd-x86_64" "$stage/bin/bpfd"
install -D -m 755 "$root/bench/bcc-vs-bpfd/guest-init.sh" "$stage/init"
mkdir -p "$stage/bench"
{
  echo "OBJECT_BEGIN $(stat -c %s "$obj")"
  base64 -w 393216 "$obj" | sed 's/^/OBJECT_CHUNK /'
  echo "LOAD_OBJECT - attach=1"
} > "$stage/bench/load-opensnoop.txt"
initrd=$work/bench-initrd.cpio
(cd "$stage" && find . | cpio -o -H newc -R 0:0 --quiet) > "$initrd"
say "initramfs $(( $(stat -c %s "$initrd") / 1048576 )) MB; booting"

console=$work/console.log
timeout 2400 qemu-system-x86_64 -accel tcg -cpu max -m 3G -nodefaults -no-user-config \
  -net none -display none -monitor none -no-reboot \
  -kernel "$kernel/boot/vmlinux-$rel" -initrd "$initrd" \
  -append "console=ttyS0 panic=-1 quiet rdinit=/init" -serial "file:$console" || true
grep -q '^BENCH done' "$console" || { say "the guest did not finish; console: $console"; tail -20 "$console" >&2; exit 1; }

field() { sed -n "s/^BENCH $1 .*$2=\([0-9]*\).*/\1/p" "$console" | head -n1; }
bcc_ms=$(field bcc first_event_ms); bpfd_ms=$(field bpfd first_event_ms)
bcc_rss=$(field bcc rss_kb); bpfd_rss=$(field bpfd rss_kb)
if [ -z "$bcc_ms" ] || [ -z "$bpfd_ms" ]; then grep '^BENCH' "$console" >&2; exit 1; fi

# Bytes on the device: what BCC adds to a minimal Debian (packages not of
# priority required, plus the kernel headers it compiles against) against
# bpfd's binary and the object.
bcc_kb=$(dpkg-query --admindir="$rootfs/var/lib/dpkg" -W -f='${Priority} ${Installed-Size}\n' |
         awk '$1 != "required" { s += $2 } END { print s }')
hdr_kb=$(du -sk "$kernel"/usr/src | cut -f1)
bcc_bytes=$(( (bcc_kb + hdr_kb) * 1024 ))
bpfd_bytes=$(( $(stat -c %s "$bin/bpfd-x86_64") + $(stat -c %s "$obj") ))

ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1f", a / b }'; }
printf '%-28s %14s %14s %10s\n' "opensnoop, x86_64 guest" "BCC" "bpfd" "BCC/bpfd"
printf '%-28s %14s %14s %10s\n' "start to first event (ms)" "$bcc_ms" "$bpfd_ms" "$(ratio "$bcc_ms" "$bpfd_ms")"
printf '%-28s %14s %14s %10s\n' "peak RSS (KiB)" "$bcc_rss" "$bpfd_rss" "$(ratio "$bcc_rss" "$bpfd_rss")"
printf '%-28s %14s %14s %10s\n' "installed on device (bytes)" "$bcc_bytes" "$bpfd_bytes" "$(ratio "$bcc_bytes" "$bpfd_bytes")"
