#!/usr/bin/env bash
# Side-by-side: BCC on the device against bpfd with an object built on the host.
#
# In one x86_64 QEMU guest (Debian's 6.1 kernel, TCG) whose root file system is
# a debootstrapped Debian 12 with Debian's bpfcc-tools and the kernel's
# headers, opensnoop runs twice (bench/bcc-vs-bpfd/guest-init.sh):
#   (a) opensnoop-bpfcc: BCC compiles the program in the guest
#   (b) bpfd loading opensnoop's object, cross-compiled by bpf-xcc on the host
#       from the same C text (the bcc-corpus target extracts it from Debian's
#       tool without running BCC)
# and prints, with the ratio BCC/bpfd: time from start to the first event,
# peak RSS (VmHWM), the bytes each needs installed on the device; then the
# events/s of bpfd's perf buffer through virtio-serial (bench/bpfd-events.sh).
#
# Usage: bench/bcc-vs-bpfd.sh [BUILD_DIR]
#   Needs root (debootstrap) and, once, ~130 MB of downloads and 1.5-5 min to
#   debootstrap CACHE/bench/bcc-rootfs (scripts/bcc-rootfs.sh; CACHE:
#   $BPFD_CACHE_DIR, else the build's -DBPFD_CACHE_DIR, else BUILD_DIR/cache).
#   Needs BUILD_DIR/bin/{bpf-xcc,bpfd-x86_64,bpfd-object,bpfd-remote} and the
#   corpus (cmake --build BUILD_DIR --target bcc-corpus).
# Environment:
#   BENCH_SMP=N      guest vCPUs (default 1)
#   BENCH_MEM=SIZE   guest memory (default 3G; the root file system lives in it)
#   BENCH_ICOUNT=N   run the guest with -icount shift=N: guest time counts
#                    instructions (2^N ns each), not the host's wall clock,
#                    so the numbers no longer move with this machine's load
#   BENCH_EVENTS=0   skip the events/s run
#   BPF_XCC=FILE     a bpf-xcc other than BUILD_DIR/bin/bpf-xcc
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=$(cd "${1:-$root/build}" && pwd)
# The cache folder the build was configured with (-DBPFD_CACHE_DIR), else the default.
cache=${BPFD_CACHE_DIR:-$(sed -n 's/^BPFD_CACHE_DIR:[A-Z]*=//p' "$build/CMakeCache.txt" 2>/dev/null)}
cache=${cache:-$build/cache}
bin=$build/bin
work=$cache/bench
smp=${BENCH_SMP:-1}
mem=${BENCH_MEM:-3G}
xcc=${BPF_XCC:-$bin/bpf-xcc}
icount=()
[ -n "${BENCH_ICOUNT:-}" ] && icount=(-icount "shift=$BENCH_ICOUNT,sleep=on")
say() { echo "bcc-vs-bpfd: $*" >&2; }
die() { say "$*"; exit 1; }
t0=$SECONDS

for f in "$xcc" "$bin/bpfd-x86_64" "$bin/bpfd-object"; do
  [ -x "$f" ] || die "$f is not built (cmake --build $build)"
done
for c in qemu-system-x86_64 cpio dpkg-query python3; do
  command -v "$c" > /dev/null || die "needs $c (scripts/setup.sh installs it)"
done
src=$build/corpus/x86_64/opensnoop.c
[ -f "$src" ] || die "no $src (cmake --build $build --target bcc-corpus)"
load_before=$(uptime)
say "machine load before: $load_before"

# The kernel the cache holds (the guests' own), fetched only when missing:
# fetching follows Debian's metapackage and would move `current`.
if [ -d "$cache/kernels/x86_64/current/boot" ]; then
  kernel=$(readlink -f "$cache/kernels/x86_64/current")
else
  kernel=$("$root/scripts/fetch-kernel.sh" x86_64 "$cache")
fi
rel=$(basename "$(ls -d "$kernel"/lib/modules/*)")
headers=$kernel/usr/src/linux-headers-$rel
[ -d "$headers" ] && [ -f "$kernel/boot/vmlinux-$rel" ] || die "incomplete kernel folder $kernel"

# 1-2. The device's root file system (Debian 12 minbase + bpfcc-tools) and the
#    kernel's headers as one initramfs archive, made once (scripts/bcc-rootfs.sh);
#    the per-run files are a second archive appended to it (the kernel unpacks
#    concatenated archives).
rootfs=$work/bcc-rootfs
base=$("$root/scripts/bcc-rootfs.sh" "$cache" "$kernel") || die "no root file system"

