// libFuzzer target: the BPF ELF object and BTF parser that LOAD_OBJECT uses
// (load plan only, never a system call).
#include "elf_object.h"

using namespace bpfd;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  // Copy into an aligned buffer exactly as big as the input, like the daemon does.
  uint8_t *copy = static_cast<uint8_t *>(malloc(size ? size : 1));
  memcpy(copy, data, size);
  ObjectPlan plan;
  char err[512];
  if (parseBpfObject(copy, size, &plan, err, sizeof err)) {
    for (auto &p : plan.progs) {
      if (p.insnStart + p.insnCount > plan.insns.size() || p.refStart + p.refCount > plan.refs.size())
        __builtin_trap();
      for (size_t i = 0; i < p.refCount; ++i) {
        const MapRef &r = plan.refs[p.refStart + i];
        if (r.map >= plan.maps.size() || r.insn + 1 >= p.insnCount) __builtin_trap();
      }
    }
  }
  free(copy);
  return 0;
}
