// The values of an object's __kconfig externs (libbpf's .kconfig map), from
// the running kernel: LINUX_KERNEL_VERSION, LINUX_HAS_SYSCALL_WRAPPER,
// LINUX_HAS_BPF_COOKIE, and CONFIG_* from its configuration.
#ifndef BPFD_DAEMON_KCONFIG_H
#define BPFD_DAEMON_KCONFIG_H

#include "elf_object.h"

namespace bpfd {

// Fills plan->kconfigData and points the `.kconfig` map's init at it, as
// libbpf's bpf_object__resolve_externs: a CONFIG_ extern needs
// /boot/config-RELEASE (bpfd cannot read the gzip of /proc/config.gz); a
// strong extern the kernel has no value for fails, a weak one is 0.
// Returns 0, or -errno with a message naming the extern.
int fillKconfig(ObjectPlan *plan, char *msg, size_t cap);

} // namespace bpfd

#endif
