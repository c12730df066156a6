//===- ObjectInfo.cpp - What bpf-run needs to know of a BPF object --------===//
#include "ObjectInfo.h"
#include "BtfTypes.h"

#include "bpfconv/stamp.h"

#include "llvm/Object/ELFObjectFile.h"
#include "llvm/Support/Casting.h"
#include "llvm/Support/Endian.h"

#include <cstring>

using namespace llvm;
using namespace llvm::object;

namespace bpfrun {

static Error objectError(StringRef Path, const Twine &What) {
  return createStringError(inconvertibleErrorCode(), Path + ": " + What);
}

// Whether the object has a .BTF section. LLVM's BTFParser::hasBTFSections
// prints the error of every section name it cannot read to stderr; a
// broken name table is reported once, by the reader that needs it.
static bool hasBtfSection(const ObjectFile &Obj) {
  for (const SectionRef &Sec : Obj.sections()) {
    Expected<StringRef> Name = Sec.getName();
    if (!Name) {
      consumeError(Name.takeError());
      continue;
    }
    if (*Name == ".BTF")
      return true;
  }
  return false;
}

Expected<std::unique_ptr<ObjectInfo>> ObjectInfo::load(StringRef Path) {
  ErrorOr<std::unique_ptr<MemoryBuffer>> Buf = MemoryBuffer::getFile(Path);
  if (!Buf)
    return objectError(Path, "cannot read object: " + Buf.getError().message());
  return loadBuffer(std::move(*Buf), Path);
}

Expected<std::unique_ptr<ObjectInfo>>
ObjectInfo::loadBuffer(std::unique_ptr<MemoryBuffer> Buf, StringRef Path) {
  auto Info = std::unique_ptr<ObjectInfo>(new ObjectInfo());
  Info->Buffer = std::move(Buf);
  Expected<std::unique_ptr<ObjectFile>> Obj =
      ObjectFile::createObjectFile(Info->Buffer->getMemBufferRef());
  if (!Obj)
    return objectError(Path, "not an object file: " + toString(Obj.takeError()));
  Info->Obj = std::move(*Obj);
  if (Info->Obj->getArch() != Triple::bpfel && Info->Obj->getArch() != Triple::bpfeb)
    return objectError(Path, "not a BPF object (ELF machine is not EM_BPF)");

  if (hasBtfSection(*Info->Obj)) {
    BTFParser::ParseOptions Opts;
    Opts.LoadTypes = true;
    if (Error E = Info->Btf.parse(*Info->Obj, Opts))
      return objectError(Path, "cannot parse .BTF: " + toString(std::move(E)));
    Info->HasBtf = true;
  }
  if (Error E = Info->readMaps())
    return objectError(Path, toString(std::move(E)));
  if (Error E = Info->readMeta())
    return objectError(Path, toString(std::move(E)));
  if (Error E = Info->readPrograms())
    return objectError(Path, toString(std::move(E)));
  Info->readStamp();
  Info->readMapDeletes();
  return std::move(Info);
}

MapInfo *ObjectInfo::findMap(StringRef Name) {
  for (MapInfo &M : Maps)
    if (M.Name == Name)
      return &M;
  return nullptr;
}

uint32_t ObjectInfo::findTypeByName(StringRef Name) const {
  if (!HasBtf)
    return 0;
  BtfTypes Types(Btf);
  for (uint32_t Id = 1; Id < Btf.typesCount(); ++Id) {
    const BTF::CommonType *T = Btf.findType(Id);
    uint32_t K = T->getKind();
    if (K == BTF::BTF_KIND_VAR || K == BTF::BTF_KIND_FUNC || K == BTF::BTF_KIND_DATASEC)
      continue;
    if (Types.name(Id) == Name)
      return Id;
  }
  return 0;
}

// Calls Fn(varName, varTypeId) for each variable of the DATASEC SecName.
template <typename FnT>
static void forEachDataSecVar(const BTFParser &Btf, StringRef SecName, FnT Fn) {
  for (uint32_t Id = 1; Id < Btf.typesCount(); ++Id) {
    const BTF::CommonType *T = Btf.findType(Id);
    if (T->getKind() != BTF::BTF_KIND_DATASEC || Btf.findString(T->NameOff) != SecName)
      continue;
    auto *Vars = reinterpret_cast<const BTF::BTFDataSec *>(T + 1);
    for (uint32_t I = 0; I < T->getVlen(); ++I) {
      const BTF::CommonType *Var = Btf.findType(Vars[I].Type);
      if (!Var || Var->getKind() != BTF::BTF_KIND_VAR)
        continue;
      Fn(Btf.findString(Var->NameOff), Var->Type);
    }
  }
}

Error ObjectInfo::readMaps() {
  if (!HasBtf)
    return Error::success();
  BtfTypes Types(Btf);
  Error Err = Error::success();
  forEachDataSecVar(Btf, ".maps", [&](StringRef Name, uint32_t TypeId) {
    if (Err)
      return;
    const BTF::CommonType *Def = Types.get(Types.resolve(TypeId));
    auto *S = Def ? dyn_cast<BTF::StructType>(Def) : nullptr;
    if (!S) {
      Err = createStringError(inconvertibleErrorCode(),
                              "map '" + Name + "': definition is not a struct");
      return;
    }
    MapInfo M;
    M.Name = Name.str();
    for (const BTF::BTFMember &F : S->members()) {
      StringRef Field = Btf.findString(F.NameOff);
      uint32_t N = Types.arrayLenOfPointer(F.Type).value_or(0);
      if (Field == "type")
        M.Type = N;
      else if (Field == "key_size")
        M.KeySize = N;
      else if (Field == "value_size")
        M.ValueSize = N;
      else if (Field == "max_entries")
        M.MaxEntries = N;
      else if (Field == "key") {
        M.KeyType = Types.pointee(F.Type);
        M.KeySize = Types.size(M.KeyType).value_or(0);
      } else if (Field == "value") {
        M.ValueType = Types.pointee(F.Type);
        M.ValueSize = Types.size(M.ValueType).value_or(0);
      }
    }
    Maps.push_back(std::move(M));
  });
  return Err;
}

Error ObjectInfo::readMeta() {
  if (!HasBtf)
    return Error::success();
  BtfTypes Types(Btf);
  Error Err = Error::success();
  forEachDataSecVar(Btf, ".bpfd.meta", [&](StringRef Name, uint32_t TypeId) {
    if (Err)
      return;
    StringRef MapName = Name;
    if (MapName.consume_front("__bpfd_event_")) {
      MapInfo *M = findMap(MapName);
      uint32_t Event = Types.pointee(TypeId);
      if (M && Event)
        M->EventType = Event;
    } else if (MapName.consume_front("__bpfd_log2hist_")) {
      if (MapInfo *M = findMap(MapName))
        M->Histogram = HistogramKind::Log2;
    } else if (MapName.consume_front("__bpfd_linhist_")) {
      if (MapInfo *M = findMap(MapName))
        M->Histogram = HistogramKind::Linear;
    }
  });
  return Err;
}

// The relocations of \p Sec (REL or RELA) against symbols of section `.maps`
// or `maps`: instruction index -> symbol name. Read through ELFFile, whose
// every step returns an error on a broken table: LLVM's relocation iterator
// divides by sh_entsize (0: SIGFPE) and calls report_fatal_error on a bad
// sh_link or entry, aborting bpf-run on a crafted object.
template <class ELFT>
static void mapRelocations(const ELFObjectFile<ELFT> &O, const SectionRef &Sec,
                           std::map<uint64_t, std::string> &MapLoads) {
  const ELFFile<ELFT> &EF = O.getELFFile();
  const typename ELFT::Shdr *Sh = O.getSection(Sec.getRawDataRefImpl());
  auto SymTab = EF.getSection(Sh->sh_link);
  if (!SymTab) {
    consumeError(SymTab.takeError());
    return;
  }
  auto StrTab = EF.getStringTableForSymtab(**SymTab);
  if (!StrTab) {
    consumeError(StrTab.takeError());
    return;
  }
  auto Add = [&](uint64_t Offset, uint32_t SymIndex) {
    auto Sym = EF.template getEntry<typename ELFT::Sym>(**SymTab, SymIndex);
    if (!Sym) {
      consumeError(Sym.takeError());
      return;
    }
    uint32_t Shndx = (*Sym)->st_shndx;
    if (Shndx == ELF::SHN_UNDEF || Shndx >= ELF::SHN_LORESERVE)
      return;
    auto SymSec = EF.getSection(Shndx);
    if (!SymSec) {
      consumeError(SymSec.takeError());
      return;
    }
    auto SecName = EF.getSectionName(**SymSec);
    auto Name = (*Sym)->getName(*StrTab);
    if (!SecName || !Name) {
      consumeError(SecName.takeError());
      consumeError(Name.takeError());
      return;
    }
    if (*SecName == ".maps" || *SecName == "maps")
      MapLoads[Offset / 8] = Name->str();
  };
  if (Sh->sh_type == ELF::SHT_REL) {
    auto Rels = EF.rels(*Sh);
    if (!Rels) {
      consumeError(Rels.takeError());
      return;
    }
    for (const typename ELFT::Rel &R : *Rels)
      Add(R.r_offset, R.getSymbol(false));
  } else if (Sh->sh_type == ELF::SHT_RELA) {
    auto Relas = EF.relas(*Sh);
    if (!Relas) {
      consumeError(Relas.takeError());
      return;
    }
    for (const typename ELFT::Rela &R : *Relas)
      Add(R.r_offset, R.getSymbol(false));
  }
}

static void mapRelocations(const ObjectFile &Obj, const SectionRef &Sec,
                           std::map<uint64_t, std::string> &MapLoads) {
  if (const auto *O = dyn_cast<ELF64LEObjectFile>(&Obj))
    mapRelocations(*O, Sec, MapLoads);
  else if (const auto *O = dyn_cast<ELF64BEObjectFile>(&Obj))
    mapRelocations(*O, Sec, MapLoads);
  else if (const auto *O = dyn_cast<ELF32LEObjectFile>(&Obj))
    mapRelocations(*O, Sec, MapLoads);
  else if (const auto *O = dyn_cast<ELF32BEObjectFile>(&Obj))
    mapRelocations(*O, Sec, MapLoads);
}

// A symbol is at least 16 bytes (ELF32): a table claiming more entries than
// the object's bytes can hold is broken (LLVM's iterator would walk it entry
// by entry, each an error, for up to 2^64 bytes).
static uint64_t maxEntries(const MemoryBuffer &Buf, uint64_t EntrySize) {
  return Buf.getBufferSize() / EntrySize;
}

Error ObjectInfo::readPrograms() {
  uint64_t Seen = 0;
  for (const SymbolRef &Sym : Obj->symbols()) {
    if (++Seen > maxEntries(*Buffer, 16))
      return createStringError(inconvertibleErrorCode(),
                               "the symbol table is larger than the object");
    Expected<SymbolRef::Type> Type = Sym.getType();
    Expected<uint32_t> Flags = Sym.getFlags();
    Expected<section_iterator> Sec = Sym.getSection();
    Expected<StringRef> Name = Sym.getName();
    if (!Type || !Flags || !Sec || !Name || *Sec == Obj->section_end()) {
      consumeError(Type.takeError());
      consumeError(Flags.takeError());
      consumeError(Sec.takeError());
      consumeError(Name.takeError());
      continue;
    }
    if (*Type != SymbolRef::ST_Function || !(*Flags & SymbolRef::SF_Global))
      continue;
    Expected<StringRef> SecName = (*Sec)->getName();
    if (!SecName) {
      consumeError(SecName.takeError());
      continue;
    }
    if (!(*Sec)->isText() || *SecName == ".text")
      continue;
    Programs.push_back({Name->str(), SecName->str()});
  }
  return Error::success();
}

void ObjectInfo::readStamp() {
  for (const SectionRef &Sec : Obj->sections()) {
    Expected<StringRef> Name = Sec.getName();
    if (!Name) {
      consumeError(Name.takeError());
      continue;
    }
    if (*Name != bpfconv::kStampSection)
      continue;
    Expected<StringRef> Contents = Sec.getContents();
    if (!Contents) {
      consumeError(Contents.takeError());
      return;
    }
    bpfconv::StampReader Reader(Contents->data(), Contents->size());
    bpfconv::StampEntry E;
    auto Str = [](bpfconv::Span S) { return std::string(S.p, S.n); };
    while (Reader.next(&E)) {
      if (E.key.eq(bpfconv::kStampAttach)) {
        if (!E.function.empty() && !E.section.empty())
          Attach.push_back({Str(E.function), Str(E.section)});
      } else if (!E.key.empty()) {
        Stamp[Str(E.key)] = Str(E.value);
      }
    }
  }
}

std::vector<const MapInfo *> ObjectInfo::stackMaps() const {
  std::vector<const MapInfo *> Out;
  for (const MapInfo &M : Maps)
    if (M.Type == MapTypeStackTrace)
      Out.push_back(&M);
  return Out;
}

// The instructions of every program section, scanned for
// `r1 = <map> ll; ... call bpf_map_delete_elem`. Registers are followed in a
// straight line (moves copy a map, other writes forget it), which is how
// compilers emit a helper call's arguments.
void ObjectInfo::readMapDeletes() {
  for (const SectionRef &RelSec : Obj->sections()) {
    Expected<section_iterator> Target = RelSec.getRelocatedSection();
    if (!Target) {
      consumeError(Target.takeError());
      continue;
    }
    if (*Target == Obj->section_end() || !(*Target)->isText())
      continue;
    // Instruction index -> map name, for ld_imm64 of a `.maps` symbol.
    std::map<uint64_t, std::string> MapLoads;
    mapRelocations(*Obj, RelSec, MapLoads);
    if (MapLoads.empty())
      continue;
    Expected<StringRef> Code = (*Target)->getContents();
    if (!Code) {
      consumeError(Code.takeError());
      continue;
    }
    std::string Regs[11];
    for (uint64_t I = 0; I * 8 + 8 <= Code->size(); ++I) {
      // One instruction in the object's byte order: bpfel puts dst in the
      // low nibble of the register byte, bpfeb in the high one; the
      // immediate is a 32-bit word of that order.
      const uint8_t *Insn = reinterpret_cast<const uint8_t *>(Code->data()) + I * 8;
      bool LE = Obj->isLittleEndian();
      uint8_t Op = Insn[0];
      uint8_t Dst = LE ? Insn[1] & 0xf : Insn[1] >> 4;
      uint8_t Src = LE ? Insn[1] >> 4 : Insn[1] & 0xf;
      int32_t Imm = LE ? support::endian::read32le(Insn + 4)
                       : support::endian::read32be(Insn + 4);
      uint8_t Class = Op & 7;
      if (Op == 0x18) { // ld_imm64: two slots
        Regs[Dst % 11] = MapLoads.count(I) ? MapLoads[I] : std::string();
        ++I;
      } else if (Op == 0x85) { // call
        if (Src == 0 && Imm == 3 && !Regs[1].empty())
          if (MapInfo *M = findMap(Regs[1]))
            M->DeletedByProgram = true;
        for (int R = 0; R <= 5; ++R)
          Regs[R].clear();
      } else if (Op == 0xbf) { // r_dst = r_src (64-bit move)
        Regs[Dst % 11] = Regs[Src % 11];
      } else if (Class == 0x04 || Class == 0x07 || Class == 0x01 || Class == 0x00) {
        Regs[Dst % 11].clear(); // alu, alu64, ldx, ld
      }
    }
  }
}

std::string mapTypeName(uint32_t Type) {
  static const char *const Names[] = {
      "unspec", "hash", "array", "prog_array", "perf_event_array", "percpu_hash",
      "percpu_array", "stack_trace", "cgroup_array", "lru_hash", "lru_percpu_hash",
      "lpm_trie", "array_of_maps", "hash_of_maps", "devmap", "sockmap", "cpumap",
      "xskmap", "sockhash", "cgroup_storage", "reuseport_sockarray",
      "percpu_cgroup_storage", "queue", "stack", "sk_storage", "devmap_hash",
      "struct_ops", "ringbuf", "inode_storage", "task_storage", "bloom_filter"};
  if (Type < sizeof(Names) / sizeof(Names[0]))
    return Names[Type];
  return "type" + std::to_string(Type);
}

} // namespace bpfrun
