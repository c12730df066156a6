/* A socket filter like BCC's examples/networking/dns_matching/
 * dns_matching.c (not in Debian's bpfcc-tools): a program's own
 * BPF_PACKET_HEADER structs (the DNS header, one name character), a
 * cursor advanced one byte a loop turn under #pragma unroll, the query name
 * copied into a hash key and looked up. Written for bpf-xcc's tests. */
#include <uapi/linux/if_ether.h>
#include <uapi/linux/in.h>
#include <bcc/proto.h>

struct dns_hdr_t {
  u16 id;
  u16 flags;
  u16 qdcount;
  u16 ancount;
  u16 nscount;
  u16 arcount;
} BPF_PACKET_HEADER;

struct dns_char_t {
  char c;
} BPF_PACKET_HEADER;

struct Key {
  unsigned char p[32];
};

struct Leaf {
  unsigned char p[4];
};

BPF_HASH(cache, struct Key, struct Leaf, 128);

int dns_matching(struct __sk_buff *skb) {
  u8 *cursor = 0;
  struct Key key = {};
  struct ethernet_t *ethernet = cursor_advance(cursor, sizeof(*ethernet));
  if (ethernet->type != ETH_P_IP)
    return 0;
  struct ip_t *ip = cursor_advance(cursor, sizeof(*ip));
  if (ip->nextp != IPPROTO_UDP)
    return 0;
  struct udp_t *udp = cursor_advance(cursor, sizeof(*udp));
  if (udp->dport != 53)
    return 0;
  struct dns_hdr_t *dns_hdr = cursor_advance(cursor, sizeof(*dns_hdr));
  if ((dns_hdr->flags >> 15) != 0)
    return -1; /* an answer: keep */
  u16 i = 0;
  struct dns_char_t *c;
#pragma unroll
  for (i = 0; i < 32; i++) {
    c = cursor_advance(cursor, 1);
    if (c->c == 0)
      break;
    key.p[i] = c->c;
  }
  if (cache.lookup(&key))
    return -1;
  return 0;
}
