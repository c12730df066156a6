/* A socket filter like BCC's examples/networking/vlan_filter/
 * data-plane-tracing.c (not in Debian's bpfcc-tools): keep IPv4 UDP packets
 * to port 4789 (VXLAN), drop the rest. Written for bpf-xcc's tests; the
 * constructs are the example's: cursor_advance over ethernet_t, ip_t,
 * udp_t, switches on their fields, return -1 to keep, 0 to drop. The
 * protocol and port are macros so a test can pick others (TCP's
 * destination port is at the same offset as UDP's). */
#include <bcc/proto.h>

#ifndef KEEP_PROTO
#define KEEP_PROTO 17
#endif
#ifndef KEEP_PORT
#define KEEP_PORT 4789
#endif

int vlan_filter(struct __sk_buff *skb) {
  u8 *cursor = 0;
  struct ethernet_t *ethernet = cursor_advance(cursor, sizeof(*ethernet));
  switch (ethernet->type) {
  case 0x0800: goto IP;
  default: goto DROP;
  }
IP: ;
  struct ip_t *ip = cursor_advance(cursor, sizeof(*ip));
  switch (ip->nextp) {
  case KEEP_PROTO: goto UDP;
  default: goto DROP;
  }
UDP: ;
  struct udp_t *udp = cursor_advance(cursor, sizeof(*udp));
  switch (udp->dport) {
  case KEEP_PORT: goto KEEP;
  default: goto DROP;
  }
KEEP:
  return -1;
DROP:
  return 0;
}
