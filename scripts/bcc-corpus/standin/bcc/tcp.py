"""TCP state and flag names (include/net/tcp_states.h, include/net/tcp.h)."""
tcpstate = {
    1: "ESTABLISHED", 2: "SYN_SENT", 3: "SYN_RECV", 4: "FIN_WAIT1", 5: "FIN_WAIT2",
    6: "TIME_WAIT", 7: "CLOSE", 8: "CLOSE_WAIT", 9: "LAST_ACK", 10: "LISTEN",
    11: "CLOSING", 12: "NEW_SYN_RECV",
}

TCPHDR_FIN, TCPHDR_SYN, TCPHDR_RST, TCPHDR_PSH = 0x01, 0x02, 0x04, 0x08
TCPHDR_ACK, TCPHDR_URG, TCPHDR_ECE, TCPHDR_CWR = 0x10, 0x20, 0x40, 0x80
flags = {TCPHDR_FIN: "FIN", TCPHDR_SYN: "SYN", TCPHDR_RST: "RST", TCPHDR_PSH: "PSH",
         TCPHDR_ACK: "ACK", TCPHDR_URG: "URG", TCPHDR_ECE: "ECE", TCPHDR_CWR: "CWR"}


def flags2str(value):
    return "|".join(name for bit, name in sorted(flags.items()) if value & bit)
