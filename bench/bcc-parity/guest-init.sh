#!/bin/bash
# /init of the parity guest (bench/bcc-parity/parity.py): the Debian 12 (or
# another suite's) root file system with Debian's BCC and the kernel's headers
# (scripts/bcc-rootfs.sh), plus /parity (bpfd, the virtio modules, this
# script's helpers) and /usr/bin/workload. One guest serves both sides:
#
#   - BCC itself: the host asks for a tool on the control port, this init
#     runs /usr/sbin/TOOL-bpfcc here and sends its output back;
#   - bpfd: each time the host writes "START" on the data port, bpfd runs
#     with its stdin and stdout on that port until it exits (the host's
#     bpfd-bcc reaches it through bench/bcc-parity/relay.py, a process:
#     remote); then the port waits for the next START.
#
# The workload both sides trace is run by this init on request, the same
# command each time.
#
# Control port "parity-ctl", one line a command, one line a reply:
#   hello                          -> hello kernel=REL nproc=N headers=yes|no bcc=VERSION
#   native ID MODE TIMEOUT ARGV... -> ready ID ms=MS | failed ID why=WHY
#        starts ARGV (stdout, stderr to files), PYTHONUNBUFFERED=1, SIGINT at
#        its default; waits until it is ready: MODE line = its first stdout
#        line, MODE timer = a perf software clock armed (/proc/timer_list:
#        profile -f prints nothing before it ends); MS: from start to ready
#   wait-timer TIMEOUT             -> ready - ms=MS | failed - why=timeout
#   clock                          -> clock us=US (the guest's clock: under
#        -icount it counts instructions, and follows the host's while idle)
#   workload ARGV...               -> done status=N ms=MS (runs ARGV here)
#   start ID ARGV...               -> started ID pid=PID (ARGV runs in the
#        background, stdout and stderr to files, until stop ID; for a
#        workload that runs while the host measures: bench/bpfd-events.py)
#   stop ID                        -> SIGINT (then TERM, KILL), then the
#        output: "o|LINE"... "e|LINE"... "stopped ID status=N"
#   poweroff
# Progress lines on the console start with "PARITY ".
. /parity/guest-setup.sh
# The console and /dev/null opened once: every open shows in opensnoop, and
# one just before a SIGINT lands it in the tool's event callback, where
# Python drops the KeyboardInterrupt.
exec 7> /dev/console 8> /dev/null
say() { echo "PARITY $*" >&7; }
# What the tools and the workload run with: none of our descriptors.
closed() { "$@" 3>&- 4>&- 7>&- 8>&- 9>&-; }

# The virtio modules (no kmod in a minbase system): finit_module by python.
python3 - <<'PY' >&7 2>&7
import ctypes, os
libc = ctypes.CDLL(None, use_errno=True)
for name in open("/parity/modules/order").read().split():
    fd = os.open("/parity/modules/%s.ko" % name, os.O_RDONLY)
    if libc.syscall(313, fd, b"", 0) != 0 and ctypes.get_errno() != 17:
        print("PARITY module %s: %s" % (name, os.strerror(ctypes.get_errno())))
    os.close(fd)
PY

port() { # the /dev node of the virtio-serial port named $1
  local f n d
  for f in /sys/class/virtio-ports/*/name; do
    read -r n < "$f"
    d=${f%/name}
    [ "$n" = "$1" ] && { echo "/dev/${d##*/}"; return; }
  done
}
ctl=$(port parity-ctl); data=$(port bpfd)
[ -n "$ctl" ] && [ -n "$data" ] || { say "FATAL no virtio ports"; echo o > /proc/sysrq-trigger; sleep 10; }
exec 3<> "$ctl"
mkdir -p /tmp/parity

# bpfd on the data port, once per START. A port reads end-of-file while the
# host side is not connected: then wait a little and look again.
(
  exec 4<> "$data"
  while :; do
    if read -r line <&4; then
      [ "$line" = START ] || continue
      say "bpfd session"
      closed /parity/bpfd <&4 >&4 2>> /tmp/parity/bpfd.err
      say "bpfd exited status=$?"
    else
      nap 0.2
    fi
  done
) &

