/* A tc classifier that writes packet header fields, as BCC's
 * tests/python/test_xlate1.c and examples/networking/tunnel_monitor do:
 * plain assignments (bpf_dins_pkt), a compound one, a bit-field, and the
 * checksum fix-up with incr_cksum_l3 on &ip->hchecksum. Written for
 * bpf-xcc's tests. */
#include <bcc/proto.h>

int rewrite_ttl(struct __sk_buff *skb) {
  u8 *cursor = 0;
  struct ethernet_t *ethernet = cursor_advance(cursor, sizeof(*ethernet));
  if (ethernet->type != 0x0800)
    return 0;
  struct ip_t *ip = cursor_advance(cursor, sizeof(*ip));
  u16 old = (ip->ttl << 8) | ip->nextp;
  ip->ttl -= 1;
  ip->tos = 0x10;
  ip->df = 1;
  u16 now = (ip->ttl << 8) | ip->nextp;
  incr_cksum_l3(&ip->hchecksum, old, now);
  return 0;
}
