// The attach module: how bpfd attaches a loaded program, one family of
// attach kinds a file, keyed by bpfconv's attach kind (bpfconv/section.h).
// LOAD_OBJECT attaches its sections through attachSection(); the attach
// commands (cmd_progs.cc) call the families' functions below with their
// own arguments. Each returns the attachment's fd, or -errno with a one-line
// message in the report naming the target and the failed step.
#ifndef BPFD_DAEMON_ATTACH_ATTACH_H
#define BPFD_DAEMON_ATTACH_ATTACH_H

#include "session.h"

#include "bpfconv/section.h"

namespace bpfd {

// What an attach says: why it failed, or what it found where the caller
// asked for a section or a file (" function=__arm64_sys_openat",
// " path=FILE offset=0xOFF"; empty when nothing).
struct AttachReport {
  char msg[512];
  char where[400];
};

// Attaches progFd at the attach point bpfconv read from section (the
// program's own or a further point of .bpfd.target), keeping the
// attachment as a handle of the session: named after the section for links,
// after the target otherwise.
int attachSection(Session &s, int progFd, const bpfconv::SectionInfo &at, const char *section, AttachReport &r);

// kprobe.cc: a kernel symbol as a kprobe or raw tracepoint may name it
// (1 to 255 of [A-Za-z0-9_.]: nothing kprobe_events reads as more fields).
bool validKernelSymbol(StrRef s);
int attachKprobe(int progFd, const char *func, uint64_t offset, bool ret, AttachReport &r);

// uprobe.cc: BINARY:SYMBOL resolved (uprobe_target.h) and probed; where
// gets " path=FILE offset=0xOFF[ ref_ctr_offset=0xOFF]". pid -1: every
// process. refCtr: a USDT semaphore's file offset (ref_ctr_offset), 0 for
// none.
int attachUprobe(int progFd, StrRef binary, StrRef symbol, bool ret, int pid, uint64_t refCtr, AttachReport &r);

// tracepoint.cc
int attachTracepoint(int progFd, StrRef cat, StrRef name, AttachReport &r);
int attachRawTracepoint(int progFd, const char *name, AttachReport &r);

// perf_event.cc: a perf event on CPU cpu (-1: every online CPU) with the
// program attached, kept as one PerfEvent handle of the session.
int attachPerfEvent(Session &s, int progFd, uint32_t type, uint64_t config, uint64_t period, bool freq, int cpu,
                    AttachReport &r);

// btf_link.cc: a BTF-attached program (fentry, fexit, fmod_ret, tp_btf,
// lsm) at the target it was loaded for; section names it in messages.
int attachBtfLink(int progFd, const char *section, AttachReport &r);

} // namespace bpfd

#endif
