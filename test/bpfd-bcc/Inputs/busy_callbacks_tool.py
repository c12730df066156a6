"""Run inside the sandbox as the 'tool': a BCC program with a perf event
per syscall while the guest's workload loops on getpid, and a callback that
takes 2 ms an event, so the tool spends its time in callbacks. Says 'ready'
at the first event; Ctrl-C must end the poll loop as BCC's tools expect
(KeyboardInterrupt in the loop, not lost inside a ctypes callback). A
watchdog ends it 25 s after 'ready' if not."""
import sys
import time

from bcc import BPF
from sys_enter_times import SYS_ENTER_TIMES

b = BPF(text=SYS_ENTER_TIMES)
ready = []


def on_event(cpu, data, size):
    if not ready:
        ready.append(time.time())
        print("ready", flush=True)
    time.sleep(0.002)


b["events"].open_perf_buffer(on_event, page_cnt=64)
try:
    while not ready or time.time() < ready[0] + 25:
        b.perf_buffer_poll(timeout=100)
    print("still polling 25 s after ready: the interrupt was lost", flush=True)
    sys.exit(1)
except KeyboardInterrupt:
    print("interrupted in the poll loop after %.1f s" % (time.time() - ready[0]), flush=True)
    sys.exit(0)
