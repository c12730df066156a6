// Socket filters: a raw packet socket on an interface with a program
// attached (BCC's attach_raw_socket: SOCKET_FILTER programs), and reading
// what the filter lets through.
#include "session.h"
#include "kernel_info.h"
#include "support.h"

#include <errno.h>
#include <linux/if_ether.h>
#include <linux/if_packet.h>
#include <arpa/inet.h>
#include <net/if.h>
#include <poll.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#ifndef SO_ATTACH_BPF
#define SO_ATTACH_BPF 50
#endif

namespace bpfd {

namespace {
constexpr uint64_t kMaxPackets = 256;
constexpr uint64_t kMaxWaitMs = 10000;
constexpr size_t kSnapLen = 2048; // bytes of each packet in the reply

const char *packetTypeName(unsigned char t) {
  switch (t) {
  case PACKET_HOST: return "host";
  case PACKET_BROADCAST: return "broadcast";
  case PACKET_MULTICAST: return "multicast";
  case PACKET_OTHERHOST: return "otherhost";
  case PACKET_OUTGOING: return "outgoing";
  default: return "other";
  }
}
} // namespace

// BPF_ATTACH_SOCKET PROG IFNAME: as BCC's bpf_open_raw_sock + bpf_attach_socket.
void cmdAttachSocket(Session &s, const Args &a) {
  Handle *p = s.findHandle(a.v[0], a, kindBit(HandleKind::Prog));
  if (!p) return;
  if (a.v[1].n == 0 || a.v[1].n >= IF_NAMESIZE || !isSafeName(a.v[1], IF_NAMESIZE - 1)) {
    fail(s, a, EINVAL, "IFNAME must be 1 to %d of [A-Za-z0-9_.-]", IF_NAMESIZE - 1);
    return;
  }
  char ifname[IF_NAMESIZE];
  copyStr(ifname, sizeof ifname, a.v[1]);
  unsigned ifindex = if_nametoindex(ifname);
  if (!ifindex) { fail(s, a, errno, "interface %s: %s", ifname, strerror(errno)); return; }
  int fd = socket(PF_PACKET, SOCK_RAW | SOCK_NONBLOCK | SOCK_CLOEXEC, htons(ETH_P_ALL));
  if (fd < 0) { fail(s, a, errno, "opening a raw packet socket failed: %s", strerror(errno)); return; }
  // The filter first, then bind: no packet reaches the socket unfiltered.
  int prog = p->fd;
  if (setsockopt(fd, SOL_SOCKET, SO_ATTACH_BPF, &prog, sizeof prog) != 0) {
    int e = errno;
    close(fd);
    fail(s, a, e, "attaching program %d to a raw socket (SO_ATTACH_BPF) failed: %s", prog, strerror(e));
    return;
  }
  struct sockaddr_ll sll;
  memset(&sll, 0, sizeof sll);
  sll.sll_family = AF_PACKET;
  sll.sll_ifindex = (int)ifindex;
  sll.sll_protocol = htons(ETH_P_ALL);
  if (bind(fd, reinterpret_cast<struct sockaddr *>(&sll), sizeof sll) != 0) {
    int e = errno;
    close(fd);
    fail(s, a, e, "binding the raw socket to %s failed: %s", ifname, strerror(e));
    return;
  }
  s.addHandle(fd, HandleKind::Socket, a.v[1]);
  succeed(s, a, fd);
}

// SOCKET_READ HANDLE MAX [WAIT_MS]: up to MAX packets the filter kept, one
// "+ LEN TYPE B64" line each (LEN: the packet's length, B64: its first
// kSnapLen bytes, or what the filter's return value kept).
void cmdSocketRead(Session &s, const Args &a) {
  Handle *h = s.findHandle(a.v[0], a, kindBit(HandleKind::Socket));
  if (!h) return;
  uint64_t max, wait = 0;
  if (!parseU64(a.v[1], &max) || max < 1 || max > kMaxPackets) {
    fail(s, a, EINVAL, "MAX must be 1 to %llu packets", (unsigned long long)kMaxPackets);
    return;
  }
  if (a.n > 2 && (!parseU64(a.v[2], &wait) || wait > kMaxWaitMs)) {
    fail(s, a, EINVAL, "WAIT_MS must be 0 to %llu", (unsigned long long)kMaxWaitMs);
    return;
  }
  static uint8_t buf[kSnapLen];
  uint64_t got = 0;
  bool waited = wait == 0;
  while (got < max) {
    struct sockaddr_ll from;
    socklen_t fromLen = sizeof from;
    ssize_t n = recvfrom(h->fd, buf, sizeof buf, MSG_TRUNC, reinterpret_cast<struct sockaddr *>(&from), &fromLen);
    if (n >= 0) {
      size_t kept = (size_t)n < sizeof buf ? (size_t)n : sizeof buf;
      s.out().beginPayload();
      s.out().textf("%zd %s ", n, packetTypeName(from.sll_pkttype));
      s.out().base64(buf, kept);
      s.out().endPayload();
      ++got;
      continue;
    }
    int e = errno;
    if (e == EINTR) continue;
    if (e == EAGAIN && !got && !waited) {
      struct pollfd pfd = {h->fd, POLLIN, 0};
      poll(&pfd, 1, (int)wait);
      waited = true;
      continue;
    }
    if (e == EAGAIN) break;
    fail(s, a, e, "reading the raw socket on %s failed: %s", h->name, strerror(e));
    return;
  }
  succeed(s, a, (int64_t)got);
}

} // namespace bpfd
