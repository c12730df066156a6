// kprobe/FUNC[+OFFSET], kretprobe/FUNC, and the syscall probes ksyscall/NAME,
// kretsyscall/NAME (kprobes at the kernel's function of the syscall).
#include "attach/family.h"
#include "kallsyms.h"

#include <errno.h>
#include <stdio.h>

namespace bpfd {

bool validKernelSymbol(StrRef s) {
  if (s.n == 0 || s.n > 255) return false;
  for (size_t i = 0; i < s.n; ++i)
    if (!isKernelNameChar(s.p[i])) return false;
  return true;
}

// The one check of a kprobe's function, for BPF_ATTACH_KPROBE and for the
// sections of LOAD_OBJECT alike: through tracefs the name is written into
// kprobe_events, where a blank would start fetch arguments.
int attachKprobe(int progFd, const char *func, uint64_t offset, bool ret, AttachReport &r) {
  if (!validKernelSymbol(StrRef(func))) {
    snprintf(r.msg, sizeof r.msg, "kprobe function '%s' is not 1 to 255 of [A-Za-z0-9_.]", func);
    return -EINVAL;
  }
  int fd = attachProbe(false, progFd, func, offset, ret, -1, 0, r);
#if defined(__riscv)
  // A riscv kernel without KPROBES_ON_FTRACE (Debian 13's 6.12) refuses a
  // probe at the entry of a function ftrace can trace (EINVAL): the entry is
  // its patchable ftrace site, 8 bytes of nops (MCOUNT_INSN_SIZE). A kprobe
  // goes on the instruction after it, which sees the same registers and
  // stack; a kretprobe has to be at the entry, so it cannot be placed.
  if (fd == -EINVAL && offset == 0 && !ret) {
    AttachReport retry;
    int fd8 = attachProbe(false, progFd, func, 8, false, -1, 0, retry);
    if (fd8 >= 0) return fd8;
  }
  if (fd == -EINVAL && offset == 0 && ret) {
    size_t n = strlen(r.msg);
    snprintf(r.msg + n, sizeof r.msg - n, " (a riscv kernel without KPROBES_ON_FTRACE has no kretprobes on traceable functions)");
  }
#endif
  return fd;
}

// A kprobe at the kernel's function of the syscall, as libbpf's
// attach_ksyscall: the arch's wrapper when the kernel has them.
int attachKsyscall(int progFd, StrRef syscall, bool ret, const char *section, AttachReport &r) {
  char func[128];
  if (!syscallFunction(syscall, func, sizeof func)) {
    snprintf(r.msg, sizeof r.msg, "%s: syscall name too long", section);
    return -EINVAL;
  }
  int fd = attachKprobe(progFd, func, 0, ret, r);
  snprintf(r.where, sizeof r.where, " function=%s", func);
  return fd;
}

} // namespace bpfd
