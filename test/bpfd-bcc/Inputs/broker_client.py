"""Run inside `bpfd-bcc --exec`: talks to bpfd through $BPFD_BCC_SOCKET.
Prints every reply's status line (and payload lines as '  + ...')."""
import os
import socket
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "python"))
from bpfd_client import Broker  # noqa: E402


def show(title, reply):
    print("%s: %s" % (title, reply.line))
    for p in reply.payload:
        print("  + " + p)


one = Broker()
show("create", one.command("BPF_CREATE_MAP 1 count 8 8 16 0"))
show("list", one.command("LIST_HANDLES"))
# Several lines at once: a comment and an empty line get no reply; the
# replies of the others come in order; EXIT (any case, tagged or not) is
# refused: the launcher owns the session.
one.send("# a comment", "", "@t1 list_handles", "EXIT", "@t2 exit", "NO_SUCH_COMMAND")
for title in ("tagged", "exit", "tagged exit", "unknown"):
    show(title, one.reply())

# A second connection reaches the same session.
two = Broker()
show("second connection", two.command("LIST_HANDLES"))
two.close()

# A client that goes away in the middle of a long reply: the rest of it is
# still read from bpfd, so the next client gets its own reply.
raw = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
raw.connect(os.environ["BPFD_BCC_SOCKET"])
raw.sendall(b"GET_KALLSYMS\n")
first = raw.recv(16)
print("kallsyms reply started:", first.startswith(b"+ "))
raw.close()
three = Broker()
show("after a hang-up", three.command("LIST_HANDLES"))
show("still in step", three.command("BPF_CLOSE 99"))
three.close()
one.close()
