// The kernel BTF id a BTF-attached program (fentry, fexit, fmod_ret, tp_btf,
// lsm: bpfconv::attachesByBtf) is loaded against: its target looked up in
// vmlinux's BTF, then in each module's split BTF, as libbpf's
// find_kernel_btf_id does. A module's target also needs that module's BTF
// object (attach_btf_obj_fd), found among the kernel's BTF objects by name.
#ifndef BPFD_DAEMON_BTF_TARGET_H
#define BPFD_DAEMON_BTF_TARGET_H

#include "btf.h"

#include "bpfconv/section.h"

namespace bpfd {

struct BtfTarget {
  uint32_t btfId = 0; // in vmlinux's BTF, or in the module's (split: after vmlinux's ids)
  int objFd = -1;     // the module's BTF object, -1 for vmlinux; the caller closes it
  char module[64] = "";
};

// Finds target (a section's FUNC, TRACEPOINT or HOOK) of kind in vmlinux
// (the running kernel's BTF, parsed), then in /sys/kernel/btf/MODULE.
// Returns 0, or -errno with a message naming the BTF name looked for:
// -ESRCH when no BTF has it, -ENAMETOOLONG, or the failure to open the
// module's BTF object.
int findBtfTarget(const Btf &vmlinux, bpfconv::AttachKind kind, StrRef target, BtfTarget *out, char *err,
                  size_t errCap);

// The type of BTF kind btfKind (BTF_KIND_*) named name, in vmlinux, then
// in each module's BTF, as findBtfTarget (kindName names the kind in the
// message: "VAR", "FUNC"...). -ESRCH when no BTF has it.
int findKernelBtfType(const Btf &vmlinux, StrRef name, uint32_t btfKind, const char *kindName, BtfTarget *out,
                      char *err, size_t errCap);

} // namespace bpfd

#endif
