// 32-bit arm against Debian's armmp split headers: the architecture level
// kbuild passes (-D__LINUX_ARM_ARCH__=7; without it <asm/atomic.h> takes a
// pre-ARMv6 CPU and refuses SMP) and __int128, which BCC's network tools
// use for IPv6 addresses (tcpconnect's ipv6_data_t) and armv7 lacks unless
// forced. The object is bpfel with the 16-byte field, and its BTF says so.
// REQUIRES: kernel-arm
// RUN: bpf-xcc --arch arm --kernel %headers_arm %s -o %t.o
// RUN: llvm-readelf -h %t.o | FileCheck %s --check-prefix=ELF
// RUN: llvm-objdump -d %t.o | FileCheck %s --check-prefix=CODE
// ELF: Data: 2's complement, little endian
// ELF: Machine: EM_BPF
// sk is a 32-bit pointer in pt_regs' uregs[0]; the address is read as 16
// bytes; the event is 32 (pid, padding to the 16-byte alignment, saddr).
// CODE: <kprobe__tcp_v6_connect>:
// CODE: = *(u32 *)(r{{[0-9]}} + 0x0)
// CODE: w2 = 0x10
// CODE: call 0x71
// CODE: r5 = 0x20
// CODE: call 0x19
#include <uapi/linux/ptrace.h>
#include <net/sock.h>

struct ipv6_data_t {
  u32 pid;
  unsigned __int128 saddr;
};
BPF_PERF_OUTPUT(events);

int kprobe__tcp_v6_connect(struct pt_regs *ctx, struct sock *sk) {
  struct ipv6_data_t data = {.pid = bpf_get_current_pid_tgid() >> 32};
  bpf_probe_read_kernel(&data.saddr, sizeof(data.saddr),
                        sk->__sk_common.skc_v6_rcv_saddr.in6_u.u6_addr32);
  events.perf_submit(ctx, &data, sizeof(data));
  return 0;
}
