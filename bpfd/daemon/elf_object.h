// Parses a BPF ELF object into a load plan: maps to create (with their BTF
// type ids), programs with their instructions (bpf-to-bpf calls already
// linked), the map references to patch and the .BTF.ext func_info and
// line_info rebased onto each program. Pure parsing: no system call here.
#ifndef BPFD_DAEMON_ELF_OBJECT_H
#define BPFD_DAEMON_ELF_OBJECT_H

#include "btf.h"
#include "support.h"

#include "bpfconv/section.h"

#include <linux/bpf.h>

namespace bpfd {

enum class MapOrigin { BtfDefined, Legacy, DataSection };

struct MapSpec {
  char name[64];
  MapOrigin origin;
  uint16_t section;
  uint64_t secOffset;   // BTF/legacy: offset of the definition in its section
  uint32_t type, keySize, valueSize, maxEntries, flags, pinning;
  const uint8_t *init;  // data sections: initial value (null for .bss)
  size_t initSize;
  bool freeze;          // .rodata
  uint32_t btfKey, btfValue; // BTF type ids (0: none), as libbpf creates the map
  // A map of maps: its inner map's definition (created as the template
  // passed as inner_map_fd), and where its initial slots are in `.maps`.
  bool hasInner;
  uint32_t innerType, innerKeySize, innerValueSize, innerMaxEntries, innerFlags;
  uint32_t valuesOffset, valuesCount;
};

// An initial slot of a map of maps (`.values = {&inner_a, ...}`): after
// every map is created, maps[outer][slot] = maps[inner]'s fd.
struct MapSlot {
  uint32_t outer, slot, inner;
};

// What a section name means is bpfconv's (bpfconv/section.h), the one
// authority every component asks.
using bpfconv::AttachKind;

struct MapRef {
  uint32_t insn;    // index of the ld_imm64 in the program
  uint32_t map;     // index into ObjectPlan::maps
  bool value;       // BPF_PSEUDO_MAP_VALUE (data sections) vs BPF_PSEUDO_MAP_FD
  uint32_t offset;  // offset into the value for BPF_PSEUDO_MAP_VALUE
};

struct ProgSpec {
  char name[64];
  char section[256];
  uint32_t type;
  AttachKind attach;  // of its section; None: loaded only (also bare kprobe/uprobe sections)
  char target[256];   // the section's attach point (after "KIND/"), for messages
  // BTF-attached kinds (bpfconv::attachesByBtf): the expected_attach_type and
  // BPF_F_SLEEPABLE of the ".s" sections; the target is looked up at load.
  uint32_t attachType;
  bool sleepable;
  size_t insnStart, insnCount; // in ObjectPlan::insns
  size_t refStart, refCount;   // in ObjectPlan::refs
  // .BTF.ext records of the program and its appended subprograms, insn_off
  // in instructions of the linked program (kernel layout: 2 and 4 u32 a
  // record) in ObjectPlan::funcInfo/lineInfo, counted in records.
  size_t funcStart, funcCount, lineStart, lineCount;
  bool btfExtIncomplete;       // .BTF.ext lacks a function's func_info: none passed
  size_t coreStart, coreCount; // CO-RE relocations in ObjectPlan::coreRelos (records)
  size_t ksymStart, ksymCount; // in ObjectPlan::ksymRefs
};

// A further attach point of a program, from a `attach=FUNCTION SECTION` line
// of .bpfd.target (bpfconv/stamp.h) other than the program's own section:
// opensnoop's return probe at openat and openat2 as well.
struct AttachPoint {
  uint32_t prog;      // index into ObjectPlan::progs
  char section[256];  // checked by bpfconv::parseSection
};

// A __kconfig extern (libbpf's .kconfig externs): a value the loader puts
// at offset in the `.kconfig` map (ObjectPlan::kconfigMap), read-only to
// the programs: libbpf's LINUX_KERNEL_VERSION, LINUX_HAS_SYSCALL_WRAPPER,
// LINUX_HAS_BPF_COOKIE, or CONFIG_* from the kernel's configuration.
struct KconfigExtern {
  char name[64];
  KcfgType type;
  bool weak;       // 0 when the kernel has no value for it
  uint32_t offset;
};

// A __ksym extern (libbpf's .ksyms): a kernel variable the loader finds in
// the kernel's BTF (typed: ld_imm64 BPF_PSEUDO_BTF_ID), or a kernel symbol
// whose address it takes from /proc/kallsyms (untyped: declared void).
struct KsymExtern {
  char name[64];
  bool typed, weak;
  bool func;  // a kfunc (an extern function of .ksyms): calls become BPF_PSEUDO_KFUNC_CALL
};

// An ld_imm64 (insn, in its program) of ObjectPlan::ksyms[ext], or a call
// of a kfunc.
struct KsymRef {
  uint32_t insn, ext;
};

struct ObjectPlan {
  Vec<MapSpec> maps;
  Vec<ProgSpec> progs;
  Vec<struct bpf_insn> insns;
  Vec<MapRef> refs;
  Vec<AttachPoint> attach;  // further points, in the stamp's order
  char license[128];
  bool hasVersion;
  uint32_t kernVersion;
  char targetArch[32];     // from .bpfd.target, empty if absent
  char targetKernel[128];
  const uint8_t *btf;      // .BTF with DATASEC sizes/offsets filled in (points
  size_t btfSize;          // into btfFixed), null if absent
  Bytes btfFixed;
  Vec<uint32_t> funcInfo;  // struct bpf_func_info records
  Vec<uint32_t> lineInfo;  // struct bpf_line_info records
  Vec<uint32_t> coreRelos; // CO-RE: insn (in its program), type_id, access_str_off, kind
  char btfExtError[160];   // why .BTF.ext was not used, empty if it was (or absent)
  Vec<KconfigExtern> kconfig;
  int kconfigMap = -1;     // index into maps of `.kconfig` (its init is the loader's), -1 without
  Bytes kconfigData;       // the loader's value of `.kconfig`
  Vec<MapSlot> mapSlots;
  Vec<KsymExtern> ksyms;
  Vec<KsymRef> ksymRefs;
};

// data must outlive the plan (MapSpec::init and btf point into it).
// On failure returns false with a message naming the section or symbol.
bool parseBpfObject(const uint8_t *data, size_t size, ObjectPlan *plan, char *err, size_t errCap);


} // namespace bpfd

#endif
