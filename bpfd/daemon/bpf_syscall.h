// Thin wrappers over bpf(2) and perf_event_open(2). Each returns a file
// descriptor or 0 on success, and -errno on failure.
#ifndef BPFD_DAEMON_BPF_SYSCALL_H
#define BPFD_DAEMON_BPF_SYSCALL_H

#include "support.h"

#include <linux/bpf.h>
#include <linux/perf_event.h>

namespace bpfd {

constexpr int kENOTSUPP = 524; // the kernel's own, not in the C library's errno.h

int sysBpf(int cmd, union bpf_attr *attr);
int sysPerfEventOpen(struct perf_event_attr *attr, int pid, int cpu, int group, unsigned flags);
// A perf event of tracefs event id, one sample per hit: on every CPU for
// pid >= 0 (that process), else on CPU 0 for every process.
int perfTracepointOpen(int id, int pid);

// With btfFd >= 0 the map carries BTF: key and value type ids of that BTF
// (key 0 for a data section's single-entry array). A map of maps takes its
// inner maps' template in innerMapFd.
int bpfMapCreate(uint32_t type, const char *name, uint32_t keySize, uint32_t valueSize,
                 uint32_t maxEntries, uint32_t flags, int btfFd = -1, uint32_t btfKey = 0,
                 uint32_t btfValue = 0, int innerMapFd = -1);
int bpfMapLookup(int fd, const void *key, void *value);
int bpfMapUpdate(int fd, const void *key, const void *value, uint64_t flags);
int bpfMapDelete(int fd, const void *key);
int bpfMapNextKey(int fd, const void *key, void *next); // key null: first key
int bpfMapFreeze(int fd);
int bpfMapInfo(int fd, struct bpf_map_info *info);
int bpfProgInfo(int fd, struct bpf_prog_info *info);
// A program's BTF: the loaded .BTF and its func_info/line_info records in the
// kernel's layout (struct bpf_func_info, struct bpf_line_info).
struct ProgBtf {
  int btfFd;
  const uint32_t *funcInfo, *lineInfo;
  uint32_t funcCount, lineCount;
};
// What a BTF-attached program (fentry, fexit, fmod_ret, tp_btf, lsm) is
// loaded with: its expected_attach_type, the target's id in the kernel's
// BTF (a module's BTF object in btfObjFd, else -1) and prog_flags
// (BPF_F_SLEEPABLE).
struct ProgAttachBtf {
  uint32_t attachType, btfId;
  int btfObjFd;
  uint32_t flags;
};
// On failure with a log buffer, the kernel's verifier log is in log.
int bpfProgLoad(uint32_t type, const char *name, const char *license, uint32_t kernVersion,
                const struct bpf_insn *insns, size_t count, Vec<char> *log, const ProgBtf *btf = nullptr,
                const ProgAttachBtf *attachBtf = nullptr);
int bpfBtfLoad(const void *data, size_t size, Vec<char> *log);
// name null: a BTF-attached program at the target it was loaded for.
int bpfRawTracepointOpen(const char *name, int progFd);
// A link of progFd (BPF_LINK_CREATE) of attachType: BPF_TRACE_ITER, or
// BPF_TRACE_KPROBE_MULTI at count kernel addresses (multiFlags:
// BPF_F_KPROBE_MULTI_RETURN for return probes).
int bpfLinkCreate(int progFd, uint32_t attachType, uint32_t multiFlags = 0, const uint64_t *addrs = nullptr,
                  uint32_t count = 0);
// The kernel's BTF objects (vmlinux's, each module's): the id after id,
// an fd of one, and its name and whether it is the kernel's.
int bpfBtfNextId(uint32_t id, uint32_t *next);
int bpfBtfFdById(uint32_t id);
int bpfBtfInfo(int fd, char *name, uint32_t nameCap, bool *kernelBtf);
int bpfObjPin(int fd, const char *path);
int bpfObjGet(const char *path); // fd of the object pinned at path, or -errno

// Moves fd above 2 (bpfd never hands out 0..2) and sets close-on-exec.
int safeFd(int fd);

int possibleCpus(); // from /sys/devices/system/cpu/possible, at least 1

} // namespace bpfd

#endif
