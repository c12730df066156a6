// bpfd: the on-target BPF daemon. Reads protocol commands from stdin and
// answers on stdout (docs/protocol.md). Never call this on a host whose
// kernel must not be touched: every command acts on the running kernel.
#include "bpf_syscall.h"
#include "kernel_info.h"
#include "probe_events.h"
#include "session.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <time.h>
#include <unistd.h>

using namespace bpfd;

static constexpr size_t kMaxLine = 1u << 20;

static void usage() {
  const char text[] =
      "usage: bpfd [--tracefs-probes | --reap] [--help]\n"
      "Speaks the bpfd line protocol (docs/protocol.md) on stdin/stdout:\n"
      "one command per line, replies framed by a status line '<command>: ret=N'.\n"
      "Run it on the target device as root; it loads BPF into the running kernel.\n"
      "--tracefs-probes: make kprobes and uprobes through tracefs's kprobe_events and\n"
      "uprobe_events even where the kernel has the kprobe/uprobe PMUs (the fallback\n"
      "of kernels before 4.17).\n"
      "--reap: only remove the kprobe/uprobe events of bpfd processes that are gone\n"
      "(every bpfd does this when it starts) and exit.\n";
  write(1, text, sizeof text - 1);
}

int main(int argc, char **argv) {
  if (argc == 2 && strcmp(argv[1], "--tracefs-probes") == 0) {
    gTracefsProbes = true;
  } else if (argc == 2 && strcmp(argv[1], "--reap") == 0) {
    reapStaleProbeEvents();
    return 0;
  } else if (argc > 1) {
    usage();
    return strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0 ? 0 : 2;
  }
  // What a SIGKILLed bpfd left in tracefs goes before this one starts.
  reapStaleProbeEvents();
  // fds 0..2 must be taken so that no handle is ever 0, 1 or 2.
  for (int fd = 0; fd < 3; ++fd)
    if (fcntl(fd, F_GETFD) < 0) open("/dev/null", O_RDWR);
  signal(SIGPIPE, SIG_IGN);

  Reply out(1);
  // mono_ns: CLOCK_MONOTONIC, the clock of bpf_ktime_get_ns(), so that a
  // client can tell the unit of a program's timestamps.
  struct timespec mono = {0, 0};
  clock_gettime(CLOCK_MONOTONIC, &mono);
  unsigned long long monoNs = (unsigned long long)mono.tv_sec * 1000000000ull + mono.tv_nsec;
  char greet[512];
  snprintf(greet, sizeof greet,
           "bpfd: version=1 arch=%s release=%s version_code=%u btf=%d max_line=%zu mono_ns=%llu\n",
           runningArch(), kernelRelease(), kernelVersionCode(), haveVmlinuxBtf() ? 1 : 0, kMaxLine,
           monoNs);
  out.raw(greet);
  out.flush();

  Session session(out);
  char *line = static_cast<char *>(malloc(kMaxLine + 1));
  char chunk[65536];
  if (!line) return 1;
  size_t len = 0;
  bool overflow = false;
  bool running = true;
  // A write that failed (out.gone()) ends the session as end of input does.
  while (running && !out.gone()) {
    ssize_t n = read(0, chunk, sizeof chunk);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    for (ssize_t i = 0; i < n && running && !out.gone(); ++i) {
      char c = chunk[i];
      if (c != '\n') {
        if (len < kMaxLine) line[len++] = c;
        else overflow = true;
        continue;
      }
      if (overflow) {
        // Name the command from the line's first word.
        size_t w = 0;
        while (w < len && w < 64 && line[w] != ' ' && line[w] != '\t') ++w;
        out.error(StrRef(line, w), E2BIG, StrRef("", 0), "line longer than %zu bytes", kMaxLine);
      } else {
        running = session.runLine(line, len);
      }
      len = 0;
      overflow = false;
    }
  }
  session.closeAll();
  out.flush();
  free(line);
  return 0;
}
