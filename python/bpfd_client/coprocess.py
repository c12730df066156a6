"""bpfd-remote (or any command speaking bpfd's protocol on stdin/stdout) as a
coprocess: started, its greeting read, then a Session."""
import collections
import subprocess
import threading
import time

from .session import Failed, Session


class Coprocess(Session):
    """Starts ARGV and reads its greeting (greeting; boot_s: the time to it).
    A read waits at most TIMEOUT seconds (None: for ever). CAPTURE_STDERR
    keeps the last lines of its stderr for the failure message (else stderr
    goes through); ENV is its environment."""

    def __init__(self, argv, timeout=300, capture_stderr=False, env=None):
        t = time.monotonic()
        self.p = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.PIPE if capture_stderr else None,
                                  env=env, bufsize=0)
        super().__init__(self.p.stdout.fileno(), self._write_all, timeout, what="bpfd-remote")
        self.err = collections.deque(maxlen=50)
        self._drain = None
        if capture_stderr:
            self._drain = threading.Thread(target=self._keep_stderr, daemon=True)
            self._drain.start()
        self.greeting = self.readline()
        self.boot_s = time.monotonic() - t
        if not self.greeting.startswith("bpfd:"):
            raise Failed("no greeting from bpfd: %r" % self.greeting)

    def _write_all(self, data):
        view = memoryview(data)
        while view:
            view = view[self.p.stdin.write(view):]

    def _keep_stderr(self):
        for raw in iter(self.p.stderr.readline, b""):
            self.err.append(raw.decode(errors="replace").rstrip("\n"))

    def stderr_tail(self, n=500):
        """The last N characters of what bpfd-remote wrote on stderr."""
        if self._drain:
            self._drain.join(timeout=5)
        return "\n".join(self.err).strip()[-n:]

    def ended(self):
        status = self.p.wait()
        if self._drain:
            return Failed("bpfd-remote ended (status %s): %s" % (status, self.stderr_tail()))
        return Failed("bpfd-remote ended (status %s)" % status)

    def close(self, wait=None):
        """EXIT, then waits WAIT seconds (default TIMEOUT) for bpfd-remote to
        end; kills it after that. Its exit status."""
        try:
            self.send("EXIT")
        except Failed:
            pass
        try:
            self.p.stdin.close()
        except OSError:
            pass
        try:
            self.p.wait(timeout=self.timeout if wait is None else wait)
        except subprocess.TimeoutExpired:
            self.p.kill()
            self.p.wait()
        self.p.stdout.close()
        if self._drain:
            self._drain.join(timeout=5)
            self.p.stderr.close()
        return self.p.returncode
