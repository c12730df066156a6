// Read-only facts about the running kernel: release, version code, tracefs
// events and formats, kallsyms, the kprobe blacklist, the target profile.
#ifndef BPFD_DAEMON_KERNEL_INFO_H
#define BPFD_DAEMON_KERNEL_INFO_H

#include "reply.h"

namespace bpfd {

const char *runningArch();             // "arm64" or "x86_64"
const char *kernelRelease();           // uname -r
uint32_t kernelVersionCode();          // LINUX_VERSION_CODE of the running kernel
bool haveVmlinuxBtf();
const char *tracefsRoot();             // "/sys/kernel/tracing" or the debugfs one, or null

// Reads a whole file (at most maxBytes) into out; 0 or -errno.
int readFile(const char *path, Bytes *out, size_t maxBytes);
// Calls fn for each line of buf (without the newline).
template <typename F> void forEachLine(const Bytes &buf, F fn) {
  const char *p = reinterpret_cast<const char *>(buf.data());
  const char *end = p + buf.size();
  while (p < end) {
    const char *nl = static_cast<const char *>(memchr(p, '\n', end - p));
    const char *le = nl ? nl : end;
    fn(StrRef(p, le - p));
    p = nl ? nl + 1 : end;
  }
}

// Each returns the count for the status line, or -errno with msg set.
long listTraceCategories(Reply &out, char *msg, size_t cap);
long listTraceEvents(Reply &out, StrRef category, char *msg, size_t cap);
long traceEventFormat(Reply &out, StrRef category, StrRef name, char *msg, size_t cap);
int traceEventId(StrRef category, StrRef name, char *msg, size_t cap); // id or -errno
long emitFileLines(Reply &out, const char *path, char *msg, size_t cap);
long listKprobesBlacklist(Reply &out, char *msg, size_t cap);
long listFilterFunctions(Reply &out, char *msg, size_t cap);
// tpFilter: "all", "none" or comma-separated categories; kfuncs: "all"/"none".
long targetProfile(Reply &out, StrRef tpFilter, StrRef kfuncs, char *msg, size_t cap);

// A name that is safe as one path component: [A-Za-z0-9_.-], not "." or "..".
bool isSafeName(StrRef s, size_t maxLen);

} // namespace bpfd

#endif
