"""Run inside the sandbox: says ready, waits until FLAG exists (the test
killed the guest meanwhile), then uses the session both ways and prints
what it gets."""
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "python"))
from bpfd_client import Broker  # noqa: E402

flag = sys.argv[1]
print("ready", flush=True)
while not os.path.exists(flag):
    time.sleep(0.05)
try:
    print("socket:", Broker().command("LIST_HANDLES").line, flush=True)
except Exception as e:
    print("socket failed:", e, flush=True)
try:
    open("/proc/loadavg").read()
    print("file read worked", flush=True)
except OSError as e:
    print("file read:", os.strerror(e.errno), flush=True)
sys.exit(0)
