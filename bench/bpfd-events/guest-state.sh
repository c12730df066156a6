#!/bin/bash
# bench/bpfd-events.py, when bpfd stops answering in the parity guest: where
# bpfd and the workload are (kernel stack, state), the load, the ports.
for d in /proc/[0-9]*; do
  read -r c < "$d/comm" 2> /dev/null || continue
  case $c in
    bpfd|workload|python3)
      echo "== pid ${d#/proc/} $c wchan=$(cat "$d/wchan" 2> /dev/null)"
      grep -E '^(State|voluntary|nonvoluntary)' "$d/status"
      cat "$d/stack" 2> /dev/null
      ls -l "$d/fd" 2> /dev/null | grep -v ' -> /dev/null' | tail -n +2 ;;
  esac
done
echo "== loadavg $(cat /proc/loadavg)"
grep -H . /sys/class/virtio-ports/*/name 2> /dev/null
