#!/usr/bin/env python3
"""Reads a bpfd session's output and sums up the packets each SOCKET_READ
returned ("+ LEN TYPE B64" lines): one line per reply,
    read N: packets=K ipv4=K proto=P,... dport=D,...
with the IPv4 protocols and TCP/UDP destination ports seen (sorted)."""
import base64
import struct
import sys


def main():
    n, pkts, protos, ports, ipv4 = 0, 0, set(), set(), 0
    for line in sys.stdin:
        w = line.split()
        if len(w) == 4 and w[0] == "+" and w[1].isdigit():
            data = base64.b64decode(w[3])
            pkts += 1
            if len(data) >= 38 and struct.unpack("!H", data[12:14])[0] == 0x0800:
                ipv4 += 1
                ihl = (data[14] & 0xF) * 4
                protos.add(data[23])
                if len(data) >= 14 + ihl + 4:
                    ports.add(struct.unpack("!H", data[14 + ihl + 2:14 + ihl + 4])[0])
        elif line.startswith("socket_read:"):
            print("read %d: packets=%d ipv4=%d proto=%s dport=%s" % (
                n, pkts, ipv4, ",".join(map(str, sorted(protos))) or "-",
                ",".join(map(str, sorted(ports))) or "-"))
            n, pkts, protos, ports, ipv4 = n + 1, 0, set(), set(), 0


if __name__ == "__main__":
    main()