# 3. The program for bpfd: opensnoop's text from the corpus, compiled for
#    x86_64 by bpf-xcc with the attach points the tool's Python names
#    (scripts/run-bcc-tool.py reads them from the corpus record). bpfd attaches
#    a program at one point, so trace_return goes on openat, which the guest's
#    workload and BCC's own start-up use.
obj=$work/opensnoop-x86_64.o
mapfile -t attach < <(python3 - "$root/scripts/run-bcc-tool.py" "${src%.c}.json" <<'PY'
import importlib.util, json, sys
spec = importlib.util.spec_from_file_location("run_bcc_tool", sys.argv[1])
mod = importlib.util.module_from_spec(spec); spec.loader.exec_module(mod)
for a in mod.attach_args(json.load(open(sys.argv[2])), {"trace_return"}):
    print(a)
PY
)
say "bpf-xcc: $src -> $obj"
"$xcc" --arch x86_64 --kernel "$headers" "${attach[@]}" \
    --attach trace_return=kretprobe/__x64_sys_openat "$src" -o "$obj" 2> "$work/bpf-xcc.log" ||
  { cat "$work/bpf-xcc.log" >&2; die "bpf-xcc failed on $src"; }

run=$work/run
rm -rf "$run"; mkdir -p "$run/bench"
install -m 755 "$root/bench/bcc-vs-bpfd/guest-init.sh" "$run/init"
install -m 644 "$root/bench/bcc-vs-bpfd/guest-setup.sh" "$run/bench/guest-setup.sh"
install -m 755 "$bin/bpfd-x86_64" "$run/bench/bpfd"
"$bin/bpfd-object" upload "$obj" > "$run/bench/load-opensnoop.txt"
initrd=$work/bench-initrd.cpio
{ cat "$base"; (cd "$run" && find init bench | cpio -o -H newc -R 0:0 --quiet); } > "$initrd"

# 4. One guest, both tools, one after the other. no_timer_check: under heavy
#    host load the kernel's IO-APIC timer check can miss its ticks and panic
#    ("IO-APIC + timer doesn't work!"; seen at load average 21).
console=$work/console.log
: > "$console"
say "booting the guest (-smp $smp -m $mem ${icount[*]}, initramfs $(( $(stat -c %s "$initrd") >> 20 )) MiB; unpacking it takes ~1 min under TCG)"
timeout 3600 qemu-system-x86_64 -accel tcg -cpu max -smp "$smp" -m "$mem" "${icount[@]}" -nodefaults \
  -no-user-config -net none -display none -monitor none -no-reboot \
  -kernel "$kernel/boot/vmlinux-$rel" -initrd "$initrd" \
  -append "console=ttyS0 panic=-1 quiet no_timer_check rdinit=/init" -serial "file:$console" &
qemu=$!
trap 'kill "$qemu" 2> /dev/null || true' EXIT
shown=0
while kill -0 "$qemu" 2> /dev/null; do
  sleep 5
  n=$(grep -c '^BENCH' "$console" || true)
  if [ "$n" -gt "$shown" ]; then
    grep '^BENCH' "$console" | sed -n "$((shown + 1)),${n}p" | sed "s/^/  [+$((SECONDS - t0)) s] /" >&2
    shown=$n
  fi
done
wait "$qemu" || true
trap - EXIT
grep -q '^BENCH done' "$console" || { tail -20 "$console" >&2; die "the guest did not finish; console: $console"; }
load_after=$(uptime)
say "machine load after the guest: $load_after"

values() { sed -n "s/^BENCH $1 .*\<$2=\([0-9]*\).*/\1/p" "$console" | sort -n; }
field() { values "$1" "$2" | head -n1; }
median() { values "$1" "$2" | awk '{v[NR] = $1} END {if (NR) print v[int((NR + 1) / 2)]}'; }
bcc_ms=$(field bcc first_event_ms); bpfd_ms=$(median bpfd first_event_ms)
bpfd_all=$(values bpfd first_event_ms | tr '\n' ' ')
bcc_rss=$(field bcc rss_kb); bpfd_rss=$(values bpfd rss_kb | tail -n1)
py_rss=$(field python3 rss_kb); imp_rss=$(field import_bcc rss_kb); imp_ms=$(field import_bcc ms)
nproc=$(field guest nproc)
if [ -z "$bcc_ms" ] || [ -z "$bpfd_ms" ] || [ -z "$bcc_rss" ] || [ -z "$bpfd_rss" ]; then
  grep '^BENCH' "$console" >&2; die "a tool did not report (console: $console)"
