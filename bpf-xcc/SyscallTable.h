//===- SyscallTable.h - The target's system call numbers ----------*- C++ -*-===//
//
// The numbers and names of the target architecture's system calls, from
// its kernel headers (asm/unistd.h as the target's compiler sees it): what
// `ausyscall --dump` prints on the device, which BCC's bcc/syscall.py reads
// to name syscalls (syscount, ...).
//
//===----------------------------------------------------------------------===//
#ifndef BPF_XCC_SYSCALLTABLE_H
#define BPF_XCC_SYSCALLTABLE_H

#include "llvm/Support/Error.h"

#include <string>
#include <utility>
#include <vector>

namespace bpfxcc {

/// (number, name) sorted by number; one name per number (the first in name
/// order when headers give aliases).
llvm::Expected<std::vector<std::pair<unsigned, std::string>>>
syscallTable(const std::string &ArchName, const std::string &KernelDir);

} // namespace bpfxcc

#endif
