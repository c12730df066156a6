// Kernel information commands: trace events, kallsyms, kprobe lists, profile.
#include "kernel_info.h"
#include "session.h"

#include <errno.h>

namespace bpfd {

static void finish(Session &s, const Args &a, long r, const char *msg) {
  if (r < 0) fail(s, a, (int)-r, "%s", msg);
  else succeed(s, a, r);
}

void cmdTraceCategories(Session &s, const Args &a) {
  char msg[512] = "";
  finish(s, a, listTraceCategories(s.out(), msg, sizeof msg), msg);
}
void cmdTraceEvents(Session &s, const Args &a) {
  char msg[512] = "";
  finish(s, a, listTraceEvents(s.out(), a.v[0], msg, sizeof msg), msg);
}
void cmdTraceFormat(Session &s, const Args &a) {
  char msg[512] = "";
  finish(s, a, traceEventFormat(s.out(), a.v[0], a.v[1], msg, sizeof msg), msg);
}
void cmdKallsyms(Session &s, const Args &a) {
  char msg[512] = "";
  finish(s, a, emitFileLines(s.out(), "/proc/kallsyms", msg, sizeof msg), msg);
}
void cmdKprobesBlacklist(Session &s, const Args &a) {
  char msg[512] = "";
  finish(s, a, listKprobesBlacklist(s.out(), msg, sizeof msg), msg);
}
void cmdFilterFunctions(Session &s, const Args &a) {
  char msg[512] = "";
  finish(s, a, listFilterFunctions(s.out(), msg, sizeof msg), msg);
}
// bpfd's own memory use (for bench/): the Vm* lines of /proc/self/status.
void cmdSelfStatus(Session &s, const Args &a) {
  Bytes buf;
  int err = readFile("/proc/self/status", &buf, 1u << 20);
  if (err < 0) { fail(s, a, -err, "cannot read /proc/self/status: %s", strerror(-err)); return; }
  long n = 0;
  forEachLine(buf, [&](StrRef l) {
    if (l.starts("Vm")) { s.out().payloadLine(l); ++n; }
  });
  succeed(s, a, n);
}

void cmdTargetProfile(Session &s, const Args &a) {
  StrRef tp("all"), kf("all");
  for (size_t i = 0; i < a.n; ++i) {
    if (a.v[i].starts("tp=")) tp = StrRef(a.v[i].p + 3, a.v[i].n - 3);
    else if (a.v[i].starts("kfuncs=")) kf = StrRef(a.v[i].p + 7, a.v[i].n - 7);
    else { fail(s, a, EINVAL, "usage: GET_TARGET_PROFILE [tp=all|none|CAT,...] [kfuncs=all|none]"); return; }
  }
  if (!kf.eq("all") && !kf.eq("none")) { fail(s, a, EINVAL, "kfuncs= takes all or none"); return; }
  if (tp.n == 0) { fail(s, a, EINVAL, "tp= needs a value"); return; }
  char msg[512] = "";
  finish(s, a, targetProfile(s.out(), tp, kf, msg, sizeof msg), msg);
}

} // namespace bpfd
