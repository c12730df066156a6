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
import atexit
import os
import socket
import sys
import tempfile
import threading
import time

mode = sys.argv[1]
polls = {"batch": 0, "ahead": 0, "refused": 0, "lines": 0}
REFUSED = b'perf_reader_poll: ret=-22 errno=EINVAL msg="\'batch\' is not a handle number"\n'


def proxy():
    upstream = os.environ["BPFD_BCC_SOCKET"]
    path = os.path.join(tempfile.mkdtemp(), "proxy.sock")
    server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    server.bind(path)
    server.listen(4)

    def requests(client, up):
        buf = b""
        while True:
            data = client.recv(65536)
            if not data:
                up.shutdown(socket.SHUT_WR)
                return
            buf += data
            *lines, buf = buf.split(b"\n")
            for line in lines:
                words = line.split()
                if words and words[0].upper() == b"PERF_READER_POLL":
                    if b"batch" in words:
                        if mode == "old":
                            polls["refused"] += 1
                            client.sendall(REFUSED)  # libbcc waits for each reply
                            continue
                        polls["batch"] += 1
                        if words[1] == b"0":  # the tool never polls without waiting
                            polls["ahead"] += 1
                    else:
                        polls["lines"] += 1
                up.sendall(line + b"\n")

    def replies(up, client):
        while True:
            data = up.recv(65536)
            if not data:
                client.close()
                return
            client.sendall(data)

    def accept():
        while True:
            client, _ = server.accept()
            up = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            up.connect(upstream)
            threading.Thread(target=requests, args=(client, up), daemon=True).start()
            threading.Thread(target=replies, args=(up, client), daemon=True).start()

    threading.Thread(target=accept, daemon=True).start()
    os.environ["BPFD_BCC_SOCKET"] = path

    def remove():
        os.unlink(path)
        os.rmdir(os.path.dirname(path))
    atexit.register(remove)


proxy()
from bcc import BPF  # noqa: E402 (after the proxy: libbcc connects on first use)

b = BPF(text="""
BPF_PERF_OUTPUT(events);
TRACEPOINT_PROBE(raw_syscalls, sys_enter) {
    u64 ts = bpf_ktime_get_ns();
    events.perf_submit(args, &ts, sizeof(ts));
    return 0;
}
""")
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
