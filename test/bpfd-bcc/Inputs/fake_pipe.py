"""Run inside bpfd-bcc-fstest over make_fake_root.py's tree: reads
/sys/kernel/tracing/trace_pipe (the device's, a FIFO of ROOT on this host
written by a thread here) the way BCC's trace_print does."""
import os
import signal
import sys
import threading
import time

fifo = sys.argv[1] + "/sys/kernel/tracing/trace_pipe"
start = time.time()
writer_file = []


def writer():
    w = open(fifo, "w")  # blocks until the device side has it open
    writer_file.append(w)
    time.sleep(0.5)
    w.write("first line\n")
    w.flush()


class Alarm(Exception):
    pass


def alarm(sig, frame):
    raise Alarm()


signal.signal(signal.SIGALRM, alarm)
threading.Thread(target=writer, daemon=True).start()
with open("/sys/kernel/tracing/trace_pipe", "rb", buffering=0) as pipe:
    data = pipe.read(4096)  # nothing for 0.5 s: the read blocks, then returns
    print("read %r after at least 0.4 s: %s" % (data, time.time() - start >= 0.4))
    # Nothing more comes: an interrupted read ends with EINTR (Python then
    # runs the handler, which raises).
    signal.setitimer(signal.ITIMER_REAL, 0.3)
    t = time.time()
    try:
        pipe.read(4096)
        print("read returned")
    except Alarm:
        print("interrupted within a second:", time.time() - t < 1.0)
    # The pipe still works after an interrupted read.
    writer_file[0].write("second line\n")
    writer_file[0].flush()
    print("then read %r" % pipe.read(4096))
