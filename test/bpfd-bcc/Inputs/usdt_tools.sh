#!/bin/sh
# Run in bpfd-bcc's sandbox (--exec): Debian's trace on the USDT probe
# bpfd_guest:loop of the device's /bin/probe-target (the workload, which
# passes it with i = 1, 2, 3, ...): by the binary's path alone (our libbcc
# reads the notes through a process that maps it) and by -p PID. BCC's
# Python puts our genargs readers before the program; bpf-xcc rewrites
# bpf_usdt_readarg to them.
for p in /proc/[0-9]*; do
  [ "$(cat $p/comm 2>/dev/null)" = probe-target ] && PID=${p#/proc/}
done
echo "== trace path"
timeout -s INT 20 /usr/bin/python3 -u /usr/sbin/trace-bpfcc \
    'u:/bin/probe-target:loop "i=%d", arg1' 2>&1 | head -n 4
echo "== trace pid"
timeout -s INT 20 /usr/bin/python3 -u /usr/sbin/trace-bpfcc -p "$PID" \
    'u:/bin/probe-target:loop "i=%d", arg1' 2>&1 | head -n 4
