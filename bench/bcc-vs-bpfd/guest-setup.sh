# Sourced by the /init of the guests that boot CACHE/bench/bcc-rootfs-REL.cpio
# (scripts/bcc-rootfs.sh: Debian 12 with Debian's BCC and the kernel's
# headers): bench/bcc-vs-bpfd/guest-init.sh, bench/bcc-parity/guest-init.sh.
# Mounts what BCC needs, points /lib/modules/REL/{build,source} at the headers
# and defines helpers that never fork (under TCG a process spawn costs
# 0.1-0.2 s of the vCPU, so every wait here is a bash builtin):
#   now           µs since the epoch into US
#   since START   ms since START (µs) into MS
#   nap SECONDS   sleep (a read timeout on a FIFO nobody writes)
#   field_kb FIELD FILE   a "Field: N kB" line's number
export PATH=/usr/sbin:/usr/bin:/sbin:/bin
mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t devtmpfs devtmpfs /dev 2>/dev/null
mount -t tmpfs tmpfs /tmp
mount -t debugfs debugfs /sys/kernel/debug
mount -t tracefs tracefs /sys/kernel/tracing
mount -t bpf bpf /sys/fs/bpf
ulimit -l unlimited

rel=$(uname -r)
mkdir -p "/lib/modules/$rel"
# Where BCC looks for kernel headers, as Debian's linux-headers packages lay
# them out: build = the flavour tree, source = the -common tree beside it.
ln -sfn "/usr/src/linux-headers-$rel" "/lib/modules/$rel/build"
ln -sfn "/usr/src/linux-headers-${rel%-*}-common" "/lib/modules/$rel/source"
headers=no
[ -d "/lib/modules/$rel/build/include/generated" ] && [ -d "/lib/modules/$rel/source/include/linux" ] && headers=yes

now() { local t=$EPOCHREALTIME; US=${t/./}; }
since() { now; MS=$(( (US - $1) / 1000 )); }
field_kb() {
  local k v _
  while read -r k v _; do [ "$k" = "$1:" ] && { echo "$v"; return; }; done < "$2"
}
mkfifo /tmp/.nap
exec 9<> /tmp/.nap
nap() { read -r -t "$1" -u 9; }
