"""Run inside the sandbox as the 'tool': our libbcc's perf polls in both of
PERF_READER_POLL's reply forms (docs/protocol.md, Perf buffers).

    perf_forms_tool.py batch|old

A proxy between libbcc and the launcher's broker ($BPFD_BCC_SOCKET, set
before `from bcc import BPF`) counts the polls libbcc sends; with `old` it
answers the batch form as a bpfd without it does (EINVAL, "'batch' is not a
handle number", nothing sent on), so libbcc must fall back to one sample a
line. A BCC program submits each syscall entry's bpf_ktime_get_ns() while the
guest's workload loops on getpid; the callback checks that the timestamps
come in order (one vCPU). After 2000 events (or 60 s) it prints:
    events N, in order: True|False, lost L
    polls: batch=B ahead=A refused=R lines=L
A: batch polls libbcc sent ahead (timeout 0) while the callbacks ran.
"""
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "python"))
import bpfd_client  # noqa: E402
from command_log import CommandLog  # noqa: E402

mode = sys.argv[1]
polls = {"batch": 0, "ahead": 0, "refused": 0, "lines": 0}
REFUSED = (bpfd_client.status_line("perf_reader_poll", -22, "EINVAL", "'batch' is not a handle number")
           + "\n").encode()


def count_poll(words, client):
    """Counts a PERF_READER_POLL; with `old`, answers its batch form itself."""
    if not words or words[0].upper() != b"PERF_READER_POLL":
        return False
    if b"batch" not in words:
        polls["lines"] += 1
        return False
    if mode == "old":
        polls["refused"] += 1
        client.sendall(REFUSED)  # libbcc waits for each reply
        return True
    polls["batch"] += 1
    if words[1] == b"0":  # the tool never polls without waiting
        polls["ahead"] += 1
    return False


CommandLog(count_poll)
from bcc import BPF  # noqa: E402 (after the proxy: libbcc connects on first use)
from sys_enter_times import SYS_ENTER_TIMES  # noqa: E402

b = BPF(text=SYS_ENTER_TIMES)
seen = {"n": 0, "last": 0, "order": True, "lost": 0}


def on_event(cpu, data, size):
    import ctypes
    ts = ctypes.cast(data, ctypes.POINTER(ctypes.c_uint64))[0]
    if ts < seen["last"]:
        seen["order"] = False
    seen["last"] = ts
    seen["n"] += 1


def on_lost(n):
    seen["lost"] += n


b["events"].open_perf_buffer(on_event, page_cnt=64, lost_cb=on_lost)
end = time.time() + 60
while seen["n"] < 2000 and time.time() < end:
    b.perf_buffer_poll(timeout=100)
print("events %s, in order: %s, lost %d" % ("2000 or more" if seen["n"] >= 2000 else seen["n"],
                                            seen["order"], seen["lost"]), flush=True)
print("polls: batch=%d ahead=%d refused=%d lines=%d" % (polls["batch"], polls["ahead"], polls["refused"],
                                                       polls["lines"]), flush=True)
