#!/bin/sh
# Run in bpfd-bcc's sandbox (--exec) with the cache folder as $1: Debian's
# trace on probe-target's USDT probe, three times: the first reads the
# binary through bpfd and keeps it under its build id, the second takes it
# from the cache; the cached file is then cut, and the third reads it again.
export BPFD_BCC_CACHE_DIR="$1" BPFD_BCC_VERBOSE=1
for p in /proc/[0-9]*; do
  [ "$(cat $p/comm 2>/dev/null)" = probe-target ] && PID=${p#/proc/}
done
run() {
  timeout -s INT 20 /usr/bin/python3 -u /usr/sbin/trace-bpfcc -p "$PID" \
      'u:/bin/probe-target:loop "i=%d", arg1' 2>&1 | grep -m1 "build id"
}
echo "== first"; run
echo "== second"; run
for f in "$1"/*; do truncate -s 70000 "$f"; done
echo "== after a cut"; run
