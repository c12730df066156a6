//===- CoreAccess.h - Kernel reads as CO-RE relocations (--core) -*- C++ -*-===//
//
// bpf-xcc --core: the code pass marks the kernel's records that the
// program's kernel reads go through with clang's preserve_access_index
// attribute, so that CodeGen emits llvm.preserve.{struct,union,array}.
// access.index for their member accesses and the BPF backend turns each
// into a CO-RE relocation (.BTF.ext field byte offset) against the record
// as the reference tree declares it. bpfd's LOAD_OBJECT then gives each
// instruction the device's offset (its /sys/kernel/btf/vmlinux).
//
// A kernel read is the source argument of bpf_probe_read,
// bpf_probe_read_kernel, bpf_probe_read_str or bpf_probe_read_kernel_str:
// the rewriter's implicit reads (a->b->c, PT_REGS_* casts, a helper's
// return) and the program's own calls alike. Its address is walked from the
// accessed member down to the pointer it goes through (`.`, `[]`, casts,
// parentheses; `->` and `*` end the walk): every record on that path that a
// header of the kernel tree declares is marked, with the anonymous records
// nested in it. Records of the program or of bpf-xcc's headers (tracepoint
// arguments, maps) never are: the device's BTF does not have them.
//
//===----------------------------------------------------------------------===//
#ifndef BPF_XCC_COREACCESS_H
#define BPF_XCC_COREACCESS_H

#include "clang/AST/ASTConsumer.h"

#include <memory>
#include <set>
#include <string>
#include <vector>

namespace bpfxcc {

/// What the marker did, for -v.
struct CoreAccessReport {
  std::set<std::string> Records; ///< Marked records, "struct task_struct".
  unsigned Reads = 0;            ///< Kernel reads through a marked record.
};

/// The code pass's consumer, to run before CodeGen's. \p TreeDirs: the
/// kernel tree's include folders (a record is the kernel's when the file
/// declaring it lies under one).
std::unique_ptr<clang::ASTConsumer>
createCoreAccessMarker(std::vector<std::string> TreeDirs, CoreAccessReport &Report);

} // namespace bpfxcc

#endif
