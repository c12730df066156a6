//===- UserBinary.h - The ELF reading of a user-space binary -----*- C++ -*-===//
//
// The one reader of user binaries (executables and shared objects, as a
// process maps them): what bpf-xcc's USDT library (Usdt.h) and the remote
// libbcc's process symbols (bpfd-bcc/libbcc/UserSymbols.cpp) need of one,
// read once with LLVM's Object library:
//  - the ELF header's machine, class and type (ET_DYN: addresses are
//    relative to where the file is loaded);
//  - the PT_LOAD segments, which turn an address into a file offset and back;
//  - the named, defined symbols of `.symtab` and `.dynsym`;
//  - the SystemTap SDT notes (`.note.stapsdt`), their addresses adjusted for
//    where `.stapsdt.base` is in this file.
//
//===----------------------------------------------------------------------===//
#ifndef BPF_XCC_USERBINARY_H
#define BPF_XCC_USERBINARY_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <string>
#include <vector>

namespace bpfxcc {

struct UserBinary {
  std::string Path; ///< as given, for messages
  uint16_t Machine = 0; ///< e_machine (llvm::ELF::EM_*)
  bool Is64Bit = false;
  bool SharedObject = false; ///< ET_DYN (PIE executables and libraries)

  /// A PT_LOAD segment.
  struct Segment {
    uint64_t VAddr, MemSize, FileSize, Offset;
  };
  std::vector<Segment> Loads;

  /// A named, defined symbol other than a section's or a file's.
  struct Symbol {
    std::string Name;
    uint64_t Value = 0;   ///< st_value
    /// Its address: st_value, without the Thumb (or microMIPS) bit of a
    /// 32-bit arm or MIPS function, as LLVM's ELFSymbolRef::getAddress().
    uint64_t Address = 0;
    uint64_t Size = 0;
    uint8_t Type = 0;     ///< STT_*
    bool Dynamic = false; ///< from `.dynsym`, else `.symtab`
  };
  /// In the order of the section headers, then of each table.
  std::vector<Symbol> Symbols;

  /// One `stapsdt` note: a USDT probe point.
  struct SdtNote {
    std::string Provider, Name;
    std::string Args;       ///< the assembler operands ("-4@%edi 8@[sp, 16]")
    uint64_t Address = 0;   ///< of the probe point in this file
    uint64_t Semaphore = 0; ///< its address; 0: none
  };
  std::vector<SdtNote> SdtNotes;

  /// The file offset of address \p VAddr (within a segment's memory size);
  /// false outside every segment.
  bool fileOffsetOf(uint64_t VAddr, uint64_t &Offset) const;
  /// The address of file offset \p Offset (within a segment's file size);
  /// false outside every segment.
  bool addressOfFileOffset(uint64_t Offset, uint64_t &VAddr) const;

  /// Reads the ELF file in \p Bytes, named \p Path in messages. Fails when it
  /// is not an ELF file or its section or program headers or notes cannot be
  /// read; a symbol table that cannot be read is left out.
  static llvm::Expected<UserBinary> read(llvm::StringRef Bytes, llvm::StringRef Path);
  static llvm::Expected<UserBinary> readFile(llvm::StringRef Path);
};

} // namespace bpfxcc

#endif
