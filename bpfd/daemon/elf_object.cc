#include "elf_object.h"

#include "btf.h"
#include "bpfconv/stamp.h"

#include <elf.h>
#include <stdarg.h>
#include <stdio.h>

#ifndef EM_BPF
#define EM_BPF 247
#endif

namespace bpfd {

namespace {

constexpr uint32_t kRel64_64 = 1;
constexpr uint32_t kRelAbs64 = 2;
constexpr uint32_t kRelAbs32 = 3;
constexpr uint32_t kRel64_32 = 10;
constexpr size_t kMaxProgInsns = 1000000;
constexpr uint8_t kPseudoFunc = 4; // BPF_PSEUDO_FUNC: ld_imm64 of a function's address

struct Section {
  StrRef name;
  uint32_t type;
  uint64_t flags;
  const uint8_t *data;
  uint64_t size;
  uint32_t link, info;
};

struct Rel {
  uint64_t offset;
  uint32_t sym;
  uint32_t type;
};

struct Piece { // one function copied into the program being built
  uint16_t sec;
  uint32_t start, len; // in instructions, within the section
  uint32_t base;       // first instruction in the program
};

class Parser {
public:
  Parser(const uint8_t *d, size_t n, ObjectPlan *p, char *e, size_t ec)
      : data_(d), size_(n), plan_(p), err_(e), errCap_(ec) {}
  ~Parser() {
    for (auto &v : rels_) free(v.rels);
  }
  bool run();

private:
  bool fail(const char *fmt, ...) __attribute__((format(printf, 2, 3)));
  bool readHeaders();
  bool readSymbols();
  bool readRelocations();
  bool readSmallSections();
  bool readMaps();
  bool readExterns();
  bool readMapSlots();
  static bool kconfigOffset(void *ctx, StrRef var, uint32_t *off);
  bool setMapName(MapSpec *m, StrRef name);
  void fixupBtf();
  int sectionByName(StrRef name) const;
  static bool btfSecSize(void *ctx, StrRef sec, uint32_t *size);
  static bool btfSymOffset(void *ctx, StrRef sec, StrRef sym, uint32_t *offset);
  bool readPrograms();
  bool readAttachPoints();
  bool readBtf();
  bool buildProgram(uint16_t sec, const Elf64_Sym &sym, ProgSpec *spec);
  bool linkFunction(Vec<Piece> *pieces, uint16_t tsec, int64_t tidx, const ProgSpec *spec, uint32_t g,
                    const char *what, int64_t *target);
  bool addBtfExt(const Vec<BtfExtSec> &table, const Piece &p, uint32_t words, Vec<uint32_t> *out) const;
  bool rebaseBtfExt(const Vec<Piece> &pieces, ProgSpec *spec);
  const Rel *findRel(uint16_t sec, uint64_t offset) const;
  bool findFunction(uint16_t sec, uint32_t insn, uint32_t *start, uint32_t *len) const;
  int mapForSymbol(const Elf64_Sym &sym, int64_t addend, bool *value, uint32_t *offset) const;
  StrRef symName(const Elf64_Sym &s) const;

