// The running kernel's symbols (/proc/kallsyms), read as a stream: the
// syscall probes' function names (ksyscall/, kretsyscall/), untyped __ksym
// externs' addresses, kprobe.multi's pattern matches.
#ifndef BPFD_DAEMON_KALLSYMS_H
#define BPFD_DAEMON_KALLSYMS_H

#include "support.h"

namespace bpfd {

// Calls fn(ctx, name, address, type, module) for each symbol (type: 'T',
// 't', 'd'...; module "" for vmlinux's; the address is 0 where
// kptr_restrict hides it) until fn returns false. Returns 0, or -errno when
// /proc/kallsyms cannot be read.
int forEachKallsym(void *ctx, bool (*fn)(void *ctx, StrRef name, uint64_t addr, char type, StrRef module));

// libbpf's glob_match: '*' any run of characters, '?' any one.
bool globMatch(StrRef s, StrRef pattern);

// The address of vmlinux's symbol name (the first of that name): 0 with
// *addr set, -ENOENT when there is none, or -errno.
int kallsymsFind(StrRef name, uint64_t *addr);

// libbpf's syscall function names: "__PFX_sys_NAME" when the kernel has
// syscall wrappers (PFX: x64, arm64, arm, s390x, powerpc; seen as
// __PFX_sys_bpf in kallsyms), else "__se_sys_NAME". Writes the function of
// syscall name into out; false when it does not fit.
bool syscallFunction(StrRef name, char *out, size_t cap);
// Whether the kernel has syscall wrappers (libbpf's
// LINUX_HAS_SYSCALL_WRAPPER), looked up once.
bool hasSyscallWrapper();

} // namespace bpfd

#endif
