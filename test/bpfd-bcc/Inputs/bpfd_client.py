"""A minimal client of bpfd's line protocol on $BPFD_BCC_SOCKET (the
launcher's broker): one command line, its reply (payload lines, status)."""
import os
import socket


class Client:
    def __init__(self, path=None):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.connect(path or os.environ["BPFD_BCC_SOCKET"])
        self.file = self.sock.makefile("rw", encoding="utf-8", newline="\n")

    def send(self, text):
        self.file.write(text)
        self.file.flush()

    def reply(self):
        payload = []
        while True:
            line = self.file.readline()
            if not line:
                raise EOFError("the broker closed the connection")
            line = line.rstrip("\n")
            if line.startswith("+ "):
                payload.append(line[2:])
            else:
                return payload, line

    def command(self, line):
        self.send(line + "\n")
        return self.reply()

    def close(self):
        self.file.close()
        self.sock.close()
