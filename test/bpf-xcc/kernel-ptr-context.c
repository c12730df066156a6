// A register of the kprobe context cast to a pointer is a kernel pointer:
// (struct sock *)PT_REGS_PARM1(ctx) in a kprobe without C parameters, and
// PT_REGS_RC(ctx) in a kretprobe (as BCC's ProbeVisitor). A register read as
// an integer stays a plain context read.
// REQUIRES: kernel-arm64
// RUN: bpf-xcc --arch arm64 --kernel %headers_arm64 %s -o %t.o --emit-c | grep -v "^//" | FileCheck %s
// RUN: bpf-xcc --arch arm64 --kernel %headers_arm64 %s -o %t.o
// RUN: llvm-readelf -S %t.o | FileCheck %s --check-prefix=SECTIONS

#include <uapi/linux/ptrace.h>
#include <net/sock.h>

BPF_HASH(ports, u64, u16);

// SECTIONS-DAG: ] kprobe/tcp_v4_connect PROGBITS
// SECTIONS-DAG: ] kretprobe/inet_csk_accept PROGBITS

// CHECK: struct sock *sk = (struct sock *)PT_REGS_PARM1(ctx);
// CHECK-NEXT: u64 ip = PT_REGS_IP(ctx);
// CHECK-NEXT: u16 dport = ({ __typeof__(sk->__sk_common.skc_dport) _val; {{.*}}bpf_probe_read_kernel(&_val, sizeof(_val), (void *)&(sk->__sk_common.skc_dport)); _val; });
int kprobe__tcp_v4_connect(struct pt_regs *ctx) {
  struct sock *sk = (struct sock *)PT_REGS_PARM1(ctx);
  u64 ip = PT_REGS_IP(ctx);
  u16 dport = sk->__sk_common.skc_dport;
  ports.update(&ip, &dport);
  return 0;
}

// CHECK: struct sock *newsk = (struct sock *)PT_REGS_RC(ctx);
// CHECK: u16 lport = ({ __typeof__(newsk->__sk_common.skc_num) _val; {{.*}}(void *)&(newsk->__sk_common.skc_num)); _val; });
int kretprobe__inet_csk_accept(struct pt_regs *ctx) {
  struct sock *newsk = (struct sock *)PT_REGS_RC(ctx);
  if (newsk == NULL)
    return 0;
  u64 pid_tgid = bpf_get_current_pid_tgid();
  u16 lport = newsk->__sk_common.skc_num;
  ports.update(&pid_tgid, &lport);
  return 0;
}
