// lookup_or_init() and lookup_or_try_init() are rewritten as BCC 0.26's
// frontend does: look up; when absent, insert the initial value with
// BPF_NOEXIST and look up again. lookup_or_init() then returns 0 from the
// program when the entry still cannot be made, so the pointer it yields is
// never NULL and the verifier accepts the dereference without a check;
// lookup_or_try_init() yields NULL and leaves the check to the program.
// REQUIRES: kernel-arm64
// RUN: bpf-xcc --arch arm64 --kernel %headers_arm64 %s -o %t.o --emit-c | grep -v "^//" | FileCheck %s --check-prefix=REWRITE
// RUN: bpf-xcc --arch arm64 --kernel %headers_arm64 %s -o %t.o
// RUN: llvm-objdump -dr --no-show-raw-insn %t.o | FileCheck %s

#include <uapi/linux/ptrace.h>

struct val_t { u64 count; u64 bytes; };
BPF_HASH(stats, u32, struct val_t);
BPF_HASH(tries, u32, u64);

// REWRITE: struct val_t *v = ({ __typeof__(stats.value) leaf = ((__typeof__(stats.value))bpf_map_lookup_elem((void *)&stats, &pid)); if (!leaf) { bpf_map_update_elem((void *)&stats, &pid, &zero, BPF_NOEXIST); leaf = ((__typeof__(stats.value))bpf_map_lookup_elem((void *)&stats, &pid)); if (!leaf) return 0; } leaf; });
// REWRITE: u64 *t = ({ __typeof__(tries.value) leaf = ((__typeof__(tries.value))bpf_map_lookup_elem((void *)&tries, &pid)); if (!leaf) { bpf_map_update_elem((void *)&tries, &pid, &one, BPF_NOEXIST); leaf = ((__typeof__(tries.value))bpf_map_lookup_elem((void *)&tries, &pid)); } leaf; });

// CHECK-LABEL: <kprobe__vfs_read>:
// CHECK: R_BPF_64_64 stats
// CHECK: call 0x1
// CHECK: R_BPF_64_64 stats
// CHECK: call 0x2
// CHECK: R_BPF_64_64 stats
// CHECK: call 0x1
// CHECK: exit
int kprobe__vfs_read(struct pt_regs *ctx, void *file, void *buf, size_t count) {
  u32 pid = bpf_get_current_pid_tgid() >> 32;
  struct val_t zero = {};
  // No NULL check: BCC programs written against lookup_or_init rely on it.
  struct val_t *v = stats.lookup_or_init(&pid, &zero);
  v->count++;
  v->bytes += count;
  u64 one = 1;
  u64 *t = tries.lookup_or_try_init(&pid, &one);
  if (t)
    (*t)++;
  return 0;
}
