// Inside the attach module: the families' functions that only sections
// reach (the commands' are in attach.h), and the probe PMU's perf events
// the kprobe and uprobe families share.
#ifndef BPFD_DAEMON_ATTACH_FAMILY_H
#define BPFD_DAEMON_ATTACH_FAMILY_H

#include "attach/attach.h"

namespace bpfd {

// kprobe.cc: ksyscall/NAME, kretsyscall/NAME; where gets the function.
int attachKsyscall(int progFd, StrRef syscall, bool ret, const char *section, AttachReport &r);
// kprobe_multi.cc: kprobe.multi/PATTERN, kretprobe.multi/PATTERN (section
// names it in messages); where gets the number of functions.
int attachKprobeMulti(int progFd, const char *section, const char *pattern, bool ret, AttachReport &r);
// iter.cc: iter/TARGET.
int attachIter(int progFd, const char *section, AttachReport &r);

// probe_pmu.cc: a kprobe or uprobe perf event (the PMU's, or tracefs's
// where the kernel has no such PMU) with progFd attached.
int attachProbe(bool uprobe, int progFd, const char *where, uint64_t offset, bool ret, int pid, uint64_t refCtr,
                AttachReport &r);
// Attaches progFd to the perf event fd and enables it: 0 or -errno.
int attachPerfFd(int fd, int progFd);

} // namespace bpfd

#endif