# BCC's release, from its Python package (__version__ = 'X.Y.Z').
bcc=none
while read -r k _ v; do
  [ "$k" = __version__ ] && { v=${v//\'/}; bcc=${v//\"/}; }
done < /usr/lib/python3/dist-packages/bcc/version.py

# The host connects after the boot: until then the port reads end-of-file.
until read -r line <&3 && [ "$line" = hello ]; do nap 0.2; done
echo "hello kernel=$rel nproc=$(nproc) headers=$headers bcc=$bcc" >&3
say "host connected"

timer_armed() { # a perf software clock (profile's sampling) is queued
  local l
  while read -r l; do
    [[ $l == *perf_swevent_hrtimer* ]] && return 0
  done < /proc/timer_list
  return 1
}

declare -A pids
native() {
  local id=$1 mode=$2 timeout=$3 start pid l
  shift 3
  now; start=$US
  # exec: $! is the tool's pid, and SIGINT (which a background job of this
  # shell starts ignoring) back at its default.
  ( exec 3>&- 4>&- 7>&- 8>&- 9>&-
    PYTHONUNBUFFERED=1 exec env --default-signal=INT "$@" ) > "/tmp/parity/$id.out" 2> "/tmp/parity/$id.err" &
  pid=$!; pids[$id]=$pid
  say "native $id pid=$pid: $*"
  while :; do
    if [ "$mode" = timer ]; then
      timer_armed && break
    elif [ -s "/tmp/parity/$id.out" ] && read -r l < "/tmp/parity/$id.out"; then
      break
    fi
    kill -0 "$pid" 2>&8 || { echo "failed $id why=exited" >&3; return; }
    since "$start"
    [ "$MS" -gt $((timeout * 1000)) ] && { echo "failed $id why=timeout" >&3; return; }
    nap 0.1
  done
  since "$start"
  echo "ready $id ms=$MS" >&3
  say "native $id ready after $MS ms"
}

start() {
  local id=$1
  shift
  ( exec 3>&- 4>&- 7>&- 8>&- 9>&-
    exec env --default-signal=INT "$@" ) > "/tmp/parity/$id.out" 2> "/tmp/parity/$id.err" &
  pids[$id]=$!
  echo "started $id pid=$!" >&3
}

wait_timer() {
  local start
  now; start=$US
  until timer_armed; do
    since "$start"
    [ "$MS" -gt $(($1 * 1000)) ] && { echo "failed - why=timeout" >&3; return; }
    nap 0.1
  done
  since "$start"
  echo "ready - ms=$MS" >&3
}

stop() {
  local id=$1 pid=${pids[$1]} status i l
  if [ -n "$pid" ]; then
    # A second SIGINT: the first one can land in an event callback, where
    # Python drops the KeyboardInterrupt.
    for sig in INT INT TERM KILL; do
      kill -"$sig" "$pid" 2>&8
      for ((i = 0; i < 100; i++)); do kill -0 "$pid" 2>&8 || break; nap 0.1; done
      kill -0 "$pid" 2>&8 || break
      say "native $id did not end after SIG$sig"
    done
    wait "$pid"; status=$?
  else
    status=none
  fi
  while IFS= read -r l || [ -n "$l" ]; do echo "o|$l"; done < "/tmp/parity/$id.out" >&3
  while IFS= read -r l || [ -n "$l" ]; do echo "e|$l"; done < "/tmp/parity/$id.err" >&3
  echo "stopped $id status=$status" >&3
}

while read -r cmd args <&3; do
  set -- $args
  case $cmd in
    native) native "$@" ;;
    start) start "$@" ;;
    wait-timer) wait_timer "$1" ;;
    workload)
      now; start=$US
      closed "$@" >&8 2>&8; status=$?
      since "$start"
      echo "done status=$status ms=$MS" >&3 ;;
    stop) stop "$1" ;;
    clock) now; echo "clock us=$US" >&3 ;;
    poweroff) break ;;
    hello) ;;   # the host says hello until the first answer: the rest queued
    *) echo "unknown $cmd" >&3 ;;
  esac
done
say "powering off"
sync
echo o > /proc/sysrq-trigger
sleep 10
