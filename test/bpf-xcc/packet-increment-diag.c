// ++/-- on a packet header field would store through the packet offset as
// an address (BCC leaves it and the kernel refuses the program): bpf-xcc
// says so at the expression, and what to write instead.
// REQUIRES: kernel-arm64
// RUN: not bpf-xcc --arch arm64 --kernel %headers_arm64 %s -o %t.o 2>&1 | FileCheck %s
// CHECK: packet-increment-diag.c:[[@LINE+8]]:3: error: increment or decrement of packet header field 'ttl': write ip->ttl = ip->ttl + 1 (or - 1)
// CHECK-NOT: error:
#include <bcc/proto.h>

int dec_ttl(struct __sk_buff *skb) {
  u8 *cursor = 0;
  cursor_advance(cursor, sizeof(struct ethernet_t));
  struct ip_t *ip = cursor_advance(cursor, sizeof(*ip));
  ip->ttl--;
  return 0;
}
