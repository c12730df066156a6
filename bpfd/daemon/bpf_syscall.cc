#include "bpf_syscall.h"

#include <errno.h>
#include <fcntl.h>
#include <sys/syscall.h>
#include <unistd.h>

namespace bpfd {

int safeFd(int fd) {
  if (fd < 0) return fd;
  if (fd <= 2) {
    int moved = fcntl(fd, F_DUPFD_CLOEXEC, 3);
    int e = errno;
    close(fd);
    return moved < 0 ? -e : moved;
  }
  fcntl(fd, F_SETFD, FD_CLOEXEC);
  return fd;
}

int sysBpf(int cmd, union bpf_attr *attr) {
  long r = syscall(__NR_bpf, cmd, attr, sizeof(*attr));
  if (r < 0) return -errno;
  return (int)r;
}

int sysPerfEventOpen(struct perf_event_attr *attr, int pid, int cpu, int group, unsigned flags) {
  long r = syscall(__NR_perf_event_open, attr, pid, cpu, group, flags);
  if (r < 0) return -errno;
  return safeFd((int)r);
}

int perfTracepointOpen(int id, int pid) {
  struct perf_event_attr attr;
  memset(&attr, 0, sizeof attr);
  attr.size = sizeof attr;
  attr.type = PERF_TYPE_TRACEPOINT;
  attr.config = (uint64_t)id;
  attr.sample_period = 1;
  attr.wakeup_events = 1;
  return sysPerfEventOpen(&attr, pid, pid < 0 ? 0 : -1, -1, PERF_FLAG_FD_CLOEXEC);
}

static void setName(char *dst, const char *name) {
  // Kernel object names: at most 15 characters of [A-Za-z0-9_.].
  size_t n = 0;
  for (; name && name[n] && n < BPF_OBJ_NAME_LEN - 1; ++n) {
    char c = name[n];
    dst[n] = isKernelNameChar(c) ? c : '_';
  }
  dst[n] = 0;
}

int bpfMapCreate(uint32_t type, const char *name, uint32_t keySize, uint32_t valueSize,
                 uint32_t maxEntries, uint32_t flags, int btfFd, uint32_t btfKey, uint32_t btfValue,
                 int innerMapFd) {
  union bpf_attr a;
  memset(&a, 0, sizeof a);
  a.map_type = type;
  a.key_size = keySize;
  a.value_size = valueSize;
  a.max_entries = maxEntries;
  a.map_flags = flags;
  if (btfFd >= 0) {
    a.btf_fd = (uint32_t)btfFd;
    a.btf_key_type_id = btfKey;
    a.btf_value_type_id = btfValue;
  }
  if (innerMapFd >= 0) a.inner_map_fd = (uint32_t)innerMapFd;
  setName(a.map_name, name);
  return safeFd(sysBpf(BPF_MAP_CREATE, &a));
}

static int elemOp(int cmd, int fd, const void *key, const void *value, uint64_t flags) {
  union bpf_attr a;
  memset(&a, 0, sizeof a);
  a.map_fd = (uint32_t)fd;
  a.key = (uint64_t)(uintptr_t)key;
  a.value = (uint64_t)(uintptr_t)value;
  a.flags = flags;
  return sysBpf(cmd, &a);
}

int bpfMapLookup(int fd, const void *key, void *value) {
  return elemOp(BPF_MAP_LOOKUP_ELEM, fd, key, value, 0);
}
int bpfMapUpdate(int fd, const void *key, const void *value, uint64_t flags) {
  return elemOp(BPF_MAP_UPDATE_ELEM, fd, key, value, flags);
}
int bpfMapDelete(int fd, const void *key) { return elemOp(BPF_MAP_DELETE_ELEM, fd, key, nullptr, 0); }
int bpfMapNextKey(int fd, const void *key, void *next) {
  union bpf_attr a;
  memset(&a, 0, sizeof a);
  a.map_fd = (uint32_t)fd;
  a.key = (uint64_t)(uintptr_t)key;
  a.next_key = (uint64_t)(uintptr_t)next;
  return sysBpf(BPF_MAP_GET_NEXT_KEY, &a);
}
int bpfMapFreeze(int fd) {
  union bpf_attr a;
  memset(&a, 0, sizeof a);
  a.map_fd = (uint32_t)fd;
  return sysBpf(BPF_MAP_FREEZE, &a);
}
static int objInfo(int fd, void *info, uint32_t size) {
  union bpf_attr a;
  memset(&a, 0, sizeof a);
  memset(info, 0, size);
  a.info.bpf_fd = (uint32_t)fd;
  a.info.info_len = size;
  a.info.info = (uint64_t)(uintptr_t)info;
  return sysBpf(BPF_OBJ_GET_INFO_BY_FD, &a);
}
int bpfMapInfo(int fd, struct bpf_map_info *info) { return objInfo(fd, info, sizeof *info); }
int bpfProgInfo(int fd, struct bpf_prog_info *info) { return objInfo(fd, info, sizeof *info); }

int bpfProgLoad(uint32_t type, const char *name, const char *license, uint32_t kernVersion,
                const struct bpf_insn *insns, size_t count, Vec<char> *log, const ProgBtf *btf,
                const ProgAttachBtf *attachBtf) {
  union bpf_attr a;
  memset(&a, 0, sizeof a);
  a.prog_type = type;
  a.insns = (uint64_t)(uintptr_t)insns;
  a.insn_cnt = (uint32_t)count;
  a.license = (uint64_t)(uintptr_t)license;
  a.kern_version = kernVersion;
  setName(a.prog_name, name);
  if (btf) {
    a.prog_btf_fd = (uint32_t)btf->btfFd;
    a.func_info_rec_size = 8;
    a.func_info = (uint64_t)(uintptr_t)btf->funcInfo;
    a.func_info_cnt = btf->funcCount;
    a.line_info_rec_size = 16;
    a.line_info = (uint64_t)(uintptr_t)btf->lineInfo;
    a.line_info_cnt = btf->lineCount;
  }
  if (attachBtf) {
    a.expected_attach_type = attachBtf->attachType;
    a.attach_btf_id = attachBtf->btfId;
    if (attachBtf->btfObjFd >= 0) a.attach_btf_obj_fd = (uint32_t)attachBtf->btfObjFd;
    a.prog_flags = attachBtf->flags;
  }
  int fd = sysBpf(BPF_PROG_LOAD, &a);
  if (fd >= 0 || !log) return safeFd(fd);
  // Load again with a log to explain the failure.
  const size_t logSize = 1u << 20;
  if (!log->resize(logSize)) return fd;
  (*log)[0] = 0;
  a.log_level = 1;
  a.log_size = logSize;
  a.log_buf = (uint64_t)(uintptr_t)log->data();
  int fd2 = sysBpf(BPF_PROG_LOAD, &a);
  if (fd2 >= 0) { // loaded the second time; keep it
    log->clear();
    return safeFd(fd2);
  }
  (*log)[logSize - 1] = 0;
  log->resize(strlen(log->data()));
  return fd;
}

int bpfBtfLoad(const void *data, size_t size, Vec<char> *log) {
  union bpf_attr a;
  memset(&a, 0, sizeof a);
  a.btf = (uint64_t)(uintptr_t)data;
  a.btf_size = (uint32_t)size;
  int fd = sysBpf(BPF_BTF_LOAD, &a);
  if (fd >= 0 || !log) return safeFd(fd);
  const size_t logSize = 64u << 10;
  if (!log->resize(logSize)) return fd;
  (*log)[0] = 0;
  a.btf_log_level = 1;
  a.btf_log_size = logSize;
  a.btf_log_buf = (uint64_t)(uintptr_t)log->data();
  int fd2 = sysBpf(BPF_BTF_LOAD, &a);
  if (fd2 >= 0) { log->clear(); return safeFd(fd2); }
  (*log)[logSize - 1] = 0;
  log->resize(strlen(log->data()));
  return fd;
}

int bpfRawTracepointOpen(const char *name, int progFd) {
  union bpf_attr a;
  memset(&a, 0, sizeof a);
  a.raw_tracepoint.name = (uint64_t)(uintptr_t)name;
  a.raw_tracepoint.prog_fd = (uint32_t)progFd;
  return safeFd(sysBpf(BPF_RAW_TRACEPOINT_OPEN, &a));
}

int bpfLinkCreate(int progFd, uint32_t attachType, uint32_t multiFlags, const uint64_t *addrs, uint32_t count) {
  union bpf_attr a;
  memset(&a, 0, sizeof a);
  a.link_create.prog_fd = (uint32_t)progFd;
  a.link_create.attach_type = attachType;
  a.link_create.kprobe_multi.flags = multiFlags;
  a.link_create.kprobe_multi.cnt = count;
  a.link_create.kprobe_multi.addrs = (uint64_t)(uintptr_t)addrs;
  return safeFd(sysBpf(BPF_LINK_CREATE, &a));
}

int bpfBtfNextId(uint32_t id, uint32_t *next) {
  union bpf_attr a;
  memset(&a, 0, sizeof a);
  a.start_id = id;
  int r = sysBpf(BPF_BTF_GET_NEXT_ID, &a);
  if (r == 0) *next = a.next_id;
  return r;
}

int bpfBtfFdById(uint32_t id) {
  union bpf_attr a;
  memset(&a, 0, sizeof a);
  a.btf_id = id;
  return safeFd(sysBpf(BPF_BTF_GET_FD_BY_ID, &a));
}

int bpfBtfInfo(int fd, char *name, uint32_t nameCap, bool *kernelBtf) {
  struct bpf_btf_info info;
  memset(&info, 0, sizeof info);
  if (nameCap) name[0] = 0;
  info.name = (uint64_t)(uintptr_t)name;
  info.name_len = nameCap;
  union bpf_attr a;
  memset(&a, 0, sizeof a);
  a.info.bpf_fd = (uint32_t)fd;
  a.info.info_len = sizeof info;
  a.info.info = (uint64_t)(uintptr_t)&info;
  int r = sysBpf(BPF_OBJ_GET_INFO_BY_FD, &a);
  if (r == 0) *kernelBtf = info.kernel_btf;
  if (nameCap) name[nameCap - 1] = 0;
  return r;
}

int bpfObjPin(int fd, const char *path) {
  union bpf_attr a;
  memset(&a, 0, sizeof a);
  a.pathname = (uint64_t)(uintptr_t)path;
  a.bpf_fd = (uint32_t)fd;
  return sysBpf(BPF_OBJ_PIN, &a);
}

int bpfObjGet(const char *path) {
  union bpf_attr a;
  memset(&a, 0, sizeof a);
  a.pathname = (uint64_t)(uintptr_t)path;
  return safeFd(sysBpf(BPF_OBJ_GET, &a));
}

int possibleCpus() {
  int fd = open("/sys/devices/system/cpu/possible", O_RDONLY | O_CLOEXEC);
  if (fd < 0) return 1;
  char buf[128];
  ssize_t n = read(fd, buf, sizeof buf - 1);
  close(fd);
  if (n <= 0) return 1;
  buf[n] = 0;
  // "0-3" or "0" or "0-1,4-5": the count is the highest index + 1.
  int highest = 0, cur = 0;
  bool any = false;
  for (ssize_t i = 0; i <= n; ++i) {
    char c = buf[i];
    if (c >= '0' && c <= '9') { cur = cur * 10 + (c - '0'); any = true; if (cur > 4096) return 1; }
    else { if (any && cur > highest) highest = cur; cur = 0; any = false; }
  }
  return highest + 1;
}

} // namespace bpfd
