"""bpfd-bcc's broker: the session the launcher shares with its tool on the
unix socket $BPFD_BCC_SOCKET (docs/protocol.md's lines, EXIT refused)."""
import os
import socket

from .session import Session


class Broker(Session):
    """A connection to PATH (default $BPFD_BCC_SOCKET); reads wait at most
    TIMEOUT seconds (None: for ever)."""

    def __init__(self, path=None, timeout=None):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.connect(path or os.environ["BPFD_BCC_SOCKET"])
        super().__init__(self.sock.fileno(), self.sock.sendall, timeout, what="the broker")

    def close(self):
        self.sock.close()
