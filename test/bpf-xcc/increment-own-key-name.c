// A program's own variable named like a rewrite's temporary: argdist writes
// `struct ..._key_t __key = {}; __key.v0 = 1; hash.atomic_increment(__key);`.
// The rewrite's key copy is BCC's `_key`; it was `__key`, which shadowed the
// program's: `__typeof__(...) __key = __key;` copied the new, uninitialised
// variable, LLVM dropped the store, and the lookup read an unwritten stack
// slot (refused by an older 6.1 verifier, "invalid indirect read from stack";
// accepted by a later one, which then counted under garbage keys:
// argdist -C showed many "total calls" rows).
// REQUIRES: kernel-arm64
// RUN: bpf-xcc --arch arm64 --kernel %headers_arm64 %s -o %t.o --emit-c | grep -v "^//" | FileCheck %s --check-prefix=REWRITE
// RUN: bpf-xcc --arch arm64 --kernel %headers_arm64 %s -o %t.o
// RUN: llvm-objdump -d --no-show-raw-insn %t.o | FileCheck %s
// REWRITE: ({ __typeof__(*hash0.key) _key = __key; __typeof__(hash0.value) _leaf = {{.*}}&_key)); if (_leaf) __sync_fetch_and_add(_leaf, 1); else { {{.*}}_zleaf{{.*}}BPF_NOEXIST); } })
// The key (1) is stored on the stack before the lookup reads it:
// CHECK-LABEL: <probe0>:
// CHECK: call 0xe
// CHECK-NEXT: r{{[0-9]+}} = 0x1
// CHECK-NEXT: *(u64 *)(r10 - 0x8) = r{{[0-9]+}}
// CHECK-NEXT: r2 = r10
// CHECK-NEXT: r2 += -0x8
// CHECK: call 0x1

#include <uapi/linux/ptrace.h>

struct hash0_key_t {
  u64 v0;
};
BPF_HASH(hash0, struct hash0_key_t, u64);

int probe0(struct pt_regs *ctx) {
  u64 __pid_tgid = bpf_get_current_pid_tgid();
  struct hash0_key_t __key = {};
  __key.v0 = 1;
  hash0.atomic_increment(__key);
  return 0;
}
