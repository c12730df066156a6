// uprobe/BINARY:SYMBOL[?ref_ctr=OFFSET], uretprobe/...: the target resolved
// to a file and a file offset (uprobe_target.h), probed there.
#include "attach/family.h"
#include "uprobe_target.h"

#include <stdio.h>

namespace bpfd {

int attachUprobe(int progFd, StrRef binary, StrRef symbol, bool ret, int pid, uint64_t refCtr, AttachReport &r) {
  char path[256];
  uint64_t offset = 0;
  int fd = resolveUprobe(binary, symbol, path, sizeof path, &offset, r.msg, sizeof r.msg);
  if (fd >= 0) fd = attachProbe(true, progFd, path, offset, ret, pid, refCtr, r);
  if (fd < 0) return fd;
  int n = snprintf(r.where, sizeof r.where, " path=%s offset=0x%llx", path, (unsigned long long)offset);
  if (refCtr && n > 0 && (size_t)n < sizeof r.where)
    snprintf(r.where + n, sizeof r.where - n, " ref_ctr_offset=0x%llx", (unsigned long long)refCtr);
  return fd;
}

} // namespace bpfd
