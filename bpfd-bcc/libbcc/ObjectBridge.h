//===- ObjectBridge.h - bpfd's object parser, seen from libbcc -----*- C++ -*-===//
//
// bpfd's parser (bpfd/daemon/elf_object.h) is the one authority on what a
// BPF object holds; it is written without the C++ library, and its support
// header cannot share a translation unit with it. This header hands its
// load plan over in plain C types, through a sink.
//
//===----------------------------------------------------------------------===//
#ifndef BPFD_BCC_LIBBCC_OBJECTBRIDGE_H
#define BPFD_BCC_LIBBCC_OBJECTBRIDGE_H

#include <stddef.h>
#include <stdint.h>

namespace bpfdbcc {

struct PlanMap {
  const char *Name;
  uint32_t Type, KeySize, ValueSize, MaxEntries, Flags;
  bool DataSection;      ///< .rodata/.data/.bss: one-entry array
  const uint8_t *Init;   ///< initial value (data sections), or null
  size_t InitSize;
};

struct PlanRef {
  uint32_t Insn;   ///< index of the ld_imm64 in the program
  uint32_t Map;    ///< index of the map, in the order map() was called
  bool Value;      ///< BPF_PSEUDO_MAP_VALUE (data sections)
  uint32_t Offset; ///< offset into the value
};

struct PlanProg {
  const char *Name;
  const char *Section;
  const void *Insns; ///< struct bpf_insn[InsnCount], calls already linked
  size_t InsnCount;
  const PlanRef *Refs;
  size_t RefCount;
};

class PlanSink {
public:
  virtual ~PlanSink() = default;
  virtual void map(const PlanMap &M) = 0;
  virtual void prog(const PlanProg &P) = 0;
  virtual void license(const char *License, bool HasVersion, uint32_t Version) = 0;
};

/// Parses the object; false with a message in Err on failure.
bool parseObject(const uint8_t *Data, size_t Size, PlanSink &Sink, char *Err,
                 size_t ErrCap);

} // namespace bpfdbcc

#endif
