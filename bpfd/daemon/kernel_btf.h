// The running kernel's BTF, one reading of it for CO-RE, BTF-attached
// programs' targets and typed externs: /sys/kernel/btf/vmlinux read and
// parsed once per holder, and the modules' split BTF (/sys/kernel/btf/MODULE)
// walked in turn.
#ifndef BPFD_DAEMON_KERNEL_BTF_H
#define BPFD_DAEMON_KERNEL_BTF_H

#include "btf.h"

namespace bpfd {

class KernelBtf {
public:
  // Reads and parses vmlinux's BTF the first time; false with a message
  // naming the file, *missing set when the kernel has no BTF at all.
  bool load(char *err, size_t errCap, bool *missing = nullptr);
  // Valid once load() returned true.
  const Btf &vmlinux() const { return vmlinux_; }

private:
  Bytes data_;
  Btf vmlinux_;
  bool loaded_ = false;
};

// Parses each module's split BTF against vmlinux into *mod (its bytes in
// *data) and hands it to visit(*mod, module name, ctx) until visit returns
// true: true then, *mod left parsed; false when no module's did (modules
// whose BTF cannot be read or parsed are passed over).
bool visitModuleBtf(const Btf &vmlinux, Bytes *data, Btf *mod,
                    bool (*visit)(const Btf &mod, const char *module, void *ctx), void *ctx);

} // namespace bpfd

#endif
