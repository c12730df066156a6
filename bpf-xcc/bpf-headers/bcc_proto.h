/* bcc/proto.h for bpf-xcc: BCC's packet headers.
 *
 * A pointer to one of these structs is a place in the packet, not in memory:
 * BCC programs set one from a cursor that starts at 0 (cursor_advance) and
 * read or assign its fields. bpf-xcc's rewriter (PacketRewrite.cpp) turns
 * each field read into bpf_dext_pkt(ctx, (u64)ptr + BYTE, BIT, WIDTH) and each
 * assignment into bpf_dins_pkt(...), as BCC 0.26's frontend does, so fields
 * are in network byte order and a bit-field's first bit is its most
 * significant one. The marker is BCC's: the struct carries
 * __attribute__((deprecated("packet"))), and a program may mark its own
 * structs with BPF_PACKET_HEADER.
 *
 * Each struct is packed: BYTE and BIT of a field are its offset in
 * declaration order (the layouts below are BCC 0.26's, field for field).
 */
#ifndef __BPF_XCC_BCC_PROTO_H
#define __BPF_XCC_BCC_PROTO_H

#include <uapi/linux/if_ether.h>

#define BPF_PACKET_HEADER __attribute__((packed)) __attribute__((deprecated("packet")))

/* Ethernet II: 14 bytes. */
struct ethernet_t {
  unsigned long long dst : 48;
  unsigned long long src : 48;
  unsigned int type : 16;
} BPF_PACKET_HEADER;

/* 802.1Q tag after the source address: 4 bytes. */
struct dot1q_t {
  unsigned short pri : 3;
  unsigned short cfi : 1;
  unsigned short vlanid : 12;
  unsigned short type;
} BPF_PACKET_HEADER;

/* ARP for IPv4 over Ethernet: 28 bytes. */
struct arp_t {
  unsigned short htype;
  unsigned short ptype;
  unsigned char hlen;
  unsigned char plen;
  unsigned short oper;
  unsigned long long sha : 48;
  unsigned long long spa : 32;
  unsigned long long tha : 48;
  unsigned int tpa;
} BPF_PACKET_HEADER;

/* IPv4 without options: 20 bytes. */
struct ip_t {
  unsigned char ver : 4;
  unsigned char hlen : 4;
  unsigned char tos;
  unsigned short tlen;
  unsigned short identification;
  unsigned short ffo_unused : 1;
  unsigned short df : 1;
  unsigned short mf : 1;
  unsigned short foffset : 13;
  unsigned char ttl;
  unsigned char nextp;
  unsigned short hchecksum;
  unsigned int src;
  unsigned int dst;
} BPF_PACKET_HEADER;

struct icmp_t {
  unsigned char type;
  unsigned char code;
  unsigned short checksum;
} BPF_PACKET_HEADER;

/* IPv6 fixed header: 40 bytes; each address as two 64-bit halves. */
struct ip6_t {
  unsigned int ver : 4;
  unsigned int priority : 8;
  unsigned int flow_label : 20;
  unsigned short payload_len;
  unsigned char next_header;
  unsigned char hop_limit;
  unsigned long long src_hi;
  unsigned long long src_lo;
  unsigned long long dst_hi;
  unsigned long long dst_lo;
} BPF_PACKET_HEADER;

/* An IPv6 extension header's first 8 bytes. */
struct ip6_opt_t {
  unsigned char next_header;
  unsigned char ext_len;
  unsigned char pad[6];
} BPF_PACKET_HEADER;

struct icmp6_t {
  unsigned char type;
  unsigned char code;
  unsigned short checksum;
} BPF_PACKET_HEADER;

struct udp_t {
  unsigned short sport;
  unsigned short dport;
  unsigned short length;
  unsigned short crc;
} BPF_PACKET_HEADER;

/* TCP without options: 20 bytes. */
struct tcp_t {
  unsigned short src_port;
  unsigned short dst_port;
  unsigned int seq_num;
  unsigned int ack_num;
  unsigned char offset : 4;
  unsigned char reserved : 4;
  unsigned char flag_cwr : 1;
  unsigned char flag_ece : 1;
  unsigned char flag_urg : 1;
  unsigned char flag_ack : 1;
  unsigned char flag_psh : 1;
  unsigned char flag_rst : 1;
  unsigned char flag_syn : 1;
  unsigned char flag_fin : 1;
  unsigned short rcv_wnd;
  unsigned short cksum;
  unsigned short urg_ptr;
} BPF_PACKET_HEADER;

/* VXLAN (RFC 7348): 8 bytes, the VNI in key. */
struct vxlan_t {
  unsigned int rsv1 : 4;
  unsigned int iflag : 1;
  unsigned int rsv2 : 3;
  unsigned int rsv3 : 24;
  unsigned int key : 24;
  unsigned int rsv4 : 8;
} BPF_PACKET_HEADER;

/* VXLAN with the group based policy extension: 8 bytes. */
struct vxlan_gbp_t {
  unsigned int gflag : 1;
  unsigned int rsv1 : 3;
  unsigned int iflag : 1;
  unsigned int rsv2 : 3;
  unsigned int rsv3 : 1;
  unsigned int dflag : 1;
  unsigned int rsv4 : 1;
  unsigned int aflag : 1;
  unsigned int rsv5 : 3;
  unsigned int tag : 16;
  unsigned int key : 24;
  unsigned int rsv6 : 8;
} BPF_PACKET_HEADER;

#endif
