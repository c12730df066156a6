"""The device's attachments of this session, one line each: KIND NAME
(LIST_HANDLES through the launcher's broker, the handle numbers left out),
sorted, so that a test sees how a tool attached (kprobes or BTF links)."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bpfd_client import Client

ATTACHMENTS = {"kprobe", "kretprobe", "uprobe", "uretprobe", "tracepoint", "raw_tracepoint",
               "perf_event", "btf_link"}

client = Client()
payload, status = client.command("LIST_HANDLES")
client.close()
if not status.startswith("list_handles: ret="):
    sys.exit("LIST_HANDLES failed: " + status)
rows = []
for line in payload:
    fields = line.split()
    if len(fields) >= 3 and fields[1] in ATTACHMENTS:
        rows.append(fields[1] + " " + fields[2])
for row in sorted(rows):
    print("attached: " + row)
