#!/bin/sh
# Run in bpfd-bcc's sandbox (--exec): Debian's trace on bpfd_guest:guarded of
# the device's /bin/probe-target, a USDT probe with a semaphore that the
# program passes only while the semaphore is set. With -p PID our libbcc has
# the kernel set it (the uprobe's ref_ctr_offset): rows. By the path alone
# BCC 0.26 refuses a probe with a semaphore, and so do we.
for p in /proc/[0-9]*; do
  [ "$(cat $p/comm 2>/dev/null)" = probe-target ] && PID=${p#/proc/}
done
echo "== trace -p PID guarded"
timeout -s INT 20 /usr/bin/python3 -u /usr/sbin/trace-bpfcc -p "$PID" \
    'u:/bin/probe-target:guarded "i=%d", arg1' 2>&1 | head -n 4
echo "== trace path guarded"
timeout -s INT 20 /usr/bin/python3 -u /usr/sbin/trace-bpfcc \
    'u:/bin/probe-target:guarded "i=%d", arg1' > /tmp/trace-path.out 2>&1
echo "status $?"
grep -m1 -i "semaphore" /tmp/trace-path.out
echo "== trace -p PID loop (no semaphore) still"
timeout -s INT 20 /usr/bin/python3 -u /usr/sbin/trace-bpfcc -p "$PID" \
    'u:/bin/probe-target:loop "i=%d", arg1' 2>&1 | head -n 2
