// The perf events of kprobes and uprobes: through the kprobe and uprobe PMUs
// (/sys/bus/event_source/devices/PMU/), or through tracefs where the kernel
// has no such PMU (before 4.17) or bpfd runs with --tracefs-probes.
#include "attach/family.h"
#include "bpf_syscall.h"
#include "kernel_info.h"
#include "probe_events.h"

#include <errno.h>
#include <stdio.h>
#include <sys/ioctl.h>
#include <unistd.h>

namespace bpfd {

// A number of a PMU's sysfs file, after prefix ("config:0-1" reads 0).
static int readSysfsNumber(const char *path, const char *prefix, uint64_t *out) {
  Bytes buf;
  int err = readFile(path, &buf, 256);
  if (err < 0) return err;
  size_t n = buf.size(), skip = strlen(prefix);
  while (n && (buf[n - 1] == '\n' || buf[n - 1] == ' ')) --n;
  if (n < skip || memcmp(buf.data(), prefix, skip) != 0) return -EINVAL;
  StrRef num((const char *)buf.data() + skip, n - skip);
  const char *dash = static_cast<const char *>(memchr(num.p, '-', num.n)); // "config:0-1"
  if (dash) num.n = (size_t)(dash - num.p);
  return parseU64(num, out) ? 0 : -EINVAL;
}

int attachPerfFd(int fd, int progFd) {
  if (ioctl(fd, PERF_EVENT_IOC_SET_BPF, progFd) < 0) return -errno;
  if (ioctl(fd, PERF_EVENT_IOC_ENABLE, 0) < 0) return -errno;
  return 0;
}

// Opens a kprobe or uprobe through its PMU (/sys/bus/event_source/devices/
// PMU/type; config1 names the function or file, config2 is the offset, the
// retprobe format bit selects the return probe), or through tracefs where
// the kernel has no such PMU (or bpfd runs with --tracefs-probes), and
// attaches the program.
// refCtr (uprobes): the file offset of a USDT semaphore the kernel raises in
// every process mapping the file while the probe is in (ref_ctr_offset), 0
// for none.
int attachProbe(bool uprobe, int progFd, const char *where, uint64_t offset, bool ret, int pid, uint64_t refCtr,
                AttachReport &r) {
  const char *pmu = uprobe ? "uprobe" : "kprobe";
  const char *kind = uprobe ? (ret ? "uretprobe" : "uprobe") : (ret ? "kretprobe" : "kprobe");
  char path[96];
  uint64_t type, bit = 0;
  snprintf(path, sizeof path, "/sys/bus/event_source/devices/%s/type", pmu);
  int err = gTracefsProbes ? -ENOENT : readSysfsNumber(path, "", &type);
  int fd;
  if (err == -ENOENT) {
    char target[300];
    if (uprobe && refCtr)
      snprintf(target, sizeof target, "%s:0x%llx(0x%llx)", where, (unsigned long long)offset,
               (unsigned long long)refCtr);
    else if (uprobe) snprintf(target, sizeof target, "%s:0x%llx", where, (unsigned long long)offset);
    else if (offset) snprintf(target, sizeof target, "%s+0x%llx", where, (unsigned long long)offset);
    else snprintf(target, sizeof target, "%s", where);
    fd = openTracefsProbe(uprobe, ret, target, pid, r.msg, sizeof r.msg);
    if (fd < 0) return fd;
  } else {
    if (err < 0) { snprintf(r.msg, sizeof r.msg, "cannot read the %s PMU type (%s): %s", pmu, path, strerror(-err)); return err; }
    if (ret) {
      snprintf(path, sizeof path, "/sys/bus/event_source/devices/%s/format/retprobe", pmu);
      err = readSysfsNumber(path, "config:", &bit);
      if (err < 0 || bit > 63) { snprintf(r.msg, sizeof r.msg, "the %s PMU has no retprobe format bit", pmu); return err < 0 ? err : -EINVAL; }
    }
    uint64_t refShift = 0;
    if (refCtr) {
      // "config:32-63" since 4.20; the offset must fit the field.
      snprintf(path, sizeof path, "/sys/bus/event_source/devices/%s/format/ref_ctr_offset", pmu);
      err = readSysfsNumber(path, "config:", &refShift);
      if (err < 0 || refShift > 63 || (refShift && (refCtr >> (64 - refShift)) != 0)) {
        snprintf(r.msg, sizeof r.msg, "this kernel's uprobe PMU cannot set a USDT semaphore (no ref_ctr_offset format, 4.20+)");
        return err < 0 ? err : -EINVAL;
      }
    }
    struct perf_event_attr attr;
    memset(&attr, 0, sizeof attr);
    attr.size = sizeof attr;
    attr.type = (uint32_t)type;
    attr.config = (ret ? (1ull << bit) : 0) | (refCtr << refShift);
    attr.config1 = (uint64_t)(uintptr_t)where; // kprobe_func / uprobe_path
    attr.config2 = offset;                     // probe_offset
    attr.sample_period = 1;
    attr.wakeup_events = 1;
    fd = sysPerfEventOpen(&attr, pid, pid < 0 ? 0 : -1, -1, PERF_FLAG_FD_CLOEXEC);
    if (fd < 0) {
      if (!uprobe) snprintf(r.msg, sizeof r.msg, "perf_event_open(%s %s) failed: %s", kind, where, strerror(-fd));
      else snprintf(r.msg, sizeof r.msg, "perf_event_open(%s %s offset 0x%llx) failed: %s", kind, where, (unsigned long long)offset, strerror(-fd));
      return fd;
    }
  }
  err = attachPerfFd(fd, progFd);
  if (err < 0) {
    close(fd);
    removeTracefsProbe(fd);
    snprintf(r.msg, sizeof r.msg, "attaching the program to %s %s failed: %s", kind, where, strerror(-err));
    return err;
  }
  return fd;
}

} // namespace bpfd
