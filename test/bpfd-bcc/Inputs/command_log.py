"""Which device commands our libbcc sends: a proxy between libbcc and the
launcher's broker. CommandLog() must be made before `from bcc import ...`:
it points $BPFD_BCC_SOCKET at a socket of its own, and every command line
libbcc writes there is noted (its first word) and passed on; replies pass
back untouched. libbcc waits for each reply, so when a libbcc call has
returned, its commands are in the log. With ANSWER, answer(words, client)
sees each line first (its words, bytes) and returns True when it answered
the line itself on the socket CLIENT: that line is not passed on."""
import atexit
import collections
import os
import socket
import tempfile
import threading


class CommandLog:
    def __init__(self, answer=None):
        self.upstream = os.environ["BPFD_BCC_SOCKET"]
        self.answer = answer
        self.path = os.path.join(tempfile.mkdtemp(), "proxy.sock")
        self.server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.server.bind(self.path)
        self.server.listen(4)
        self.commands = []
        self.lock = threading.Lock()
        os.environ["BPFD_BCC_SOCKET"] = self.path
        atexit.register(self._remove)
        threading.Thread(target=self._accept, daemon=True).start()

    def _remove(self):
        os.unlink(self.path)
        os.rmdir(os.path.dirname(self.path))

    def _accept(self):
        while True:
            client, _ = self.server.accept()
            up = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            up.connect(self.upstream)
            threading.Thread(target=self._requests, args=(client, up), daemon=True).start()
            threading.Thread(target=self._replies, args=(up, client), daemon=True).start()

    def _requests(self, client, up):
        buf = b""
        while True:
            data = client.recv(65536)
            if not data:
                if buf:
                    up.sendall(buf)
                up.shutdown(socket.SHUT_WR)
                return
            buf += data
            *lines, buf = buf.split(b"\n")
            for line in lines:
                words = line.split()
                if words:
                    with self.lock:
                        self.commands.append(words[0].decode().upper())
                if self.answer and self.answer(words, client):
                    continue
                up.sendall(line + b"\n")

    def _replies(self, up, client):
        while True:
            data = up.recv(65536)
            if not data:
                client.close()
                return
            client.sendall(data)

    def mark(self):
        with self.lock:
            return len(self.commands)

    def since(self, mark):
        """The commands after mark, counted: 'BPF_DELETE_ELEM x20, ...' in order of first use."""
        with self.lock:
            seen = collections.Counter(self.commands[mark:])
            order = list(dict.fromkeys(self.commands[mark:]))
        return ", ".join("%s x%d" % (c, seen[c]) for c in order) or "none"