  const uint8_t *data_;
  size_t size_;
  ObjectPlan *plan_;
  char *err_;
  size_t errCap_;
  Vec<Section> secs_;
  const Elf64_Sym *syms_ = nullptr;
  size_t nsyms_ = 0;
  const char *symStr_ = nullptr;
  size_t symStrLen_ = 0;
  struct RelList { Rel *rels; size_t n; };
  Vec<RelList> rels_; // per section index
  int mapsSec_ = -1, legacyMapsSec_ = -1;
  int stampSec_ = -1;
  int btfExtSec_ = -1;
  Btf btf_;
  bool haveBtf_ = false;
  char btfErr_[160] = "";
  Vec<BtfExtSec> extFuncs_, extLines_, extCores_;
};

bool Parser::fail(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(err_, errCap_, fmt, ap);
  va_end(ap);
  return false;
}

// A map's name is whole or refused: a cut name could make two maps one name
// (the name LOAD_OBJECT reports and the pin path /sys/fs/bpf/bpfd/NAME).
bool Parser::setMapName(MapSpec *m, StrRef name) {
  if (name.n >= sizeof m->name)
    return fail("map '%.*s...' has a name of %zu characters, more than %zu", (int)(sizeof m->name - 1), name.p,
                name.n, sizeof m->name - 1);
  copyStr(m->name, sizeof m->name, name);
  return true;
}

StrRef Parser::symName(const Elf64_Sym &s) const {
  if (s.st_name >= symStrLen_) return StrRef("", 0);
  return StrRef(symStr_ + s.st_name, strnlen(symStr_ + s.st_name, symStrLen_ - s.st_name));
}

bool Parser::readHeaders() {
  if (size_ < sizeof(Elf64_Ehdr)) return fail("not an ELF object: %zu bytes", size_);
  Elf64_Ehdr eh;
  memcpy(&eh, data_, sizeof eh);
  if (memcmp(eh.e_ident, ELFMAG, SELFMAG) != 0) return fail("not an ELF object: bad magic");
  if (eh.e_ident[EI_CLASS] != ELFCLASS64) return fail("ELF object is not 64-bit");
  // Parsed in this machine's byte order, which is the kernel's: bpfel on
  // little-endian machines, bpfeb on s390x.
#if __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
  if (eh.e_ident[EI_DATA] != ELFDATA2MSB) return fail("ELF object is not big-endian (build it for bpfeb)");
#else
  if (eh.e_ident[EI_DATA] != ELFDATA2LSB) return fail("ELF object is not little-endian (bpfeb?)");
#endif
  if (eh.e_machine != EM_BPF) return fail("ELF object is for machine %u, not BPF (247)", eh.e_machine);
  if (eh.e_type != ET_REL) return fail("ELF object is not relocatable (type %u)", eh.e_type);
  if (eh.e_shentsize != sizeof(Elf64_Shdr)) return fail("bad section header size %u", eh.e_shentsize);
  if (eh.e_shnum == 0 || eh.e_shoff > size_ ||
      (uint64_t)eh.e_shnum * sizeof(Elf64_Shdr) > size_ - eh.e_shoff)
    return fail("section headers out of bounds");
  if (eh.e_shstrndx >= eh.e_shnum) return fail("bad section name table index");
  Elf64_Shdr strh;
  memcpy(&strh, data_ + eh.e_shoff + eh.e_shstrndx * sizeof(Elf64_Shdr), sizeof strh);
  if (strh.sh_offset > size_ || strh.sh_size > size_ - strh.sh_offset)
    return fail("section name table out of bounds");
  const char *shstr = reinterpret_cast<const char *>(data_ + strh.sh_offset);
  if (!secs_.reserve(eh.e_shnum)) return fail("out of memory");
  for (unsigned i = 0; i < eh.e_shnum; ++i) {
    Elf64_Shdr sh;
    memcpy(&sh, data_ + eh.e_shoff + i * sizeof(Elf64_Shdr), sizeof sh);
    Section s = {};
    if (sh.sh_name < strh.sh_size)
      s.name = StrRef(shstr + sh.sh_name, strnlen(shstr + sh.sh_name, strh.sh_size - sh.sh_name));
    else
      s.name = StrRef("", 0);
    s.type = sh.sh_type;
    s.flags = sh.sh_flags;
    s.size = sh.sh_size;
    s.link = sh.sh_link;
    s.info = sh.sh_info;
    if (sh.sh_type != SHT_NOBITS && sh.sh_type != SHT_NULL) {
      if (sh.sh_offset > size_ || sh.sh_size > size_ - sh.sh_offset)
        return fail("section %u '%.*s' out of bounds", i, (int)s.name.n, s.name.p);
      s.data = data_ + sh.sh_offset;
      if ((sh.sh_flags & SHF_EXECINSTR) && ((uintptr_t)s.data % 8))
        return fail("section %u '%.*s' is not 8-byte aligned in the file", i, (int)s.name.n, s.name.p);
    }
    secs_.push(s);
  }
  return true;
}

bool Parser::readSymbols() {
  for (size_t i = 0; i < secs_.size(); ++i) {
    const Section &s = secs_[i];
    if (s.type != SHT_SYMTAB) continue;
    if (syms_) return fail("more than one symbol table");
    if (s.link >= secs_.size() || secs_[s.link].type != SHT_STRTAB)
      return fail("symbol table has no string table");
    syms_ = reinterpret_cast<const Elf64_Sym *>(s.data);
    nsyms_ = s.size / sizeof(Elf64_Sym);
    if ((uintptr_t)syms_ % alignof(Elf64_Sym)) return fail("misaligned symbol table");
    symStr_ = reinterpret_cast<const char *>(secs_[s.link].data);
    symStrLen_ = secs_[s.link].size;
  }
  if (!syms_) return fail("no symbol table");
  return true;
}

static int compareRel(const void *a, const void *b) {
  uint64_t x = static_cast<const Rel *>(a)->offset, y = static_cast<const Rel *>(b)->offset;
  return x < y ? -1 : x > y ? 1 : 0;
}

bool Parser::readRelocations() {
  if (!rels_.resize(secs_.size())) return fail("out of memory");
  for (size_t i = 0; i < secs_.size(); ++i) {
    const Section &s = secs_[i];
    if (s.type == SHT_RELA) return fail("section '%.*s': RELA relocations are not used by BPF", (int)s.name.n, s.name.p);
    if (s.type != SHT_REL) continue;
    if (s.info >= secs_.size()) return fail("relocation section '%.*s' targets no section", (int)s.name.n, s.name.p);
    RelList &list = rels_[s.info];
    if (list.rels) return fail("section %u has two relocation sections", s.info);
    size_t n = s.size / sizeof(Elf64_Rel);
    list.rels = static_cast<Rel *>(calloc(n ? n : 1, sizeof(Rel)));
    if (!list.rels) return fail("out of memory");
    for (size_t k = 0; k < n; ++k) {
      Elf64_Rel r;
      memcpy(&r, s.data + k * sizeof r, sizeof r);
      list.rels[k].offset = r.r_offset;
      list.rels[k].sym = (uint32_t)ELF64_R_SYM(r.r_info);
      list.rels[k].type = (uint32_t)ELF64_R_TYPE(r.r_info);
      if (list.rels[k].sym >= nsyms_)
        return fail("relocation %zu of '%.*s' names symbol %u of %zu", k, (int)s.name.n, s.name.p,
                    list.rels[k].sym, nsyms_);
    }
    list.n = n;
    qsort(list.rels, n, sizeof(Rel), compareRel);
  }
  return true;
}

const Rel *Parser::findRel(uint16_t sec, uint64_t offset) const {
  const RelList &l = rels_[sec];
  size_t lo = 0, hi = l.n;
  while (lo < hi) {
    size_t mid = (lo + hi) / 2;
    if (l.rels[mid].offset < offset) lo = mid + 1;
    else hi = mid;
  }
  return lo < l.n && l.rels[lo].offset == offset ? &l.rels[lo] : nullptr;
}

bool Parser::readSmallSections() {
  plan_->license[0] = 0;
  plan_->hasVersion = false;
  plan_->targetArch[0] = plan_->targetKernel[0] = 0;
  plan_->btf = nullptr;
  plan_->btfSize = 0;
  for (size_t i = 0; i < secs_.size(); ++i) {
    const Section &s = secs_[i];
    if (!s.data) continue;
    if (s.name.eq("license")) {
      copyStr(plan_->license, sizeof plan_->license,
              StrRef((const char *)s.data, strnlen((const char *)s.data, s.size)));
    } else if (s.name.eq("version")) {
      if (s.size != 4) return fail("section 'version' is %llu bytes, not 4", (unsigned long long)s.size);
      memcpy(&plan_->kernVersion, s.data, 4);
      plan_->hasVersion = true;
    } else if (s.name.eq(".BTF")) {
      plan_->btf = s.data;
      plan_->btfSize = s.size;
    } else if (s.name.eq(".BTF.ext")) {
      btfExtSec_ = (int)i;
    } else if (s.name.eq(bpfconv::kStampSection)) {
      stampSec_ = (int)i;
      bpfconv::StampReader r((const char *)s.data, s.size);
      bpfconv::StampEntry e;
      while (r.next(&e)) {
        if (e.key.eq(bpfconv::kStampArch)) copyStr(plan_->targetArch, sizeof plan_->targetArch, StrRef(e.value.p, e.value.n));
        else if (e.key.eq(bpfconv::kStampKernel)) copyStr(plan_->targetKernel, sizeof plan_->targetKernel, StrRef(e.value.p, e.value.n));
      }
    }
  }
  // No license section: no license, as libbpf loads it (the kernel then
  // refuses GPL-only helpers), never a license the object did not state.
  return true;
}

// .BTF (maps need it, and func_info/line_info name its types) and .BTF.ext:
// a .BTF.ext that cannot be read is left out, as libbpf does, and said.
bool Parser::readBtf() {
  plan_->btfExtError[0] = 0;
  if (!plan_->btf) return true;
  haveBtf_ = btf_.parse(plan_->btf, plan_->btfSize, btfErr_, sizeof btfErr_);
  if (!haveBtf_ || btfExtSec_ < 0) return true;
  const Section &s = secs_[btfExtSec_];
  if (!parseBtfExt(s.data, s.size, btf_, &extFuncs_, &extLines_, &extCores_, plan_->btfExtError,
                   sizeof plan_->btfExtError)) {
    extFuncs_.clear();
    extLines_.clear();
    extCores_.clear();
  }
  return true;
}

bool Parser::readMaps() {
  for (size_t i = 0; i < secs_.size(); ++i) {
    const Section &s = secs_[i];
    if (s.name.eq(".maps")) mapsSec_ = (int)i;
    else if (s.name.eq("maps")) legacyMapsSec_ = (int)i;
  }
  if (mapsSec_ >= 0) {
    if (!plan_->btf) return fail("section '.maps' needs .BTF to describe its maps");
    if (!haveBtf_) return fail("%s", btfErr_);
    Vec<BtfMapDef> defs;
    if (!btf_.mapDefs(&defs, err_, errCap_)) return false;
    for (auto &d : defs) {
      MapSpec m;
      memset(&m, 0, sizeof m);
      memcpy(m.name, d.name, sizeof m.name);
      m.origin = MapOrigin::BtfDefined;
      m.section = (uint16_t)mapsSec_;
      // Compilers leave DATASEC offsets 0 in objects (libbpf fixes them up
      // from the symbol table): the symbol of the same name gives the offset.
      m.secOffset = d.secOffset;
      for (size_t k = 0; k < nsyms_; ++k)
        if (syms_[k].st_shndx == mapsSec_ && ELF64_ST_TYPE(syms_[k].st_info) != STT_SECTION &&
            symName(syms_[k]).eq(d.name)) {
          m.secOffset = syms_[k].st_value;
          break;
        }
      m.type = d.type; m.keySize = d.keySize; m.valueSize = d.valueSize;
      m.maxEntries = d.maxEntries; m.flags = d.flags; m.pinning = d.pinning;
      m.btfKey = d.keyType; m.btfValue = d.valueType;
      if (d.hasInner) {
        if (m.type != BPF_MAP_TYPE_ARRAY_OF_MAPS && m.type != BPF_MAP_TYPE_HASH_OF_MAPS)
          return fail("map '%s': __array(values, ...) of inner maps in a map of type %u, not a map of maps",
                      m.name, m.type);
        if (m.valueSize && m.valueSize != 4)
          return fail("map '%s': a map of maps' value is a 4-byte map fd, not %u bytes", m.name, m.valueSize);
        m.valueSize = 4;
        m.btfValue = 0;
        m.hasInner = true;
        m.innerType = d.innerType; m.innerKeySize = d.innerKeySize; m.innerValueSize = d.innerValueSize;
        m.innerMaxEntries = d.innerMaxEntries; m.innerFlags = d.innerFlags;
        m.valuesOffset = d.valuesOffset; m.valuesCount = d.valuesCount;
      } else if (m.type == BPF_MAP_TYPE_ARRAY_OF_MAPS || m.type == BPF_MAP_TYPE_HASH_OF_MAPS) {
        return fail("map '%s': a map of maps needs its inner map's definition (__array(values, struct ...))",
                    m.name);
      }
      if (!plan_->maps.push(m)) return fail("out of memory");
    }
    if (!readMapSlots()) return false;
  }
  if (legacyMapsSec_ >= 0) {
    const Section &s = secs_[legacyMapsSec_];
    for (size_t k = 0; k < nsyms_; ++k) {
      const Elf64_Sym &sym = syms_[k];
      if (sym.st_shndx != legacyMapsSec_ || ELF64_ST_TYPE(sym.st_info) == STT_SECTION) continue;
      if (sym.st_value > s.size || s.size - sym.st_value < 20 || !s.data)
        return fail("legacy map '%.*s' out of section 'maps'", (int)symName(sym).n, symName(sym).p);
      uint32_t f[5];
      memcpy(f, s.data + sym.st_value, 20);
      MapSpec m;
      memset(&m, 0, sizeof m);
      if (!setMapName(&m, symName(sym))) return false;
      m.origin = MapOrigin::Legacy;
      m.section = (uint16_t)legacyMapsSec_;
      m.secOffset = sym.st_value;
      m.type = f[0]; m.keySize = f[1]; m.valueSize = f[2]; m.maxEntries = f[3]; m.flags = f[4];
      if (haveBtf_) btf_.legacyMapTypes(symName(sym), &m.btfKey, &m.btfValue);
      if (!plan_->maps.push(m)) return fail("out of memory");
    }
  }
  for (size_t i = 0; i < secs_.size(); ++i) {
    const Section &s = secs_[i];
    if (!(s.flags & SHF_ALLOC) || (s.flags & SHF_EXECINSTR)) continue;
    bool ro = s.name.starts(".rodata");
    if (!ro && !s.name.starts(".data") && !s.name.starts(".bss")) continue;
    if (s.size == 0) continue;
    if (s.size > (64u << 20)) return fail("data section '%.*s' is too large", (int)s.name.n, s.name.p);
    MapSpec m;
    memset(&m, 0, sizeof m);
    if (!setMapName(&m, s.name)) return false;
    m.origin = MapOrigin::DataSection;
    m.section = (uint16_t)i;
    m.type = BPF_MAP_TYPE_ARRAY;
    m.keySize = 4;
    m.valueSize = (uint32_t)s.size;
    m.maxEntries = 1;
    m.init = s.type == SHT_NOBITS ? nullptr : s.data;
    m.initSize = s.type == SHT_NOBITS ? 0 : s.size;
    m.freeze = ro;
    if (ro) m.flags = BPF_F_RDONLY_PROG;
    if (haveBtf_) m.btfValue = btf_.findType(s.name, 15 /* BTF_KIND_DATASEC */); // key: none
    if (!plan_->maps.push(m)) return fail("out of memory");
  }
  // One name, one map: names are how LOAD_OBJECT's caller finds them and
  // where a pinned one is pinned.
  for (size_t i = 0; i < plan_->maps.size(); ++i)
    for (size_t j = 0; j < i; ++j)
      if (!strcmp(plan_->maps[i].name, plan_->maps[j].name))
        return fail("two maps named '%s'", plan_->maps[i].name);
  return true;
}

// Undefined symbols are externs the loader resolves, as libbpf: those of
// .BTF's DATASEC .kconfig get a place in the `.kconfig` map (aligned, in
// symbol order); the others fail the object where a program refers to them.
bool Parser::readExterns() {
  uint32_t size = 0;
  for (size_t k = 0; k < nsyms_; ++k) {
    const Elf64_Sym &sym = syms_[k];
    unsigned bind = ELF64_ST_BIND(sym.st_info), type = ELF64_ST_TYPE(sym.st_info);
    StrRef name = symName(sym);
    if (sym.st_shndx != SHN_UNDEF || name.n == 0 || (bind != STB_GLOBAL && bind != STB_WEAK) ||
        (type != STT_NOTYPE && type != STT_OBJECT))
      continue;
    uint32_t ksym = haveBtf_ ? btf_.datasecEntry(StrRef(".ksyms", 6), name) : 0;
    uint32_t ksymKind = ksym ? btf_.kind(btf_.type(ksym)) : 0;
    if (ksymKind == 14 /* BTF_KIND_VAR */ || ksymKind == 12 /* BTF_KIND_FUNC */) {
      KsymExtern e;
      memset(&e, 0, sizeof e);
      if (name.n >= sizeof e.name) return fail("extern '%.*s...' has a name of %zu characters", 32, name.p, name.n);
      copyStr(e.name, sizeof e.name, name);
      e.func = ksymKind == 12;
      e.typed = e.func || btf_.skipModifiers(btf_.type(ksym)->sizeOrType) != 0;
      e.weak = bind == STB_WEAK;
      if (plan_->ksyms.size() >= 4096 || !plan_->ksyms.push(e)) return fail("too many externs");
      continue;
    }
    uint32_t var = haveBtf_ ? btf_.datasecEntry(StrRef(".kconfig", 8), name) : 0;
    if (!var) continue;
    KconfigExtern e;
    memset(&e, 0, sizeof e);
    if (name.n >= sizeof e.name) return fail("extern '%.*s...' has a name of %zu characters", 32, name.p, name.n);
    copyStr(e.name, sizeof e.name, name);
    if (!btf_.kconfigType(btf_.type(var)->sizeOrType, &e.type))
      return fail("extern (kconfig) '%s': type is not a bool, char, tristate, integer or char array", e.name);
    e.weak = bind == STB_WEAK;
    e.offset = (size + e.type.align - 1) / e.type.align * e.type.align;
    if (e.offset > (1u << 20)) return fail("extern (kconfig) '%s': .kconfig too large", e.name);
    size = e.offset + e.type.size;
    if (plan_->kconfig.size() >= 4096 || !plan_->kconfig.push(e)) return fail("too many externs");
  }
  if (plan_->kconfig.empty()) return true;
  MapSpec m;
  memset(&m, 0, sizeof m);
  copyStr(m.name, sizeof m.name, StrRef(".kconfig", 8));
  m.origin = MapOrigin::DataSection;
  m.section = 0xffff; // no ELF section: refs are made by name
  m.type = BPF_MAP_TYPE_ARRAY;
  m.keySize = 4;
  m.valueSize = size;
  m.maxEntries = 1;
  m.freeze = true;
  m.flags = BPF_F_RDONLY_PROG;
  plan_->kconfigMap = (int)plan_->maps.size();
  for (const MapSpec &o : plan_->maps)
    if (!strcmp(o.name, m.name)) return fail("two maps named '%s'", m.name);
  if (!plan_->maps.push(m)) return fail("out of memory");
  return true;
}

// Relocations in `.maps` put inner maps in a map of maps' `values` slots
// (libbpf's init_map_in_map_slots): each at 8 bytes a slot, against the
// inner map's symbol.
bool Parser::readMapSlots() {
  const RelList &l = rels_[mapsSec_];
  for (size_t r = 0; r < l.n; ++r) {
    const Rel &rel = l.rels[r];
    // `values` is the definition's last member, its array as long as the
    // slots initialised: the map of maps whose `values` starts last before.
    size_t o = plan_->maps.size();
    for (size_t k = 0; k < plan_->maps.size(); ++k) {
      const MapSpec &m = plan_->maps[k];
      uint64_t begin = m.secOffset + m.valuesOffset;
      if (m.hasInner && rel.offset >= begin &&
          (o == plan_->maps.size() || begin > plan_->maps[o].secOffset + plan_->maps[o].valuesOffset))
        o = k;
    }
    if (o == plan_->maps.size())
      return fail("section '.maps': relocation at offset %llu is in no map of maps' values",
                  (unsigned long long)rel.offset);
    const MapSpec &outer = plan_->maps[o];
    uint64_t at = rel.offset - outer.secOffset - outer.valuesOffset;
    if (at / 8 >= outer.maxEntries)
      return fail("map '%s': initial value for slot %llu of %u", outer.name, (unsigned long long)(at / 8),
                  outer.maxEntries);
    const Elf64_Sym &sym = syms_[rel.sym];
    size_t in = 0;
    for (; in < plan_->maps.size(); ++in) {
      const MapSpec &m = plan_->maps[in];
      if (m.origin == MapOrigin::BtfDefined && sym.st_shndx == mapsSec_ && m.secOffset == sym.st_value) break;
    }
    if (at % 8 || rel.type != kRelAbs64 || in == plan_->maps.size() || in == o)
      return fail("map '%s': initial value of slot %llu is not another map of '.maps' ('%.*s')", outer.name,
                  (unsigned long long)(at / 8), (int)symName(sym).n, symName(sym).p);
    MapSlot slot = {(uint32_t)o, (uint32_t)(at / 8), (uint32_t)in};
    if (!plan_->mapSlots.push(slot)) return fail("out of memory");
  }
  return true;
}

bool Parser::kconfigOffset(void *ctx, StrRef var, uint32_t *off) {
  Parser *p = static_cast<Parser *>(ctx);
  for (const KconfigExtern &e : p->plan_->kconfig)
    if (StrRef(e.name).eq2(var)) { *off = e.offset; return true; }
  return false;
}

int Parser::mapForSymbol(const Elf64_Sym &sym, int64_t addend, bool *value, uint32_t *offset) const {
  for (size_t i = 0; i < plan_->maps.size(); ++i) {
    const MapSpec &m = plan_->maps[i];
    if (m.section != sym.st_shndx) continue;
    if (m.origin == MapOrigin::DataSection) {
      int64_t off = (int64_t)sym.st_value + addend;
      if (off < 0 || (uint64_t)off >= m.valueSize) return -1;
      *value = true;
      *offset = (uint32_t)off;
      return (int)i;
    }
    if (m.secOffset == sym.st_value) {
      *value = false;
      *offset = 0;
      return (int)i;
    }
  }
  return -1;
}

bool Parser::findFunction(uint16_t sec, uint32_t insn, uint32_t *start, uint32_t *len) const {
  for (size_t k = 0; k < nsyms_; ++k) {
    const Elf64_Sym &sym = syms_[k];
    if (sym.st_shndx != sec || ELF64_ST_TYPE(sym.st_info) != STT_FUNC) continue;
    uint64_t b = sym.st_value / 8, e = (sym.st_value + sym.st_size) / 8;
    if (sym.st_size == 0) e = secs_[sec].size / 8;
    if (e > secs_[sec].size / 8 || sym.st_value % 8) continue; // lies outside its section
    if (insn >= b && insn < e) {
      *start = (uint32_t)b;
      *len = (uint32_t)(e - b);
      return true;
    }
  }
  return false;
}

// The instruction of the program being built where function instruction
// tidx of section tsec is: its piece, appended first if it is not in yet.
bool Parser::linkFunction(Vec<Piece> *pieces, uint16_t tsec, int64_t tidx, const ProgSpec *spec, uint32_t g,
                          const char *what, int64_t *target) {
  uint32_t fstart, flen;
  if (tidx < 0 || tidx >= (int64_t)(secs_[tsec].size / 8) || !(secs_[tsec].flags & SHF_EXECINSTR) ||
      secs_[tsec].type != SHT_PROGBITS || !secs_[tsec].data || !findFunction(tsec, (uint32_t)tidx, &fstart, &flen))
    return fail("program '%s' insn %u: %s is not a function", spec->name, g, what);
  size_t k = 0;
  for (; k < pieces->size(); ++k)
    if ((*pieces)[k].sec == tsec && (*pieces)[k].start <= tidx && tidx < (*pieces)[k].start + (*pieces)[k].len) break;
  if (k == pieces->size()) {
    if (pieces->size() >= 4096) return fail("program '%s' calls too many functions", spec->name);
    uint32_t base = pieces->back().base + pieces->back().len;
    Piece np = {tsec, fstart, flen, base};
    if (!pieces->push(np)) return fail("out of memory");
  }
  *target = (int64_t)(*pieces)[k].base + (tidx - (*pieces)[k].start);
  return true;
}

bool Parser::buildProgram(uint16_t sec, const Elf64_Sym &psym, ProgSpec *spec) {
  Vec<Piece> pieces;
  const Section &ps = secs_[sec];
  uint64_t secInsns = ps.size / 8;
  uint64_t start = psym.st_value / 8;
  uint64_t len = psym.st_size ? psym.st_size / 8 : secInsns - start;
  if (psym.st_value % 8 || start >= secInsns || len == 0 || len > secInsns - start)
    return fail("program '%s' lies outside section '%s'", spec->name, spec->section);
  spec->insnStart = plan_->insns.size();
  spec->refStart = plan_->refs.size();
  spec->ksymStart = plan_->ksymRefs.size();
  Piece first = {sec, (uint32_t)start, (uint32_t)len, 0};
  pieces.push(first);
  for (size_t pi = 0; pi < pieces.size(); ++pi) {
    Piece p = pieces[pi];
    const Section &s = secs_[p.sec];
    if (plan_->insns.size() - spec->insnStart + p.len > kMaxProgInsns)
      return fail("program '%s' exceeds %zu instructions", spec->name, kMaxProgInsns);
    if (!plan_->insns.append(reinterpret_cast<const struct bpf_insn *>(s.data) + p.start, p.len))
      return fail("out of memory");
    struct bpf_insn *code = plan_->insns.data() + spec->insnStart;
    for (uint32_t j = 0; j < p.len; ++j) {
      uint32_t g = p.base + j;
      struct bpf_insn &in = code[g];
      const Rel *rel = findRel(p.sec, (uint64_t)(p.start + j) * 8);
      if (in.code == (BPF_LD | BPF_IMM | BPF_DW)) {
        if (j + 1 >= p.len) return fail("program '%s': ld_imm64 at the end of its function", spec->name);
        const Elf64_Sym *rsym = rel ? &syms_[rel->sym] : nullptr;
        if (rsym && rsym->st_shndx < secs_.size() && (secs_[rsym->st_shndx].flags & SHF_EXECINSTR)) {
          // A function's address (bpf_loop's callback...): the function is
          // appended as a called one is, the load becomes BPF_PSEUDO_FUNC
          // and imm the instruction delta to it, as libbpf's
          // RELO_SUBPROG_ADDR. The relocation's symbol plus imm is the
          // function's byte offset in its section.
          if (rel->type != kRel64_64)
            return fail("program '%s' insn %u: relocation type %u on ld_imm64", spec->name, g, rel->type);
          const Elf64_Sym &sym = *rsym;
          int64_t off = (int64_t)sym.st_value + in.imm;
          if (off % 8 || code[g + 1].imm)
            return fail("program '%s' insn %u: function address of '%.*s' is not a function", spec->name, g,
                        (int)symName(sym).n, symName(sym).p);
          int64_t target;
          if (!linkFunction(&pieces, sym.st_shndx, off / 8, spec, g, "function address", &target)) return false;
          code = plan_->insns.data() + spec->insnStart;
          code[g].src_reg = kPseudoFunc;
          code[g].imm = (int32_t)(target - (int64_t)g - 1);
          ++j;
          continue;
        }
        if (rel) {
          if (rel->type != kRel64_64)
            return fail("program '%s' insn %u: relocation type %u on ld_imm64", spec->name, g, rel->type);
          const Elf64_Sym &sym = syms_[rel->sym];
          if (sym.st_shndx == SHN_UNDEF) {
            size_t e = 0;
            while (e < plan_->kconfig.size() && !symName(sym).eq2(StrRef(plan_->kconfig[e].name))) ++e;
            size_t k = 0;
            while (k < plan_->ksyms.size() && !symName(sym).eq2(StrRef(plan_->ksyms[k].name))) ++k;
            if (k < plan_->ksyms.size() && !plan_->ksyms[k].func) {
              KsymRef ref = {g, (uint32_t)k};
              if (!plan_->ksymRefs.push(ref)) return fail("out of memory");
              ++j;
              continue;
            }
            if (e == plan_->kconfig.size())
              return fail("program '%s' insn %u: extern '%.*s' is neither a __kconfig nor a __ksym variable",
                          spec->name, g, (int)symName(sym).n, symName(sym).p);
            const KconfigExtern &ke = plan_->kconfig[e];
            if (in.imm < 0 || (uint32_t)in.imm >= ke.type.size)
              return fail("program '%s' insn %u: offset %d out of extern '%s'", spec->name, g, in.imm, ke.name);
            MapRef ref = {g, (uint32_t)plan_->kconfigMap, true, ke.offset + (uint32_t)in.imm};
            if (!plan_->refs.push(ref)) return fail("out of memory");
            ++j;
            continue;
          }
          bool value;
          uint32_t off;
          int m = mapForSymbol(sym, in.imm, &value, &off);
          if (m < 0)
            return fail("program '%s' insn %u: '%.*s' is not a map or data section variable",
                        spec->name, g, (int)symName(sym).n, symName(sym).p);
          MapRef ref = {g, (uint32_t)m, value, off};
          if (!plan_->refs.push(ref)) return fail("out of memory");
        }
        ++j;
        continue;
      }
      if (in.code == (BPF_JMP | BPF_CALL) && in.src_reg == BPF_PSEUDO_CALL) {
        uint16_t tsec;
        int64_t tidx;
        if (rel) {
          if (rel->type != kRel64_32)
            return fail("program '%s' insn %u: relocation type %u on a call", spec->name, g, rel->type);
          const Elf64_Sym &sym = syms_[rel->sym];
          if (sym.st_shndx == SHN_UNDEF) {
            // A kfunc (__ksym extern function): the loader makes the call
            // BPF_PSEUDO_KFUNC_CALL to its id in the kernel's BTF.
            size_t k = 0;
            while (k < plan_->ksyms.size() && !symName(sym).eq2(StrRef(plan_->ksyms[k].name))) ++k;
            if (k < plan_->ksyms.size() && plan_->ksyms[k].func) {
              KsymRef ref = {g, (uint32_t)k};
              if (!plan_->ksymRefs.push(ref)) return fail("out of memory");
              continue;
            }
          }
          if (sym.st_shndx == SHN_UNDEF || sym.st_shndx >= secs_.size())
            return fail("program '%s' calls undefined function '%.*s'", spec->name,
                        (int)symName(sym).n, symName(sym).p);
          tsec = sym.st_shndx;
          tidx = ELF64_ST_TYPE(sym.st_info) == STT_SECTION ? (int64_t)(sym.st_value / 8) + in.imm + 1
                                                            : (int64_t)(sym.st_value / 8);
        } else {
          tsec = p.sec;
          tidx = (int64_t)(p.start + j) + in.imm + 1;
        }
        int64_t target;
        if (!linkFunction(&pieces, tsec, tidx, spec, g, "call target", &target)) return false;
        code = plan_->insns.data() + spec->insnStart;
        code[g].imm = (int32_t)(target - (int64_t)g - 1);
        continue;
      }
      if (rel && rel->type != kRelAbs64 && rel->type != kRelAbs32)
        return fail("program '%s' insn %u: unexpected relocation type %u", spec->name, g, rel->type);
    }
  }
  spec->insnCount = plan_->insns.size() - spec->insnStart;
  spec->refCount = plan_->refs.size() - spec->refStart;
  spec->ksymCount = plan_->ksymRefs.size() - spec->ksymStart;
  return rebaseBtfExt(pieces, spec);
}

// Appends the records of table for the instructions of piece p, insn_off
// turned from a byte offset in its section to an instruction of the program.
bool Parser::addBtfExt(const Vec<BtfExtSec> &table, const Piece &p, uint32_t words, Vec<uint32_t> *out) const {
  for (const BtfExtSec &e : table) {
    if (!e.section.eq2(secs_[p.sec].name)) continue;
    for (uint32_t i = 0; i < e.count; ++i) {
      uint32_t w[4];
      memcpy(w, e.recs + (size_t)i * e.recSize, words * 4);
      if (w[0] % 8 || w[0] / 8 < p.start || w[0] / 8 - p.start >= p.len) continue;
      w[0] = p.base + (w[0] / 8 - p.start);
      if (!out->append(w, words)) return false;
    }
  }
  return true;
}

// The kernel takes func_info only as one record at the first instruction of
// each function (the program, then its subprograms in the order appended)
// and line_info in instruction order: pieces are laid out in that order.
bool Parser::rebaseBtfExt(const Vec<Piece> &pieces, ProgSpec *spec) {
  Vec<uint32_t> &fi = plan_->funcInfo, &li = plan_->lineInfo, &co = plan_->coreRelos;
  size_t f0 = fi.size(), l0 = li.size(), c0 = co.size();
  spec->funcStart = f0 / 2;
  spec->lineStart = l0 / 4;
  spec->coreStart = c0 / 4;
  for (const Piece &p : pieces)
    if (!addBtfExt(extCores_, p, 4, &co)) return fail("out of memory");
  spec->coreCount = (co.size() - c0) / 4;
  if (extFuncs_.empty()) return true;
  bool whole = true;
  for (const Piece &p : pieces) {
    size_t before = fi.size();
    if (!addBtfExt(extFuncs_, p, 2, &fi) || !addBtfExt(extLines_, p, 4, &li)) return fail("out of memory");
    whole &= fi.size() == before + 2 && fi[before] == p.base;
  }
  if (!whole) {
    fi.resize(f0);
    li.resize(l0);
    spec->btfExtIncomplete = true;
    return true;
  }
  spec->funcCount = (fi.size() - f0) / 2;
  spec->lineCount = (li.size() - l0) / 4;
  return true;
}

bool Parser::readPrograms() {
  for (size_t i = 0; i < secs_.size(); ++i) {
    const Section &s = secs_[i];
    if (s.type != SHT_PROGBITS || !(s.flags & SHF_EXECINSTR) || s.name.eq(".text")) continue;
    if (s.size % 8) return fail("section '%.*s' is not a whole number of instructions", (int)s.name.n, s.name.p);
    for (size_t k = 0; k < nsyms_; ++k) {
      const Elf64_Sym &sym = syms_[k];
      unsigned bind = ELF64_ST_BIND(sym.st_info);
      if (sym.st_shndx != i || ELF64_ST_TYPE(sym.st_info) != STT_FUNC ||
          (bind != STB_GLOBAL && bind != STB_WEAK))
        continue;
      ProgSpec spec;
      memset(&spec, 0, sizeof spec);
      copyStr(spec.name, sizeof spec.name, symName(sym));
      if (s.name.n >= sizeof spec.section)
        return fail("program '%s': section name is over %zu characters", spec.name, sizeof spec.section - 1);
      copyStr(spec.section, sizeof spec.section, s.name);
      bpfconv::SectionInfo info;
      char why[320];
      if (bpfconv::parseSection(bpfconv::Span(s.name.p, s.name.n), &info, why, sizeof why) < 0)
        return fail("program '%s': %s", spec.name, why);
      spec.type = info.progType;
      spec.attach = info.kind;
      spec.attachType = info.attachType;
      spec.sleepable = info.sleepable;
      copyStr(spec.target, sizeof spec.target, StrRef(info.target.p, info.target.n));
      if (!buildProgram((uint16_t)i, sym, &spec)) return false;
      if (plan_->progs.size() >= 1024 || !plan_->progs.push(spec)) return fail("too many programs");
    }
  }
  return true;
}

// The stamp's attach lines beyond each program's own section. A line of a
// function that is no program here (inlined, or another object's) is left
// out; a section bpfconv cannot read fails the object, naming it.
bool Parser::readAttachPoints() {
  if (stampSec_ < 0) return true;
  const Section &s = secs_[stampSec_];
  bpfconv::StampReader r((const char *)s.data, s.size);
  bpfconv::StampEntry e;
  while (r.next(&e)) {
    if (!e.key.eq(bpfconv::kStampAttach) || e.function.empty() || e.section.empty()) continue;
    size_t prog = 0;
    while (prog < plan_->progs.size() && !StrRef(plan_->progs[prog].name).eq2(StrRef(e.function.p, e.function.n))) ++prog;
    if (prog == plan_->progs.size()) continue;
    const ProgSpec &p = plan_->progs[prog];
    if (StrRef(p.section).eq2(StrRef(e.section.p, e.section.n))) continue;
    bpfconv::SectionInfo info;
    char why[320];
    if (bpfconv::parseSection(e.section, &info, why, sizeof why) < 0)
      return fail(".bpfd.target: attach point of '%s': %s", p.name, why);
    if (info.progType != p.type || !bpfconv::attaches(info))
      return fail(".bpfd.target: attach point '%.*s' of '%s' is not one for its program type (section %s)",
                  (int)e.section.n, e.section.p, p.name, p.section);
    if (bpfconv::attachesByBtf(info.kind) || bpfconv::attachesByBtf(p.attach) || info.attachType || p.attachType)
      return fail(".bpfd.target: attach point '%.*s' of '%s': a %s program is loaded for its section's target "
                  "alone and attaches nowhere else", (int)e.section.n, e.section.p, p.name,
                  bpfconv::attachKindName(p.attach));
    AttachPoint a;
    a.prog = (uint32_t)prog;
    if (e.section.n >= sizeof a.section)
      return fail(".bpfd.target: attach point of '%s' is over %zu characters", p.name, sizeof a.section - 1);
    copyStr(a.section, sizeof a.section, StrRef(e.section.p, e.section.n));
    if (plan_->attach.size() >= 4096 || !plan_->attach.push(a)) return fail("too many attach points");
  }
  return true;
}

int Parser::sectionByName(StrRef name) const {
  for (size_t i = 0; i < secs_.size(); ++i)
    if (secs_[i].name.n == name.n && memcmp(secs_[i].name.p, name.p, name.n) == 0) return (int)i;
  return -1;
}

bool Parser::btfSecSize(void *ctx, StrRef sec, uint32_t *size) {
  Parser *p = static_cast<Parser *>(ctx);
  int i = p->sectionByName(sec);
  if (i < 0 || p->secs_[i].size > UINT32_MAX) return false;
  *size = (uint32_t)p->secs_[i].size;
  return true;
}

bool Parser::btfSymOffset(void *ctx, StrRef sec, StrRef sym, uint32_t *offset) {
  Parser *p = static_cast<Parser *>(ctx);
  int i = p->sectionByName(sec);
  if (i < 0) return false;
  for (size_t k = 0; k < p->nsyms_; ++k) {
    const Elf64_Sym &s = p->syms_[k];
    if (s.st_shndx == i && ELF64_ST_TYPE(s.st_info) == STT_OBJECT && p->symName(s).eq2(sym) &&
        s.st_value <= UINT32_MAX) {
      *offset = (uint32_t)s.st_value;
      return true;
    }
  }
  return false;
}

// A private copy of .BTF with what the compiler left for the loader filled in.
void Parser::fixupBtf() {
  if (!plan_->btf) return;
  if (!plan_->btfFixed.append(plan_->btf, plan_->btfSize)) return;
  Btf btf;
  char err[128];
  if (!btf.parse(plan_->btfFixed.data(), plan_->btfFixed.size(), err, sizeof err)) return;
  Btf::ElfFacts facts = {this, btfSecSize, btfSymOffset};
  btf.fixupDatasecs(facts);
  if (!plan_->ksyms.empty()) btf.fixupKsymDatasec();
  if (plan_->kconfigMap >= 0)
    btf.fixupExternDatasec(StrRef(".kconfig", 8), plan_->maps[plan_->kconfigMap].valueSize, this, kconfigOffset);
  plan_->btf = plan_->btfFixed.data();
}

bool Parser::run() {
  if (!(readHeaders() && readSymbols() && readRelocations() && readSmallSections() && readBtf() && readMaps() &&
        readExterns() && readPrograms() && readAttachPoints()))
    return false;
  fixupBtf();
  return true;
}

} // namespace

bool parseBpfObject(const uint8_t *data, size_t size, ObjectPlan *plan, char *err, size_t errCap) {
  Parser p(data, size, plan, err, errCap);
  return p.run();
}

} // namespace bpfd
