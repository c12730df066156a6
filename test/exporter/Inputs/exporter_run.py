"""bpfd-exporter run by a test: started on 127.0.0.1 (a port of its own
choosing, read from its log), scraped, stopped with SIGTERM. Its stderr is
copied to a log file as it comes."""
import re
import signal
import subprocess
import threading
import time
import urllib.request


class Exporter:
    def __init__(self, config, log_path, extra=(), binary="bpfd-exporter"):
        self.log = open(log_path, "w")
        self.lines = []
        self.port = None
        self.proc = subprocess.Popen([binary, "--config", config, "--listen", "127.0.0.1:0",
                                      "-v"] + list(extra),
                                     stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()
        deadline = time.time() + 30
        while self.port is None:
            if time.time() > deadline or self.proc.poll() is not None:
                raise RuntimeError("bpfd-exporter did not listen: " + "".join(self.lines[-5:]))
            time.sleep(0.05)

    def _read(self):
        for line in self.proc.stderr:
            self.lines.append(line)
            self.log.write(line)
            self.log.flush()
            m = re.search(r"listening on 127\.0\.0\.1:(\d+)", line)
            if m:
                self.port = int(m.group(1))

    def url(self):
        return "http://127.0.0.1:%d" % self.port

    def metrics(self, accept=None):
        request = urllib.request.Request(self.url() + "/metrics",
                                         headers={"Accept": accept} if accept else {})
        with urllib.request.urlopen(request, timeout=30) as r:
            return r.read().decode(), r.headers.get("Content-Type")

    def wait_for(self, predicate, timeout, what):
        """Scrapes until predicate(samples) holds; returns the last text."""
        deadline = time.time() + timeout
        while True:
            text, _ = self.metrics()
            if predicate(parse(text)):
                return text
            if time.time() > deadline:
                raise RuntimeError("no %s within %d s; last scrape:\n%s" % (what, timeout, text))
            time.sleep(0.2)

    def stop(self, timeout=120):
        self.proc.send_signal(signal.SIGTERM)
        status = self.proc.wait(timeout)
        self.reader.join(10)
        return status


def parse(text):
    """The samples of an exposition: {(name, ((label, value), ...)): value}."""
    samples = {}
    for line in text.splitlines():
        if not line or line.startswith("#"):
            continue
        m = re.match(r'^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$', line)
        if not m:
            raise ValueError("not a sample line: " + line)
        labels = tuple(re.findall(r'([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"', m.group(2) or ""))
        samples[(m.group(1), labels)] = float(m.group(3))
    return samples


def value(samples, name, **labels):
    """The value of the sample NAME whose labels include LABELS (None if none)."""
    for (n, ls), v in samples.items():
        if n == name and all((k, want) in ls for k, want in labels.items()):
            return v
    return None
