// iter/TARGET (and iter.s/): an iterator link (BPF_LINK_CREATE,
// BPF_TRACE_ITER), as libbpf's bpf_program__attach_iter; ITER_OPEN makes
// a readable iterator of it.
#include "attach/family.h"
#include "bpf_syscall.h"

#include <stdio.h>

namespace bpfd {

int attachIter(int progFd, const char *section, AttachReport &r) {
  int fd = bpfLinkCreate(progFd, bpfconv::AttachTraceIter);
  if (fd < 0) snprintf(r.msg, sizeof r.msg, "%s: BPF_LINK_CREATE (iterator) failed: %s", section, strerror(-fd));
  return fd;
}

} // namespace bpfd
