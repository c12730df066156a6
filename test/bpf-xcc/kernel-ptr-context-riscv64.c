// riscv64's PT_REGS_* read through a cast of the context,
// ((struct user_regs_struct *)(ctx))->a0 (bpf-xcc/Arch.cpp), and a register
// so read is still a context read: the pointer it gives is a kernel pointer,
// its fields probe reads, for a kprobe's C parameters (tcpsynbl's
// tcp_v4_syn_recv_sock(struct sock *sk)) and for an explicit
// PT_REGS_PARM1(ctx) alike. Before, the cast hid the context and the fields
// were loaded directly (the 6.12 verifier: "misaligned access", or "invalid
// mem access 'scalar'"); tcpaccept, tcpsynbl and tcptracer failed so.
// REQUIRES: kernel-riscv64
// RUN: bpf-xcc --arch riscv64 --kernel %headers_riscv64 %s -o %t.o --emit-c | grep -v "^//" | FileCheck %s
// RUN: bpf-xcc --arch riscv64 --kernel %headers_riscv64 %s -o %t.o
// RUN: llvm-objdump -d --no-show-raw-insn %t.o | FileCheck %s --check-prefix=OBJ

#include <uapi/linux/ptrace.h>
#include <net/sock.h>

BPF_HASH(backlog, u32, u32);

// CHECK-LABEL: int kprobe__tcp_v4_syn_recv_sock(struct pt_regs *ctx)
// CHECK: u32 n = ({ __typeof__(sk->sk_ack_backlog) _val; {{.*}}bpf_probe_read_kernel(&_val, sizeof(_val), (void *)&(sk->sk_ack_backlog)); _val; });
// OBJ-LABEL: <kprobe__tcp_v4_syn_recv_sock>:
// OBJ: r{{[0-9]}} = *(u64 *)(r1 + 0x50)
// OBJ: call 0x71
int kprobe__tcp_v4_syn_recv_sock(struct pt_regs *ctx, struct sock *sk) {
  u32 key = 0;
  u32 n = sk->sk_ack_backlog;
  backlog.update(&key, &n);
  return 0;
}

// CHECK-LABEL: int kprobe__tcp_v4_connect(struct pt_regs *ctx)
// CHECK: struct sock *sk = (struct sock *)PT_REGS_PARM1(ctx);
// CHECK: u32 m = ({ __typeof__(sk->sk_max_ack_backlog) _val; {{.*}}(void *)&(sk->sk_max_ack_backlog)); _val; });
// OBJ-LABEL: <kprobe__tcp_v4_connect>:
// OBJ: call 0x71
int kprobe__tcp_v4_connect(struct pt_regs *ctx) {
  struct sock *sk = (struct sock *)PT_REGS_PARM1(ctx);
  u32 key = 1;
  u32 m = sk->sk_max_ack_backlog;
  backlog.update(&key, &m);
  return 0;
}
