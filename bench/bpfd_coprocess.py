"""bpfd-remote as a coprocess of a bench (bench/bpfd-*.py): commands in,
replies out (docs/protocol.md)."""
import os
import select
import subprocess
import time


class Failed(Exception):
    """bpfd-remote gave no greeting, fell silent or ended."""


class Bpfd:
    """Starts ARGV (a bpfd-remote command) and reads its greeting; boot_s is
    the time to it. A read waits at most TIMEOUT seconds; CAPTURE_STDERR keeps
    bpfd-remote's stderr for the failure message (else it goes through)."""

    def __init__(self, argv, timeout=300, capture_stderr=False):
        self.timeout = timeout
        t = time.monotonic()
        self.p = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.PIPE if capture_stderr else None, bufsize=0)
        self.fd = self.p.stdout.fileno()
        self.buf = b""
        self.greeting = self.readline()
        self.boot_s = time.monotonic() - t
        if not self.greeting.startswith("bpfd:"):
            raise Failed("no greeting from bpfd: %r" % self.greeting)

    def _fill(self):
        if not select.select([self.fd], [], [], self.timeout)[0]:
            raise Failed("no output from bpfd-remote in %d s" % self.timeout)
        data = os.read(self.fd, 1 << 20)
        if not data:
            status = self.p.wait()
            if self.p.stderr:
                err = self.p.stderr.read().decode(errors="replace").strip()
                raise Failed("bpfd-remote ended (status %s): %s" % (status, err[-500:]))
            raise Failed("bpfd-remote ended (status %s)" % status)
        self.buf += data

    def readline(self):
        while b"\n" not in self.buf:
            self._fill()
        line, self.buf = self.buf.split(b"\n", 1)
        return line.decode(errors="replace")

    def send(self, *lines):
        self.p.stdin.write("".join(l + "\n" for l in lines).encode())

    def reply(self):
        """(status line, payload lines) of the next reply."""
        payload = []
        while True:
            line = self.readline()
            if line.startswith("+ "):
                payload.append(line[2:])
            else:
                return line, payload

    def close(self, wait=None):
        """EXIT, then waits WAIT seconds (TIMEOUT) for bpfd-remote to end."""
        try:
            self.send("EXIT")
            self.p.stdin.close()
        except OSError:
            pass
        try:
            self.p.wait(timeout=self.timeout if wait is None else wait)
        except subprocess.TimeoutExpired:
            self.p.kill()
            self.p.wait()
        self.p.stdout.close()
        if self.p.stderr:
            self.p.stderr.close()
