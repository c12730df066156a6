// An undeclared function called from a kernel header's inline function the
// program never uses is no error (slabratetop includes linux/slub_def.h,
// whose nearest_obj() calls slab_address(), declared only in mm/slab.h;
// clang 19 makes implicit declarations errors, BCC's clang 14 only warned).
// A call the program makes to an undeclared function is an error at its
// file:line:col, before code generation.
// REQUIRES: kernel-arm64
// RUN: bpf-xcc --arch arm64 --kernel %headers_arm64 %s -o %t.o 2>&1 | FileCheck %s --check-prefix=HEADER --allow-empty
// RUN: llvm-readelf -S %t.o | FileCheck %s --check-prefix=SECTIONS
// RUN: not bpf-xcc --arch arm64 --kernel %headers_arm64 -DCALL_IT %s -o %t.bad.o 2>&1 | FileCheck %s --check-prefix=CALL

// HEADER-NOT: slab_address
// HEADER-NOT: error
// SECTIONS: ] kprobe/kmem_cache_alloc PROGBITS

#include <linux/mm.h>
#include <linux/slab.h>
#include <linux/slub_def.h>

BPF_HASH(counts, u64, u64);

int kprobe__kmem_cache_alloc(struct pt_regs *ctx, struct kmem_cache *cachep) {
  u64 key = (u64)cachep;
#ifdef CALL_IT
// CALL: undeclared-call.c:[[@LINE+2]]:9: error: call to undeclared or external function 'not_a_helper' (from 'kprobe__kmem_cache_alloc'): BPF code can call only BPF helpers and functions the program defines
// CALL-NOT: error:
  key = not_a_helper(key);
#endif
  counts.increment(key);
  return 0;
}
