#include "probe_events.h"

#include "bpf_syscall.h"
#include "kernel_info.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

namespace bpfd {

bool gTracefsProbes = false;

namespace {

struct ProbeEvent {
  int fd;
  bool uprobe;
  char name[32];
};

// The events this process made; a fixed table (no destructor to run).
constexpr size_t kMaxEvents = 256;
ProbeEvent gEvents[kMaxEvents];
size_t gEventCount;

// Appends one definition line to kprobe_events or uprobe_events.
int writeEvents(bool uprobe, const char *line) {
  const char *root = tracefsRoot();
  if (!root) return -ENOENT;
  char path[128];
  snprintf(path, sizeof path, "%s/%s", root, uprobe ? "uprobe_events" : "kprobe_events");
  int fd = open(path, O_WRONLY | O_APPEND | O_CLOEXEC);
  if (fd < 0) return -errno;
  size_t n = strlen(line);
  int err = write(fd, line, n) == (ssize_t)n ? 0 : -errno;
  close(fd);
  return err;
}

} // namespace

int openTracefsProbe(bool uprobe, bool ret, const char *target, int pid, char *msg, size_t cap) {
  // One field of the definition line: a blank would start fetch arguments.
  for (const char *c = target; *c; ++c)
    if (*c == ' ' || *c == '\t' || *c == '\n' || *c == '\r' || (unsigned char)*c < 0x20) {
      snprintf(msg, cap, "%s target '%s' holds a blank or control character, which %s would read as more fields",
               uprobe ? "uprobe" : "kprobe", target, uprobe ? "uprobe_events" : "kprobe_events");
      return -EINVAL;
    }
  static unsigned counter;
  ProbeEvent e;
  e.uprobe = uprobe;
  snprintf(e.name, sizeof e.name, "%c%d_%u", uprobe ? 'u' : 'k', (int)getpid(), counter++);
  char line[400];
  snprintf(line, sizeof line, "%c:bpfd/%s %s\n", ret ? 'r' : 'p', e.name, target);
  const char *file = uprobe ? "uprobe_events" : "kprobe_events";
  int err = writeEvents(uprobe, line);
  if (err < 0) {
    snprintf(msg, cap, "creating the %s event '%.*s' in tracefs %s failed: %s", ret ? "return probe" : "probe",
             (int)strlen(line) - 1, line, file, strerror(-err));
    return err;
  }
  int id = traceEventId(StrRef("bpfd"), StrRef(e.name), msg, cap);
  int fd = id;
  if (id >= 0) {
    fd = perfTracepointOpen(id, pid);
    if (fd < 0) snprintf(msg, cap, "perf_event_open(tracefs event bpfd/%s: %s) failed: %s", e.name, target, strerror(-fd));
  }
  e.fd = fd;
  if (fd >= 0 && gEventCount < kMaxEvents) {
    gEvents[gEventCount++] = e;
  } else {
    if (fd >= 0) { close(fd); fd = -EMFILE; snprintf(msg, cap, "more than %zu tracefs probes", kMaxEvents); }
    snprintf(line, sizeof line, "-:bpfd/%s\n", e.name);
    writeEvents(uprobe, line);
  }
  return fd;
}

namespace {

// True if PID is another bpfd that is running (its events are its own).
bool otherBpfdAlive(int pid) {
  if (pid == (int)getpid()) return false;  // an earlier bpfd had our PID
  char path[64], comm[32];
  snprintf(path, sizeof path, "/proc/%d/comm", pid);
  int fd = open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0) return false;
  ssize_t n = read(fd, comm, sizeof comm - 1);
  close(fd);
  return n >= 4 && memcmp(comm, "bpfd", 4) == 0;
}

// Removes the bpfd/<k|u><pid>_<n> events of FILE whose bpfd is gone.
int reapFile(bool uprobe) {
  const char *root = tracefsRoot();
  if (!root) return 0;
  char path[128];
  snprintf(path, sizeof path, "%s/%s", root, uprobe ? "uprobe_events" : "kprobe_events");
  Bytes buf;
  if (readFile(path, &buf, 1u << 20) < 0) return 0;
  int removed = 0;
  size_t n = buf.size();
  const char *text = (const char *)buf.data();
  for (size_t at = 0; at < n;) {
    const char *line = text + at;
    const char *end = (const char *)memchr(line, '\n', n - at);
    size_t len = end ? (size_t)(end - line) : n - at;
    at += len + 1;
    // "p:bpfd/k81_3 vfs_read" or "r:bpfd/u81_0 /bin/x:0x..."
    char kind, name[32];
    int pid;
    unsigned seq;
    char tail;
    if (len < 8 || len > 300) continue;
    char copy[301];
    memcpy(copy, line, len);
    copy[len] = 0;
    if (sscanf(copy, "%*c:bpfd/%31[^ ]", name) != 1) continue;
    if (sscanf(name, "%c%d_%u%c", &kind, &pid, &seq, &tail) != 3 || kind != (uprobe ? 'u' : 'k') ||
        pid <= 0 || otherBpfdAlive(pid))
      continue;
    char del[48];
    snprintf(del, sizeof del, "-:bpfd/%s\n", name);
    int err = writeEvents(uprobe, del);
    if (err == 0) ++removed;
    char note[160];
    int m = snprintf(note, sizeof note, "bpfd: %s the stale tracefs event bpfd/%s (its bpfd, pid %d, is gone)%s%s\n",
                     err == 0 ? "removed" : "cannot remove", name, pid, err == 0 ? "" : ": ",
                     err == 0 ? "" : strerror(-err));
    if (m > 0) (void)!write(2, note, (size_t)m < sizeof note ? (size_t)m : sizeof note - 1);
  }
  return removed;
}

} // namespace

int reapStaleProbeEvents() { return reapFile(false) + reapFile(true); }

void removeTracefsProbe(int fd) {
  for (size_t i = 0; i < gEventCount; ++i) {
    if (gEvents[i].fd != fd) continue;
    char line[48];
    snprintf(line, sizeof line, "-:bpfd/%s\n", gEvents[i].name);
    writeEvents(gEvents[i].uprobe, line);
    gEvents[i] = gEvents[--gEventCount];
    return;
  }
}

} // namespace bpfd
