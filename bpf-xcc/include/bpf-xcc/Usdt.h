//===- Usdt.h - USDT probes of a binary and their argument readers -*- C++ -*-===//
//
// User-level statically defined tracing (SystemTap SDT, <sys/sdt.h>): each
// probe point of a binary is a note in `.note.stapsdt` naming its provider,
// probe, address, the link-time address of `.stapsdt.base`, an optional
// semaphore and the assembler operands of its arguments ("-4@%edi 8@[sp, 16]").
//
// This library gathers the notes of a binary (UserBinary.h reads them) into
// probes, parses the operands of the binary's own architecture (x86_64 AT&T
// forms, arm64, 32-bit arm, s390x, powerpc64 and riscv64 forms: usdt/Operands*.cpp)
// and writes the argument readers BCC 0.26 generates (usdt.cc genargs,
// usdt_args.cc assign_to_local: usdt/Readers.cpp): one
//   static __always_inline int _bpf_readarg_<fn>_<n>(struct pt_regs *ctx,
//                                                    void *dest, size_t len)
// per argument of an enabled probe, which BCC's rewrite of
// bpf_usdt_readarg(n, ctx, &dst) calls (UsdtRewrite.h).
//
//===----------------------------------------------------------------------===//
#ifndef BPF_XCC_USDT_H
#define BPF_XCC_USDT_H

#include "bpf-xcc/UserBinary.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace bpfxcc {
namespace usdt {

/// Whose assembler syntax the operands are in, from the ELF header's machine.
enum class OperandArch { X86_64, Arm64, Arm, S390x, Ppc64, Riscv64, Unknown };

/// One argument operand, as BCC's USDT::Argument holds it.
struct Argument {
  int Size = 0; ///< bytes; negative: signed
  std::optional<long long> Constant;
  std::optional<int> DerefOffset;
  std::optional<std::string> DerefIdent; ///< symbol(%rip)
  std::optional<std::string> BaseReg;    ///< struct pt_regs member ("ax", "regs[1]")
  std::optional<std::string> IndexReg;
  std::optional<int> Scale; ///< of IndexReg; -1 subtracts it (arm's [rB, -rX])
  /// An 8-byte value in a 32-bit arm register pair: BaseReg holds the low
  /// word and this the high word ("-8@r0" is r0 and r1).
  std::optional<std::string> HighReg;
  std::string Text;  ///< the operand as written
  std::string Error; ///< why it is not supported; empty: parsed

  /// int32_t, uint64_t, ...: BCC's ctype_name().
  std::string ctypeName() const;
};

struct Location {
  uint64_t Address = 0; ///< in the binary's address space (base-adjusted)
  std::string ArgText;
  std::vector<Argument> Args;
};

struct Probe {
  std::string Provider, Name, BinPath;
  uint64_t Semaphore = 0;       ///< address; 0: none
  uint64_t SemaphoreOffset = 0; ///< its file offset (uprobe ref_ctr_offset)
  std::vector<Location> Locations;

  size_t numArgs() const {
    return Locations.empty() ? 0 : Locations.front().Args.size();
  }
};

/// The probes of one binary: its notes, gathered by provider and name.
struct BinaryProbes {
  UserBinary File;
  OperandArch Arch = OperandArch::Unknown; ///< from File's machine and class
  std::vector<Probe> Probes;
};

/// The probes of the ELF file in \p Bytes (named \p Path in messages and
/// in Probe::BinPath). A file without notes has no probes.
llvm::Expected<BinaryProbes> readProbes(llvm::StringRef Bytes, llvm::StringRef Path);
llvm::Expected<BinaryProbes> readProbesFile(llvm::StringRef Path);

/// Parses the operand string of one note for \p Arch. Operands that are not
/// supported carry Argument::Error (with the column) and keep their index.
std::vector<Argument> parseArguments(llvm::StringRef Text, OperandArch Arch);

/// How generateReaders() turns addresses of the binary into the target
/// process's: for a shared object the load bias of a process (BCC needs a
/// PID there too). Returns false when it cannot.
struct AddressResolver {
  std::function<bool(uint64_t FileAddr, uint64_t &Global)> Global;
  uint64_t PageSize = 4096;
};

/// BCC 0.26's Probe::usdt_getarg: the readers of every argument of \p P for
/// the BPF function \p Fn, appended to \p Out. Fails naming the probe and
/// operand when an operand cannot be read (not supported, a symbol that is
/// not found, an address that needs a process).
llvm::Error generateReaders(const BinaryProbes &B, const Probe &P, llvm::StringRef Fn,
                            const AddressResolver &R, std::string &Out);

/// BCC's USDT_PROGRAM_HEADER, which genargs puts first.
extern const char *const ProgramHeader;

/// Finds the probes named \p Provider (empty: any) and \p Name.
std::vector<const Probe *> findProbes(const BinaryProbes &B, llvm::StringRef Provider,
                                      llvm::StringRef Name);

} // namespace usdt
} // namespace bpfxcc

#endif
