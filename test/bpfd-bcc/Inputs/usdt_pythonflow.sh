#!/bin/sh
# Run in bpfd-bcc's sandbox (--exec): Debian's pythonflow (the bash wrapper
# of uflow -l python) on the device's /bin/sdt-python, the corpus's USDT
# stand-in of CPython's probes (the workload: it passes function__entry and
# function__return with file script.py, functions work and inner, for ever).
# uflow enables both probes by name on the process, reads arguments 1 and 2
# through our genargs readers, and prints one line per call and return.
# Stopped with SIGINT (through timeout, to its process group) as soon as 12
# lines are out, or after 60 s.
for p in /proc/[0-9]*; do
  [ "$(cat $p/comm 2>/dev/null)" = sdt-python ] && PID=${p#/proc/}
done
echo "== pythonflow $PID"
OUT=$(mktemp)
PYTHONUNBUFFERED=1 timeout -s INT 60 /usr/sbin/pythonflow-bpfcc "$PID" > "$OUT" 2>&1 &
T=$!
i=0
while [ "$i" -lt 600 ] && [ "$(wc -l < "$OUT")" -lt 12 ] && kill -0 "$T" 2>/dev/null; do
  sleep 0.1
  i=$((i + 1))
done
kill -INT "$T" 2>/dev/null
wait "$T"
head -n 12 "$OUT"
rm -f "$OUT"
