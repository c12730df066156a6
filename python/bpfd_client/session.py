"""A bpfd session over any byte pipe: commands out, replies in
(docs/protocol.md), with a time limit on each read. Coprocess (bpfd-remote
started here) and Broker (bpfd-bcc's socket) are its two pipes."""
import os
import select

from .blob import b64, unb64
from .reply import Malformed, Status, is_payload, payload_text

# Raw bytes per OBJECT_CHUNK line: the base64 stays well under max_line.
OBJECT_CHUNK = 384 * 1024


class Failed(RuntimeError):
    """The session gave no greeting, fell silent, ended, or a command that
    had to succeed failed."""


class Reply:
    """One command's reply: its payload lines (without '+ ') and its status
    line; status (a Status) is read from the line when first asked for."""

    def __init__(self, payload, line):
        self.payload = payload
        self.line = line
        self._status = None

    @property
    def status(self):
        if self._status is None:
            try:
                self._status = Status(self.line)
            except Malformed as e:
                raise Failed(str(e)) from None
        return self._status

    def __getattr__(self, name):
        """ret, ok, errno, msg, tag, command, fields: the status line's."""
        if name in ("ret", "ok", "errno", "msg", "tag", "command", "fields"):
            return getattr(self.status, name)
        raise AttributeError(name)


class Session:
    """Reads lines from the file descriptor FD, writes with WRITE(bytes). A
    read waits at most TIMEOUT seconds (None: for ever). WHAT names the
    other end in failures; ended() says why it ended."""

    def __init__(self, fd, write, timeout=None, what="bpfd"):
        self.fd = fd
        self._write = write
        self.timeout = timeout
        self.what = what
        self._buf, self._pos = b"", 0   # read, and how much of it is taken

    @property
    def buf(self):
        """What was read and not yet taken as a line."""
        return self._buf[self._pos:]

    @buf.setter
    def buf(self, data):
        self._buf, self._pos = data, 0

    def ended(self):
        """The Failed for an end of input (a pipe may say more)."""
        return Failed("%s ended" % self.what)

    def _fill(self):
        if not select.select([self.fd], [], [], self.timeout)[0]:
            raise Failed("no output from %s in %d s" % (self.what, self.timeout))
        data = os.read(self.fd, 1 << 20)
        if not data:
            raise self.ended()
        self._buf += data

    def readline_bytes(self):
        while True:
            end = self._buf.find(b"\n", self._pos)
            if end >= 0:
                line, self._pos = self._buf[self._pos:end], end + 1
                return line
            self.buf = self.buf   # the part line only, then more
            self._fill()

    def readline(self):
        return self.readline_bytes().decode(errors="replace")

    def send_raw(self, data):
        """Writes DATA as it is; a pipe closed at the other end is its end."""
        try:
            self._write(data)
        except OSError:
            raise self.ended() from None

    def send(self, *lines):
        """Writes LINES, each a command, in one write (pipelined)."""
        self.send_raw("".join(l + "\n" for l in lines).encode())

    def reply(self):
        """The next reply (a Reply)."""
        payload = []
        while True:
            line = self.readline()
            if not is_payload(line):
                return Reply(payload, line)
            payload.append(payload_text(line))

    def command(self, line):
        """Sends LINE; its Reply."""
        self.send(line)
        return self.reply()

    def check(self, line):
        """command(LINE), raising Failed ('LINE: STATUS') unless it succeeded."""
        r = self.command(line)
        if not r.ok:
            raise Failed("%s: %s" % (line, r.line))
        return r

    def read_file(self, path, size=262144, reads=None):
        """The device's file PATH (FILE_OPEN, FILE_READ of SIZE bytes until one
        reads nothing or fails, at most READS of them, BPF_CLOSE) as bytes;
        None when it cannot be opened."""
        h = self.command("FILE_OPEN %s" % path)
        if not h.ok:
            return None
        data, n = b"", 0
        while reads is None or n < reads:
            n += 1
            r = self.command("FILE_READ %d %d" % (h.ret, size))
            if r.ret <= 0:
                break
            data += unb64(r.payload[0])
        self.command("BPF_CLOSE %d" % h.ret)
        return data

    def upload_object(self, data, chunk=OBJECT_CHUNK):
        """OBJECT_BEGIN and OBJECT_CHUNK lines carrying DATA (an object file,
        for LOAD_OBJECT -): the first reply that failed, else the last."""
        r = self.command("OBJECT_BEGIN %d" % len(data))
        for off in range(0, len(data), chunk):
            if not r.ok:
                break
            r = self.command("OBJECT_CHUNK " + b64(data[off:off + chunk]))
        return r
