/* bcc/proto.h for bpf-xcc: BCC's packet-header names. The tracing tools of
 * bpfcc-tools include it without using the packet structs; bpf-xcc does
 * not provide them (packet parsing programs are out of its scope). */
#ifndef __BPF_XCC_BCC_PROTO_H
#define __BPF_XCC_BCC_PROTO_H
#define BPF_PACKET_HEADER __attribute__((packed)) __attribute__((deprecated("packet")))
#endif
