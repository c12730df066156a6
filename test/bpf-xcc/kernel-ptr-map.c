// A kernel pointer stored in a map is one again when loaded back (as BCC's
// ProbeVisitor/MapVisitor): currsock.update(&tid, &sk) makes what
// currsock.lookup() returns point to a kernel pointer, so *skpp is a plain
// load and skp->... a probe read. A struct field given a kernel pointer
// (a map value's .sk) is one wherever it is read.
// REQUIRES: kernel-arm64
// RUN: bpf-xcc --arch arm64 --kernel %headers_arm64 %s -o %t.o --emit-c | grep -v "^//" | FileCheck %s
// RUN: bpf-xcc --arch arm64 --kernel %headers_arm64 %s -o %t.o

#include <uapi/linux/ptrace.h>
#include <net/sock.h>

struct conn_t {
  struct sock *sk;
  u64 ts;
};
BPF_HASH(currsock, u32, struct sock *);
BPF_HASH(conns, u32, struct conn_t);
BPF_HASH(dports, u32, u16);

int kprobe__tcp_v4_connect(struct pt_regs *ctx, struct sock *sk) {
  u32 tid = bpf_get_current_pid_tgid();
  currsock.update(&tid, &sk);
  struct conn_t c = {.sk = sk, .ts = bpf_ktime_get_ns()};
  conns.update(&tid, &c);
  return 0;
}

// CHECK-LABEL: int kretprobe__tcp_v4_connect(struct pt_regs *ctx)
// CHECK: struct sock *skp = *skpp;
// CHECK-NEXT: u16 dport = ({ __typeof__(skp->__sk_common.skc_dport) _val; {{.*}}(void *)&(skp->__sk_common.skc_dport)); _val; });
// CHECK: u16 family = ({ __typeof__(cp->sk->__sk_common.skc_family) _val; {{.*}}(void *)&(cp->sk->__sk_common.skc_family)); _val; });
// CHECK-NEXT: u64 ts = cp->ts;
int kretprobe__tcp_v4_connect(struct pt_regs *ctx) {
  u32 tid = bpf_get_current_pid_tgid();
  struct sock **skpp = currsock.lookup(&tid);
  if (skpp == 0)
    return 0;
  struct sock *skp = *skpp;
  u16 dport = skp->__sk_common.skc_dport;
  struct conn_t *cp = conns.lookup(&tid);
  if (cp) {
    u16 family = cp->sk->__sk_common.skc_family;
    u64 ts = cp->ts;
    dport += family + ts;
  }
  dports.update(&tid, &dport);
  currsock.delete(&tid);
  return 0;
}
