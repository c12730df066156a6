// Calls kernel-header inline functions: div_u64() (whose body calls
// div_u64_rem()) from a function of the program's, inet_sk() (returns a
// kernel pointer whose fields the rewriter must read with the probe helper)
// from a probe, and sign_extend64() by a name no token of the program
// spells: header-cache-bodies.test.
#include <uapi/linux/ptrace.h>
#include <linux/math64.h>
#include <net/sock.h>
#include <net/inet_sock.h>

BPF_HASH(avg, u32, u64);
BPF_HASH(ports, u32, u16);

#define PASTE(a, b) a##b

static u64 mean(u64 total, u32 n) { return div_u64(total, n); }

int kprobe__tcp_v4_connect(struct pt_regs *ctx, struct sock *sk) {
  u32 pid = bpf_get_current_pid_tgid();
  u64 m = mean(bpf_ktime_get_ns(), 1000) + PASTE(sign_extend, 64)(pid, 7);
  u16 sport = inet_sk(sk)->inet_sport;
  avg.update(&pid, &m);
  ports.update(&pid, &sport);
  return 0;
}
