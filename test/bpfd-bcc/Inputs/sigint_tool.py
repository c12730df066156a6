"""Run inside the sandbox as the 'tool': says ready, waits for SIGINT, then
waits a second more (a second SIGINT would be counted), reads a device file
(the session is still there while the tool prints its summary) and exits 3."""
import signal
import sys
import time

got = []
signal.signal(signal.SIGINT, lambda sig, frame: got.append(sig))
print("ready", flush=True)
deadline = time.time() + 120
while not got and time.time() < deadline:
    time.sleep(0.05)
time.sleep(1)
print("tool got SIGINT x%d" % len(got), flush=True)
with open("/proc/sys/kernel/osrelease") as f:
    print("summary after SIGINT reads the device:", f.read().strip() != "", flush=True)
sys.exit(3)
