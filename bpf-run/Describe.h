//===- Describe.h - bpf-run --describe: an object as bpf-run sees it ------===//
#ifndef BPF_RUN_DESCRIBE_H
#define BPF_RUN_DESCRIBE_H

#include "ObjectInfo.h"

#include "llvm/Support/raw_ostream.h"

namespace bpfrun {

// Stamp, programs, attach points and maps (types, histogram, event columns
// and the roles bpf-run gives them), one per line.
void describeObject(llvm::raw_ostream &OS, const ObjectInfo &Obj);

} // namespace bpfrun

#endif
