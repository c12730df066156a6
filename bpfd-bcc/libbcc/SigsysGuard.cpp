//===- SigsysGuard.cpp - The host's bpf() and perf_event_open(), refused ---===//
//
// bpfd-bcc runs the tool under a seccomp filter that traps bpf() and
// perf_event_open() (SECCOMP_RET_TRAP): nothing of the tool may reach this
// host's kernel. BCC's Python itself calls perf_event_open() in bcc/perf.py
// (memleak, trace). When libbcc is loaded, the trap says which call was
// refused, in one line, and the call fails with EPERM instead of killing
// the tool.
//
//===----------------------------------------------------------------------===//
#include <cerrno>
#include <csignal>
#include <cstring>
#include <sys/syscall.h>
#include <ucontext.h>
#include <unistd.h>

namespace {

void say(const char *S) {
  ssize_t N = write(2, S, strlen(S));
  (void)N;
}

void onSigsys(int, siginfo_t *Info, void *Context) {
  int Nr = Info->si_syscall;
  if (Nr == SYS_bpf)
    say("bpfd-bcc: the tool called bpf() on this host; refused (EPERM): BPF runs on "
        "the device, through libbcc\n");
  else if (Nr == SYS_perf_event_open)
    say("bpfd-bcc: the tool called perf_event_open() on this host (BCC's bcc/perf.py); "
        "refused (EPERM): the host's perf events are not the device's\n");
  else
    say("bpfd-bcc: a system call was refused by the sandbox (EPERM)\n");
#if defined(__x86_64__)
  auto *UC = static_cast<ucontext_t *>(Context);
  UC->uc_mcontext.gregs[REG_RAX] = -EPERM;
#else
  (void)Context;
#endif
}

__attribute__((constructor)) void installSigsysGuard() {
  struct sigaction SA;
  memset(&SA, 0, sizeof SA);
  SA.sa_sigaction = onSigsys;
  SA.sa_flags = SA_SIGINFO;
  sigemptyset(&SA.sa_mask);
  sigaction(SIGSYS, &SA, nullptr);
}

} // namespace
