"""The device's attachments of this session, one line each: KIND NAME
(LIST_HANDLES through the launcher's broker, the handle numbers left out),
sorted, so that a test sees how a tool attached (kprobes or BTF links)."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "python"))
from bpfd_client import Broker  # noqa: E402

ATTACHMENTS = {"kprobe", "kretprobe", "uprobe", "uretprobe", "tracepoint", "raw_tracepoint",
               "perf_event", "btf_link"}

client = Broker()
r = client.command("LIST_HANDLES")
client.close()
if not r.ok:
    sys.exit("LIST_HANDLES failed: " + r.line)
rows = []
for line in r.payload:
    fields = line.split()
    if len(fields) >= 3 and fields[1] in ATTACHMENTS:
        rows.append(fields[1] + " " + fields[2])
for row in sorted(rows):
    print("attached: " + row)
