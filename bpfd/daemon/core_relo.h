// CO-RE: resolves an object's .BTF.ext relocations against the running
// kernel's BTF (/sys/kernel/btf/vmlinux, then its modules') and patches the instructions, as
// libbpf's relo_core.c does for the kinds bpfd applies: field byte offset,
// byte size, existence, signedness and bitfield shifts; type id, existence
// and size; enum value existence and value.
#ifndef BPFD_DAEMON_CORE_RELO_H
#define BPFD_DAEMON_CORE_RELO_H

#include "btf.h"
#include "kernel_btf.h"

#include <linux/bpf.h>

namespace bpfd {

// The helper number of a poisoned instruction (libbpf's) and how the
// verifier names it when it reaches one.
constexpr uint32_t kCorePoison = 0xbad2310;
constexpr char kCorePoisonInLog[] = "unknown#195896080";

class CoreResolver {
public:
  // local: the object's .BTF, parsed.
  explicit CoreResolver(const Btf &local) : local_(local) {}
  // Reads the kernel's BTF once; false with a message naming the file.
  bool loadKernelBtf(char *err, size_t errCap) { return kernel_.load(err, errCap); }
  // vmlinux's BTF, parsed: valid once loadKernelBtf() returned true.
  const Btf &kernelBtf() const { return kernel_.vmlinux(); }
  // Applies relocation {insn, type_id, access_str_off, kind} to code[0..count).
  // A field or type the kernel lacks poisons the instruction (a call to
  // helper 0xbad2310 that the verifier refuses only if it is reached), as
  // libbpf does, and err says what the kernel lacks (it is "" otherwise);
  // the *_EXISTS kinds get 0. False with a message naming the instruction
  // and the access string on what cannot be applied.
  bool apply(struct bpf_insn *code, size_t count, const uint32_t rec[4], char *err, size_t errCap);

private:
  const Btf &local_;
  KernelBtf kernel_;
  Bytes modData_; // the module BTF a target was last found in
  Btf mod_;
};

} // namespace bpfd

#endif
