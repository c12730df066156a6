#!/usr/bin/env python3
"""bpfd in the running parity guest as a bpfd-bcc remote:

    bpfd-bcc --remote 'process:python3 relay.py RUN/data.sock' TOOL ...

Connects to the unix socket QEMU serves for the guest's virtio-serial port
"bpfd", writes "START" (the guest init then runs bpfd on that port) and
joins the port to stdin/stdout. A virtio port cannot be half-closed, so at
the end of stdin this sends bpfd "EXIT" (what end of input means to bpfd),
copies the rest of bpfd's output up to EXIT's reply and exits 0; the guest
keeps running for the next session. Exits 1 if the guest side goes away.
"""
import os
import select
import socket
import sys


def main():
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    sock.connect(sys.argv[1])
    sock.sendall(b"START\n")
    stdin, stdout = sys.stdin.fileno(), sys.stdout.fileno()
    tail = b""          # the output's last partial line, to find EXIT's reply
    exiting = False
    watch = [sock, stdin]
    while True:
        ready, _, _ = select.select(watch, [], [])
        if stdin in ready:
            data = os.read(stdin, 65536)
            if data:
                sock.sendall(data)
            else:
                sock.sendall(b"EXIT\n")
                exiting = True
                watch = [sock]
        if sock in ready:
            data = sock.recv(65536)
            if not data:
                return 1
            _write_all(stdout, data)
            if exiting:
                tail += data
                lines = tail.split(b"\n")
                tail = lines.pop()
                if any(line.startswith(b"exit: ret=") for line in lines):
                    return 0


def _write_all(fd, data):
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]


if __name__ == "__main__":
    try:
        sys.exit(main())
    except (BrokenPipeError, ConnectionError) as e:
        print("relay: %s" % e, file=sys.stderr)
        sys.exit(1)
