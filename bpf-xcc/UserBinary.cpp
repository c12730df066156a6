//===- UserBinary.cpp - The ELF reading of a user-space binary ------------===//
#include "bpf-xcc/UserBinary.h"

#include "llvm/Object/ELFObjectFile.h"
#include "llvm/Support/MemoryBuffer.h"

#include <cstring>
#include <optional>

using namespace llvm;

namespace bpfxcc {

static Error err(const Twine &Msg) { return createStringError(inconvertibleErrorCode(), Msg); }

bool UserBinary::fileOffsetOf(uint64_t VAddr, uint64_t &Offset) const {
  for (const Segment &S : Loads)
    if (VAddr >= S.VAddr && VAddr < S.VAddr + S.MemSize) {
      Offset = VAddr - S.VAddr + S.Offset;
      return true;
    }
  return false;
}

bool UserBinary::addressOfFileOffset(uint64_t Offset, uint64_t &VAddr) const {
  for (const Segment &S : Loads)
    if (Offset >= S.Offset && Offset < S.Offset + S.FileSize) {
      VAddr = Offset - S.Offset + S.VAddr;
      return true;
    }
  return false;
}

namespace {

template <class ELFT> class Reader {
public:
  Reader(const object::ELFFile<ELFT> &File, UserBinary &B) : File(File), B(B) {}

  Error read() {
    const auto &Header = File.getHeader();
    B.Machine = Header.e_machine;
    B.Is64Bit = ELFT::Is64Bits;
    B.SharedObject = Header.e_type == ELF::ET_DYN;
    auto Phdrs = File.program_headers();
    if (!Phdrs)
      return err("reading the program headers: " + toString(Phdrs.takeError()));
    for (const auto &P : *Phdrs)
      if (P.p_type == ELF::PT_LOAD)
        B.Loads.push_back({uint64_t(P.p_vaddr), uint64_t(P.p_memsz), uint64_t(P.p_filesz),
                           uint64_t(P.p_offset)});
    auto Sections = File.sections();
    if (!Sections)
      return err("reading the section headers: " + toString(Sections.takeError()));
    for (const auto &S : *Sections) {
      if (S.sh_type == ELF::SHT_SYMTAB || S.sh_type == ELF::SHT_DYNSYM)
        readSymbols(S);
      else if (std::optional<StringRef> Name = sectionName(S); Name && *Name == ".stapsdt.base")
        StapsdtBase = S.sh_addr;
    }
    for (const auto &S : *Sections)
      if (S.sh_type == ELF::SHT_NOTE)
        if (std::optional<StringRef> Name = sectionName(S); Name && *Name == ".note.stapsdt")
          if (Error E = readSdtNotes(S))
            return err("reading the USDT notes: " + toString(std::move(E)));
    return Error::success();
  }

private:
  using Shdr = typename ELFT::Shdr;
  using Addr = typename ELFT::uint;

  std::optional<StringRef> sectionName(const Shdr &S) {
    auto Name = File.getSectionName(S);
    if (!Name) {
      consumeError(Name.takeError());
      return std::nullopt;
    }
    return *Name;
  }

  void readSymbols(const Shdr &S) {
    auto Syms = File.symbols(&S);
    auto Strs = File.getStringTableForSymtab(S);
    if (!Syms || !Strs) {
      if (!Syms)
        consumeError(Syms.takeError());
      if (!Strs)
        consumeError(Strs.takeError());
      return;
    }
    bool ThumbBit = B.Machine == ELF::EM_ARM || B.Machine == ELF::EM_MIPS;
    for (const auto &Sym : *Syms) {
      uint8_t Type = Sym.getType();
      if (Sym.st_shndx == ELF::SHN_UNDEF || Type == ELF::STT_SECTION || Type == ELF::STT_FILE)
        continue;
      auto Name = Sym.getName(*Strs);
      if (!Name) {
        consumeError(Name.takeError());
        continue;
      }
      if (Name->empty())
        continue;
      UserBinary::Symbol Out;
      Out.Name = Name->str();
      Out.Value = Out.Address = Sym.st_value;
      if (ThumbBit && Type == ELF::STT_FUNC && Sym.st_shndx != ELF::SHN_ABS)
        Out.Address &= ~uint64_t(1);
      Out.Size = Sym.st_size;
      Out.Type = Type;
      Out.Dynamic = S.sh_type == ELF::SHT_DYNSYM;
      B.Symbols.push_back(std::move(Out));
    }
  }

  // Each note: pc, `.stapsdt.base`'s link-time address, semaphore (address
  // words), then provider\0name\0args\0.
  Error readSdtNotes(const Shdr &S) {
    Error Err = Error::success();
    for (const auto &Note : File.notes(S, Err)) {
      if (Note.getName() != "stapsdt" || Note.getType() != 3)
        continue;
      ArrayRef<uint8_t> Desc = Note.getDesc(S.sh_addralign ? S.sh_addralign : 4);
      if (Desc.size() < 3 * sizeof(Addr))
        continue;
      auto Field = [&](int I) -> uint64_t {
        return support::endian::read<Addr, ELFT::Endianness>(Desc.data() + I * sizeof(Addr));
      };
      UserBinary::SdtNote N;
      N.Address = Field(0);
      N.Semaphore = Field(2);
      // Where `.stapsdt.base` is in this file, against the address the note
      // recorded at link time (prelink may have moved the file).
      if (uint64_t LinkBase = Field(1); StapsdtBase && LinkBase) {
        N.Address += *StapsdtBase - LinkBase;
        if (N.Semaphore)
          N.Semaphore += *StapsdtBase - LinkBase;
      }
      const char *Text = reinterpret_cast<const char *>(Desc.data()) + 3 * sizeof(Addr);
      size_t Left = Desc.size() - 3 * sizeof(Addr);
      for (std::string *Part : {&N.Provider, &N.Name, &N.Args}) {
        size_t Len = strnlen(Text, Left);
        Part->assign(Text, Len);
        if (Len >= Left)
          break;
        Text += Len + 1;
        Left -= Len + 1;
      }
      B.SdtNotes.push_back(std::move(N));
    }
    return Err;
  }

  const object::ELFFile<ELFT> &File;
  UserBinary &B;
  std::optional<uint64_t> StapsdtBase;
};

template <class ELFT> Error readELF(const object::ELFObjectFile<ELFT> &Obj, UserBinary &B) {
  return Reader<ELFT>(Obj.getELFFile(), B).read();
}

} // namespace

Expected<UserBinary> UserBinary::read(StringRef Bytes, StringRef Path) {
  UserBinary B;
  B.Path = Path.str();
  auto Buf = MemoryBuffer::getMemBuffer(Bytes, Path, false);
  auto Obj = object::ObjectFile::createObjectFile(Buf->getMemBufferRef());
  if (!Obj)
    return err(Path + ": not an ELF file: " + toString(Obj.takeError()));
  Error E = Error::success();
  if (auto *O = dyn_cast<object::ELF64LEObjectFile>(Obj->get()))
    E = readELF(*O, B);
  else if (auto *O = dyn_cast<object::ELF64BEObjectFile>(Obj->get()))
    E = readELF(*O, B);
  else if (auto *O = dyn_cast<object::ELF32LEObjectFile>(Obj->get()))
    E = readELF(*O, B);
  else if (auto *O = dyn_cast<object::ELF32BEObjectFile>(Obj->get()))
    E = readELF(*O, B);
  else
    return err(Path + ": not an ELF file");
  if (E)
    return err(Path + ": " + toString(std::move(E)));
  return std::move(B);
}

Expected<UserBinary> UserBinary::readFile(StringRef Path) {
  auto Buf = MemoryBuffer::getFile(Path, /*IsText=*/false, /*RequiresNullTerminator=*/false);
  if (!Buf)
    return err("cannot read " + Path + ": " + Buf.getError().message());
  return read((*Buf)->getBuffer(), Path);
}

} // namespace bpfxcc
