#!/bin/sh
# Run in bpfd-bcc's sandbox (--exec): the USDT probes of device processes
# through our libbcc, with BCC's own tplist and USDT class. /proc is the
# device's: find probe-target (the workload) there.
for p in /proc/[0-9]*; do
  [ "$(cat $p/comm 2>/dev/null)" = probe-target ] && PID=${p#/proc/}
done
echo "probe-target pid: ${PID:-none}"
echo "== tplist -p PID"
/usr/bin/python3 /usr/sbin/tplist-bpfcc -p "$PID"; echo "status $?"
echo "== tplist -v -p PID"
/usr/bin/python3 /usr/sbin/tplist-bpfcc -v -p "$PID"; echo "status $?"
echo "== tplist -p 1 (init: no probes)"
/usr/bin/python3 /usr/sbin/tplist-bpfcc -p 1; echo "status $?"
echo "== USDT(pid) in a BPF program"
/usr/bin/python3 -u - "$PID" <<'PY'
import sys
from bcc import BPF, USDT
u = USDT(pid=int(sys.argv[1]))
try:
    u.enable_probe(probe="no_such_probe", fn_name="on_loop")
except Exception as e:
    print("no_such_probe:", type(e).__name__)
u.enable_probe(probe="loop", fn_name="on_loop")
print("loop enabled")
try:
    BPF(text="int on_loop(struct pt_regs *ctx) { return 0; }", usdt_contexts=[u])
    print("loaded")
except Exception as e:
    print("BPF():", e)
PY
