"""Debian's Prometheus run by a test: loopback only, its storage in the
test's folder, scraping the given targets every INTERVAL seconds; PromQL
through its HTTP API."""
import json
import os
import socket
import subprocess
import time
import urllib.parse
import urllib.request


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Prometheus:
    def __init__(self, folder, targets, interval, log_path):
        os.makedirs(folder, exist_ok=True)
        self.port = free_port()
        config = os.path.join(folder, "prometheus.yml")
        with open(config, "w") as f:
            f.write("global:\n  scrape_interval: %ds\n  scrape_timeout: %ds\n"
                    "scrape_configs:\n  - job_name: bpfd\n    static_configs:\n"
                    "      - targets: [%s]\n" % (interval, interval,
                                                 ", ".join("'%s'" % t for t in targets)))
        self.log = open(log_path, "w")
        self.proc = subprocess.Popen(["prometheus", "--config.file=" + config,
                                      "--storage.tsdb.path=" + os.path.join(folder, "data"),
                                      "--web.listen-address=127.0.0.1:%d" % self.port],
                                     stdout=self.log, stderr=subprocess.STDOUT)
        deadline = time.time() + 60
        while True:
            try:
                with urllib.request.urlopen(self.url("/-/ready"), timeout=5) as r:
                    if r.status == 200:
                        break
            except OSError:
                pass
            if time.time() > deadline or self.proc.poll() is not None:
                raise RuntimeError("prometheus did not become ready (log: %s)" % log_path)
            time.sleep(0.2)

    def url(self, path):
        return "http://127.0.0.1:%d%s" % (self.port, path)

    def query(self, promql):
        """An instant query's vector: {device: value}."""
        q = urllib.parse.urlencode({"query": promql})
        with urllib.request.urlopen(self.url("/api/v1/query?" + q), timeout=30) as r:
            answer = json.load(r)
        if answer.get("status") != "success":
            raise RuntimeError("query %s: %s" % (promql, answer))
        return {s["metric"].get("device", ""): float(s["value"][1])
                for s in answer["data"]["result"]}

    def stop(self):
        self.proc.terminate()
        return self.proc.wait(60)
