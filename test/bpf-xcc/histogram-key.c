// BPF_HISTOGRAM's map type as BCC 0.26 chooses it: an array only when the
// key is `int` (the default, or a typedef of it: clang's
// isSpecificBuiltinType looks through typedefs), a hash for any other key
// (u64, a struct, unsigned int), so an array never gets a key the kernel
// refuses (array keys are 4 bytes). Loaded in the guests by
// bcc-rewrites-in-guest.test.
// REQUIRES: kernel-arm64
// RUN: bpf-xcc --arch arm64 --kernel %headers_arm64 %s -o %t.o --emit-c | grep -v "^//" | FileCheck %s --check-prefix=PROLOGUE
// RUN: bpf-xcc --arch arm64 --kernel %headers_arm64 %s -o %t.o
// RUN: bpfd-object plan %t.o | FileCheck %s

#include <uapi/linux/ptrace.h>

struct key_t { u32 cpu; u64 slot; };
BPF_HISTOGRAM(dflt);
BPF_HISTOGRAM(by_int, int);
BPF_HISTOGRAM(by_u64, u64);
BPF_HISTOGRAM(by_struct, struct key_t);
BPF_HISTOGRAM(by_uint, unsigned int, 32);
BPF_HISTOGRAM(by_s32, s32);

// PROLOGUE-DAG: #define __bpf_xcc_maptype_dflt BPF_MAP_TYPE_ARRAY
// PROLOGUE-DAG: #define __bpf_xcc_maptype_by_int BPF_MAP_TYPE_ARRAY
// PROLOGUE-DAG: #define __bpf_xcc_maptype_by_u64 BPF_MAP_TYPE_HASH
// PROLOGUE-DAG: #define __bpf_xcc_maptype_by_struct BPF_MAP_TYPE_HASH
// PROLOGUE-DAG: #define __bpf_xcc_maptype_by_uint BPF_MAP_TYPE_HASH
// PROLOGUE-DAG: #define __bpf_xcc_maptype_by_s32 BPF_MAP_TYPE_ARRAY

// CHECK-DAG: map dflt type=2 key_size=4 value_size=8 max_entries=64
// CHECK-DAG: map by_int type=2 key_size=4 value_size=8 max_entries=64
// CHECK-DAG: map by_u64 type=1 key_size=8 value_size=8 max_entries=64
// CHECK-DAG: map by_struct type=1 key_size=16 value_size=8 max_entries=64
// CHECK-DAG: map by_uint type=1 key_size=4 value_size=8 max_entries=32
// CHECK-DAG: map by_s32 type=2 key_size=4 value_size=8 max_entries=64

int kprobe__vfs_read(struct pt_regs *ctx, void *file, void *buf, size_t count) {
  u64 slot = bpf_log2l(count);
  struct key_t k = {.cpu = bpf_get_smp_processor_id(), .slot = slot};
  dflt.increment(slot);
  by_int.increment((int)slot);
  by_u64.increment(slot);
  by_struct.increment(k);
  by_uint.increment((unsigned int)slot);
  by_s32.increment((s32)slot);
  return 0;
}
