"""Exercises python/bpfd_client without a device: each stdin line is
'status LINE', 'write CMD RET [ERRNO [MSG]]', 'greeting LINE' or
'records HEX'; prints what the client reads or writes. Then a session with
a scripted bpfd-remote (sh printing a greeting and replies): its replies,
read_file, a command after the end."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "python"))
import bpfd_client  # noqa: E402

for line in sys.stdin.read().splitlines():
    kind, _, rest = line.partition(" ")
    try:
        if kind == "status":
            s = bpfd_client.Status(rest)
            print("command=%s ret=%d ok=%s errno=%s msg=%r tag=%s" % (s.command, s.ret, s.ok, s.errno, s.msg, s.tag))
        elif kind == "write":
            w = rest.split(" ", 3)
            line = bpfd_client.status_line(w[0], int(w[1]), *w[2:])
            print(line, "->", repr(bpfd_client.Status(line).msg))
        elif kind == "greeting":
            print(bpfd_client.parse_greeting(rest))
        elif kind == "records":
            print(bpfd_client.unpack_records(bytes.fromhex(rest)))
    except ValueError as e:
        print("refused:", e)

script = ("echo 'bpfd: version=1 arch=arm64'; read a; echo '+ one'; echo '+'; echo 'x: ret=2';"
          " read a; echo 'file_open: ret=5'; read a; echo '+ aGk='; echo 'file_read: ret=2';"
          " read a; echo '+ -'; echo 'file_read: ret=0'; read a; echo 'bpf_close: ret=0'")
s = bpfd_client.Coprocess(["sh", "-c", script], timeout=10, capture_stderr=True)
print("greeting:", s.greeting)
r = s.command("X")
print("reply:", r.payload, r.line, r.ret)
print("file:", s.read_file("/f"))
try:
    s.command("MORE")
except bpfd_client.Failed as e:
    print("after the end:", e)
