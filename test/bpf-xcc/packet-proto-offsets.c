// bcc/proto.h's packet headers have BCC 0.26's layouts, and a field read
// through a header pointer becomes bpf_dext_pkt(ctx, (u64)ptr+BYTE, BIT,
// WIDTH) with BIT counted from the most significant bit, as BCC's frontend
// rewrites it. The offsets are the same for both targets (packed structs).
// REQUIRES: kernel-arm64, kernel-x86_64
// RUN: bpf-xcc --arch arm64 --kernel %headers_arm64 %s -o %t.o --emit-c | FileCheck %s
// RUN: bpf-xcc --arch x86_64 --kernel %headers_x86_64 %s -o %t.o --emit-c | FileCheck %s
#include <bcc/proto.h>

_Static_assert(sizeof(struct ethernet_t) == 14, "ethernet_t");
_Static_assert(sizeof(struct dot1q_t) == 4, "dot1q_t");
_Static_assert(sizeof(struct arp_t) == 28, "arp_t");
_Static_assert(sizeof(struct ip_t) == 20, "ip_t");
_Static_assert(sizeof(struct icmp_t) == 4, "icmp_t");
_Static_assert(sizeof(struct ip6_t) == 40, "ip6_t");
_Static_assert(sizeof(struct ip6_opt_t) == 8, "ip6_opt_t");
_Static_assert(sizeof(struct icmp6_t) == 4, "icmp6_t");
_Static_assert(sizeof(struct udp_t) == 8, "udp_t");
_Static_assert(sizeof(struct tcp_t) == 20, "tcp_t");
_Static_assert(sizeof(struct vxlan_t) == 8, "vxlan_t");
_Static_assert(sizeof(struct vxlan_gbp_t) == 8, "vxlan_gbp_t");

BPF_ARRAY(out, u64, 32);

static inline void PUT(int k, u64 x) { out.update(&k, &x); }

int fields(struct __sk_buff *skb) {
  u8 *cursor = 0;
  struct ethernet_t *eth = cursor_advance(cursor, sizeof(*eth));
  struct dot1q_t *vlan = cursor_advance(cursor, sizeof(*vlan));
  struct arp_t *arp = cursor_advance(cursor, sizeof(*arp));
  struct ip_t *ip = cursor_advance(cursor, sizeof(*ip));
  struct ip6_t *ip6 = cursor_advance(cursor, sizeof(*ip6));
  struct tcp_t *tcp = cursor_advance(cursor, sizeof(*tcp));
  struct udp_t *udp = cursor_advance(cursor, sizeof(*udp));
  struct vxlan_t *vx = cursor_advance(cursor, sizeof(*vx));
  struct vxlan_gbp_t *gbp = cursor_advance(cursor, sizeof(*gbp));
  struct icmp_t *icmp = cursor_advance(cursor, sizeof(*icmp));
  // CHECK: PUT(0, bpf_dext_pkt(skb, (u64)eth+0, 0, 48));
  PUT(0, eth->dst);
  // CHECK: PUT(1, bpf_dext_pkt(skb, (u64)eth+6, 0, 48));
  PUT(1, eth->src);
  // CHECK: PUT(2, bpf_dext_pkt(skb, (u64)eth+12, 0, 16));
  PUT(2, eth->type);
  // CHECK: PUT(3, bpf_dext_pkt(skb, (u64)vlan+0, 4, 12));
  PUT(3, vlan->vlanid);
  // CHECK: PUT(4, bpf_dext_pkt(skb, (u64)arp+14, 0, 32));
  PUT(4, arp->spa);
  // CHECK: PUT(5, bpf_dext_pkt(skb, (u64)arp+18, 0, 48));
  PUT(5, arp->tha);
  // CHECK: PUT(6, bpf_dext_pkt(skb, (u64)ip+0, 0, 4));
  PUT(6, ip->ver);
  // CHECK: PUT(7, bpf_dext_pkt(skb, (u64)ip+0, 4, 4));
  PUT(7, ip->hlen);
  // CHECK: PUT(8, bpf_dext_pkt(skb, (u64)ip+6, 1, 1));
  PUT(8, ip->df);
  // CHECK: PUT(9, bpf_dext_pkt(skb, (u64)ip+6, 3, 13));
  PUT(9, ip->foffset);
  // CHECK: PUT(10, bpf_dext_pkt(skb, (u64)ip+9, 0, 8));
  PUT(10, ip->nextp);
  // CHECK: PUT(11, bpf_dext_pkt(skb, (u64)ip+16, 0, 32));
  PUT(11, ip->dst);
  // CHECK: PUT(12, bpf_dext_pkt(skb, (u64)ip6+1, 4, 20));
  PUT(12, ip6->flow_label);
  // CHECK: PUT(13, bpf_dext_pkt(skb, (u64)ip6+32, 0, 64));
  PUT(13, ip6->dst_lo);
  // CHECK: PUT(14, bpf_dext_pkt(skb, (u64)tcp+12, 0, 4));
  PUT(14, tcp->offset);
  // CHECK: PUT(15, bpf_dext_pkt(skb, (u64)tcp+13, 6, 1));
  PUT(15, tcp->flag_syn);
  // CHECK: PUT(16, bpf_dext_pkt(skb, (u64)tcp+14, 0, 16));
  PUT(16, tcp->rcv_wnd);
  // CHECK: PUT(17, bpf_dext_pkt(skb, (u64)udp+2, 0, 16));
  PUT(17, udp->dport);
  // CHECK: PUT(18, bpf_dext_pkt(skb, (u64)vx+4, 0, 24));
  PUT(18, vx->key);
  // CHECK: PUT(19, bpf_dext_pkt(skb, (u64)gbp+2, 0, 16));
  PUT(19, gbp->tag);
  // CHECK: PUT(20, bpf_dext_pkt(skb, (u64)icmp+1, 0, 8));
  PUT(20, icmp->code);
  return 0;
}
