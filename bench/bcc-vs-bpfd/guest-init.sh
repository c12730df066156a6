#!/bin/bash
# /init of the benchmark guest: a Debian root file system holding both
# Debian's BCC (bpfcc-tools) and our bpfd. It measures, for the same
# program (opensnoop) on the same kernel, one after the other:
#   - time from start to the first event line, and peak RSS (VmHWM),
#     of opensnoop-bpfcc (BCC compiles on the device)
#   - the same for bpfd loading the object bpf-xcc built on the host
# and prints "BENCH key=value ..." lines on the console, then powers off.
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
mkdir -p /lib/modules/$rel
# As Debian's linux-headers packages lay them out: build = the arch tree,
# source = the -common tree beside it.
ln -sfn /usr/src/linux-headers-$rel /lib/modules/$rel/build
ln -sfn /usr/src/$(cd /usr/src && ls -d linux-headers-*-common | head -n1) /lib/modules/$rel/source

now_ms() { echo $(( $(date +%s%N) / 1000000 )); }
hwm_kb() { sed -n 's/^VmHWM: *\([0-9]*\) kB/\1/p' /proc/$1/status 2>/dev/null; }

# A workload that opens a file every 20 ms, for both tools to see.
( while :; do : < /etc/hostname; sleep 0.02; done ) &
workload=$!

run_bcc() {
  local start=$(now_ms) t pid hwm
  /usr/sbin/opensnoop-bpfcc > /tmp/bcc.out 2> /tmp/bcc.err &
  pid=$!
  while :; do
    # the header, then the first event
    if [ "$(wc -l < /tmp/bcc.out)" -ge 2 ]; then t=$(now_ms); break; fi
    if ! kill -0 $pid 2>/dev/null; then echo "BENCH bcc error=exited"; tail -30 /tmp/bcc.err; return; fi
    if [ $(( $(now_ms) - start )) -gt 1500000 ]; then echo "BENCH bcc error=timeout"; return; fi
    sleep 0.01
  done
  sleep 1
  hwm=$(hwm_kb $pid)
  kill -INT $pid; wait $pid 2>/dev/null
  echo "BENCH bcc first_event_ms=$(( t - start )) rss_kb=$hwm"
}

run_bpfd() {
  local start=$(now_ms) t line handle reader hwm
  coproc BPFD { /bin/bpfd 2>/tmp/bpfd.err; }
  local pid=$BPFD_PID
  read -r line <&${BPFD[0]}                       # greeting
  while read -r line; do echo "$line" >&${BPFD[1]}; done < /bench/load-opensnoop.txt
  # Replies: OBJECT_BEGIN, OBJECT_CHUNK..., LOAD_OBJECT (with "+ map events handle=N").
  local n=$(wc -l < /bench/load-opensnoop.txt) i=0
  while [ $i -lt $n ] && read -r line <&${BPFD[0]}; do
    case "$line" in
      "+ map events handle="*) handle=${line#+ map events handle=}; handle=${handle%% *} ;;
      "+ "*) ;;
      *": ret=-"*) echo "BENCH bpfd error=\"$line\""; kill $pid; return ;;
      *) i=$((i + 1)) ;;
    esac
  done
  echo "BPF_OPEN_PERF_BUFFER $handle" >&${BPFD[1]}
  read -r line <&${BPFD[0]}; reader=${line#*ret=}
  while :; do
    echo "PERF_READER_POLL 100 $reader" >&${BPFD[1]}
    local got=0
    while read -r line <&${BPFD[0]}; do
      case "$line" in "+ sample"*) got=1 ;; "+ "*) ;; *) break ;; esac
    done
    if [ $got = 1 ]; then t=$(now_ms); break; fi
    if [ $(( $(now_ms) - start )) -gt 60000 ]; then echo "BENCH bpfd error=timeout"; return; fi
  done
  sleep 1
  hwm=$(hwm_kb $pid)
  echo EXIT >&${BPFD[1]}; wait $pid 2>/dev/null
  echo "BENCH bpfd first_event_ms=$(( t - start )) rss_kb=$hwm"
}

echo "BENCH start kernel=$rel"
run_bcc
run_bpfd
kill $workload
echo "BENCH done"
echo o > /proc/sysrq-trigger
sleep 10
