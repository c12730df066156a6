#!/usr/bin/env python3
"""scrape-fake-fleet.py CONFIG LOG: bpfd-exporter over the stand-in devices
of fake-fleet.yaml: waits until board-a and board-b are up and board-gone
has failed twice (retried), prints one scrape and its content type, one
in OpenMetrics (asked for as Prometheus asks), then
SIGTERM and the exit status."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from exporter_run import Exporter, value  # noqa: E402

exporter = Exporter(sys.argv[1], sys.argv[2])
try:
    exporter.wait_for(lambda s: value(s, "bpfd_device_up", device="board-a") == 1 and
                      value(s, "bpfd_device_up", device="board-b") == 1 and
                      value(s, "bpfd_device_failures_total", device="board-gone") >= 2,
                      30, "two devices up")
    text, content_type = exporter.metrics()
    print("content-type: " + content_type)
    sys.stdout.write(text)
    # What Prometheus asks for first.
    text, content_type = exporter.metrics(
        "application/openmetrics-text;version=1.0.0,text/plain;version=0.0.4;q=0.5")
    print("content-type: " + content_type)
    sys.stdout.write(text)
finally:
    print("exit status %d" % exporter.stop())