fi

# 5. Bytes on the device. BCC: what bpfcc-tools adds to a minimal Debian
#    (dependency closure minus debootstrap's minbase, dpkg Installed-Size),
#    plus the kernel headers it compiles against (the unpacked trees only;
#    Debian's linux-headers packages would also pull linux-kbuild and gcc).
#    bpfd: its static binary and the object.
read -r pkg_kb pkg_n _ < <(python3 "$root/bench/bcc-vs-bpfd/installed-size.py" \
                              "$rootfs/var/lib/dpkg" bpfcc-tools)
hdr_kb=$(du -sk "$headers" "$kernel/usr/src/linux-headers-${rel%-*}-common" | awk '{s += $1} END {print s}')
bcc_bytes=$(( (pkg_kb + hdr_kb) * 1024 ))
bpfd_bin=$(stat -c %s "$bin/bpfd-x86_64"); obj_bytes=$(stat -c %s "$obj")
bpfd_bytes=$(( bpfd_bin + obj_bytes ))

# 6. Events/s through virtio-serial (bpfd only; its own guest, after this one).
events=""
if [ "${BENCH_EVENTS:-1}" != 0 ]; then
  for try in 1 2; do   # a second boot if the first one fails (see no_timer_check above)
    say "events/s: bench/bpfd-events.sh $build x86_64 (try $try)"
    events=$("$root/bench/bpfd-events.sh" "$build" x86_64 | grep " events/s; lost" | tail -n1) && break || events=""
  done
  say "${events:-bpfd-events.sh failed twice}"
fi

ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.0fx", a / b }'; }
row() { printf '%-44s %14s %14s %10s\n' "$@"; }
echo
echo "opensnoop, x86_64 QEMU guest (TCG, -smp $nproc${icount:+, ${icount[*]}}), kernel $rel"
row "metric" "BCC" "bpfd" "BCC/bpfd"
row "start to first event (s)" "$(awk -v m="$bcc_ms" 'BEGIN {printf "%.1f", m/1000}')" \
    "$(awk -v m="$bpfd_ms" 'BEGIN {printf "%.2f", m/1000}')" "$(ratio "$bcc_ms" "$bpfd_ms")"
row "  of which python3 + import bcc (s)" "$(awk -v m="$imp_ms" 'BEGIN {printf "%.1f", m/1000}')" "-" "-"
row "peak RSS, VmHWM (KiB)" "$bcc_rss" "$bpfd_rss" "$(ratio "$bcc_rss" "$bpfd_rss")"
row "  python3 alone (KiB)" "$py_rss" "-" "-"
row "  python3 + import bcc, no compile (KiB)" "$imp_rss" "-" "-"
row "  clang/LLVM compile: peak - import (KiB)" "$((bcc_rss - imp_rss))" "-" "-"
row "installed on the device (MB)" "$(awk -v b="$bcc_bytes" 'BEGIN {printf "%.1f", b/1e6}')" \
    "$(awk -v b="$bpfd_bytes" 'BEGIN {printf "%.3f", b/1e6}')" "$(ratio "$bcc_bytes" "$bpfd_bytes")"
row "  packages, $pkg_n (BCC) / binary (bpfd) (MB)" "$(awk -v k="$pkg_kb" 'BEGIN {printf "%.1f", k*1024/1e6}')" \
    "$(awk -v b="$bpfd_bin" 'BEGIN {printf "%.3f", b/1e6}')" "-"
row "  kernel headers (BCC) / object (bpfd) (MB)" "$(awk -v k="$hdr_kb" 'BEGIN {printf "%.1f", k*1024/1e6}')" \
    "$(awk -v b="$obj_bytes" 'BEGIN {printf "%.3f", b/1e6}')" "-"
if [ "${BENCH_EVENTS:-1}" != 0 ]; then
  eps=$(sed -n 's/.*= \([0-9]*\) events\/s.*/\1/p' <<< "$events")
  row "events/s through virtio-serial" "-" "${eps:-failed}" "-"
fi
echo
echo "bpfd: median of 3 runs; start to first event (ms) of each: $bpfd_all"
case "$(field bcc_variant kfunc)" in
  1) echo "BCC built opensnoop's fentry/fexit variant (the kernel has BPF trampolines); bpfd's object is the kprobe variant" ;;
  0) echo "BCC built opensnoop's kprobe variant, as bpfd's object" ;;
esac
[ -n "$events" ] && echo "events/s: $events"
echo "machine load before: $load_before"
echo "machine load after the guest: $load_after"
say "done in $((SECONDS - t0)) s"
