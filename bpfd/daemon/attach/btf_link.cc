// The BTF-attached kinds fentry/FUNC, fexit/FUNC, fmod_ret/FUNC, tp_btf/NAME,
// lsm/HOOK (and their .s forms): the program was loaded for its target
// (attach_btf_id, btf_target.h), BPF_RAW_TRACEPOINT_OPEN without a name
// attaches it there.
#include "attach/family.h"
#include "bpf_syscall.h"

#include <stdio.h>

namespace bpfd {

int attachBtfLink(int progFd, const char *section, AttachReport &r) {
  int fd = bpfRawTracepointOpen(nullptr, progFd);
  if (fd < 0)
    snprintf(r.msg, sizeof r.msg, "%s: BPF_RAW_TRACEPOINT_OPEN failed: %s", section,
             fd == -kENOTSUPP ? "ENOTSUPP (the kernel has no BPF trampoline for this target; arm64 kernels before "
                                "6.4 have none for kernel functions)" : strerror(-fd));
  return fd;
}

} // namespace bpfd
