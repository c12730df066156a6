#!/bin/bash
# /init of the benchmark guest: a debootstrapped Debian 12 root file system
# holding Debian's BCC (bpfcc-tools) and the kernel's headers, plus /bench
# with bpfd and the object bpf-xcc built on the host. For the same program
# (opensnoop) on the same kernel, one after the other:
#   bpfd  time from its start to the first event (object upload, load,
#         attach, perf buffer, poll; all through a pipe in the guest), VmHWM;
#         three runs
#   BCC   python3 alone and `import bcc` alone (RSS and time: what the
#         library costs before clang runs), then opensnoop-bpfcc: time from
#         its start to the first event line, VmHWM of the python process
# Results are "BENCH <what> key=value ..." lines on the console; "BENCH done"
# ends them, then the guest powers off.
#
# Every wait in here is a bash builtin (read -t, $EPOCHREALTIME): under TCG a
# process spawn costs 0.1-0.2 s of the single vCPU, so a polling loop that
# forks (sleep, wc, date) starves the compiler it is waiting for.
. /bench/guest-setup.sh

# A workload that opens /etc/hostname every 20 ms, for both tools to see; the
# 20 ms sleep is a read timeout on a FIFO nobody writes (builtin).
( while :; do : < /etc/hostname; nap 0.02; done ) &
workload=$!

echo "BENCH guest kernel=$rel nproc=$(nproc) mem_kb=$(field_kb MemTotal /proc/meminfo) headers=$headers"

run_bpfd() {
  local start line handle reader hwm n i=0 got=0 t
  now; start=$US
  coproc BPFD { exec /bench/bpfd 2> /tmp/bpfd.err; }
  read -r line <&"${BPFD[0]}"                              # the greeting
  while read -r line; do echo "$line" >&"${BPFD[1]}"; done < /bench/load-opensnoop.txt
  # Replies: OBJECT_BEGIN, OBJECT_CHUNK..., LOAD_OBJECT (payload holds
  # "+ map events handle=N ...") -- one status line per command sent.
  n=$(grep -cv '^$' /bench/load-opensnoop.txt)
  while [ $i -lt "$n" ] && read -r line <&"${BPFD[0]}"; do
    case "$line" in
      "+ map events handle="*) handle=${line#+ map events handle=}; handle=${handle%% *} ;;
      "+ "*) ;;
      *": ret=-"*) echo "BENCH bpfd error=\"$line\""; echo EXIT >&"${BPFD[1]}"; return ;;
      *) i=$((i + 1)) ;;
    esac
  done
  [ -n "$handle" ] || { echo "BENCH bpfd error=no-events-map"; return; }
  echo "BPF_OPEN_PERF_BUFFER $handle" >&"${BPFD[1]}"
  read -r line <&"${BPFD[0]}"; reader=${line#*ret=}
  case "$reader" in ''|-*|*[!0-9]*) echo "BENCH bpfd error=\"$line\""; return ;; esac
  while [ $got = 0 ]; do
    echo "PERF_READER_POLL 100 $reader" >&"${BPFD[1]}"
    while read -r line <&"${BPFD[0]}"; do
      case "$line" in "+ sample"*) got=1 ;; "+ "*) ;; *) break ;; esac
    done
    since "$start"
    if [ $got = 0 ] && [ $MS -gt 120000 ]; then echo "BENCH bpfd error=timeout"; return; fi
  done
  t=$MS
  echo "GET_SELF_STATUS" >&"${BPFD[1]}"
  while read -r line <&"${BPFD[0]}"; do
    case "$line" in "+ VmHWM:"*) set -- $line; hwm=$3 ;; "+ "*) ;; *) break ;; esac
  done
  echo EXIT >&"${BPFD[1]}"
  read -r line <&"${BPFD[0]}"
  wait "$BPFD_PID" 2> /dev/null
  echo "BENCH bpfd first_event_ms=$t rss_kb=$hwm"
}

# python3 -c CODE, reporting its own wall time and VmHWM.
py_alone() {
  local start out
  now; start=$US
  out=$(python3 -c "$1
for l in open('/proc/self/status'):
    if l.startswith('VmHWM:'): print(l.split()[1])") || { echo "BENCH $2 error=exited"; return; }
  since "$start"
  echo "BENCH $2 ms=$MS rss_kb=$out"
}

run_bcc() {
  local start pid line part acc= lines=0 t hwm waited=0
  mkfifo /tmp/bcc.fifo
  now; start=$US
  /usr/sbin/opensnoop-bpfcc > /tmp/bcc.fifo 2> /tmp/bcc.err &
  pid=$!
  exec 7< /tmp/bcc.fifo
  # The header, then the first event line; progress every 30 s of waiting.
  while [ $lines -lt 2 ]; do
    if read -r -t 30 part <&7; then
      line=$acc$part; acc=; lines=$((lines + 1))
    elif [ $? -gt 128 ]; then
      acc+=$part; waited=$((waited + 30))
      echo "BENCH progress bcc still starting after ${waited} s"
      [ $waited -ge 1800 ] && { echo "BENCH bcc error=timeout"; kill -9 $pid; return; }
    else
      echo "BENCH bcc error=exited"; sed 's/^/BENCH bcc stderr: /' /tmp/bcc.err | tail -30; return
    fi
  done
  since "$start"; t=$MS
  cat <&7 > /tmp/bcc.out &                   # keep draining while we look
  nap 1
  hwm=$(field_kb VmHWM "/proc/$pid/status")
  echo "BENCH bcc first_event_ms=$t rss_kb=$hwm first_line=\"$line\""
  # SIGTERM, not SIGINT: a background job of a non-interactive shell starts
  # with SIGINT ignored, and Python then never raises KeyboardInterrupt.
  kill -TERM "$pid"; wait "$pid" 2> /dev/null
  exec 7<&-
}

# bpfd takes about a second: three runs, the host reports the median.
for r in 1 2 3; do
  echo "BENCH progress bpfd run $r"
  run_bpfd
done
echo "BENCH progress python3 alone, import bcc alone"
py_alone "pass" python3
py_alone "import bcc" import_bcc
echo "BENCH progress opensnoop-bpfcc (BCC compiles the program in the guest)"
run_bcc
# Which variant of opensnoop BCC built: with BPF trampolines in the kernel
# (BPF.support_kfunc()) the tool uses fentry/fexit instead of its kprobes.
echo "BENCH bcc_variant kfunc=$(python3 -c 'from bcc import BPF; print(int(BPF.support_kfunc()))')"
kill "$workload"
echo "BENCH done"
echo o > /proc/sysrq-trigger
sleep 10
