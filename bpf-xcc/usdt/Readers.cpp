//===- Readers.cpp - BCC 0.26's USDT argument readers (genargs) -----------===//
#include "bpf-xcc/Usdt.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"

#include <cstdlib>
#include <set>

using namespace llvm;

namespace bpfxcc {
namespace usdt {

const char *const ProgramHeader = "#include <uapi/linux/ptrace.h>\n";

// BCC's COMPILER_BARRIER: keeps SimplifyCFG from sinking the register reads
// of a multi-location switch into one.
static const char *const Barrier = "__asm__ __volatile__(\"\": : :\"memory\");";

// "USDT probe PROVIDER:NAME of BINARY" and what is wrong with it.
static Error probeError(const BinaryProbes &B, const Probe &P, const Twine &Why) {
  return createStringError(inconvertibleErrorCode(),
                           "USDT probe " + P.Provider + ":" + P.Name + " of " + B.File.Path + Why);
}

// BCC's Argument::assign_to_local.
static Error assign(const BinaryProbes &B, const Probe &P, size_t N, const Location &L,
                    const AddressResolver &R, const std::string &Dest, std::string &Out) {
  const Argument &A = L.Args[N];
  auto Fail = [&](const Twine &Why) {
    return probeError(B, P, ", argument " + Twine(N + 1) + " '" + A.Text + "' at 0x" +
                                utohexstr(L.Address) + ": " + Why);
  };
  if (!A.Error.empty())
    return Fail("not supported (" + A.Error + ")");
  if (A.Constant) {
    Out += formatv("{0} = {1};", Dest, *A.Constant).str();
    return Error::success();
  }
  if (!A.DerefOffset) {
    if (A.HighReg)
      Out += formatv("{0} = (u64)ctx->{1} << 32 | (u32)ctx->{2};", Dest, *A.HighReg, *A.BaseReg)
                 .str();
    else if (StringRef(*A.BaseReg).starts_with("xmm"))
      Out += Dest + " = 0;"; // BPF cannot read xmm registers (as BCC)
    else
      Out += formatv("{0} = ctx->{1};", Dest, *A.BaseReg).str();
    Out += std::string(" ") + Barrier;
    return Error::success();
  }
  std::string Type = A.ctypeName();
  if (!A.DerefIdent) {
    Out += formatv("{ u64 __addr = ctx->{0} + {1}", *A.BaseReg, *A.DerefOffset).str();
    if (A.IndexReg)
      Out += formatv(" + (ctx->{0} * {1});", *A.IndexReg, A.Scale.value_or(1)).str();
    else
      Out += ";";
    Out += std::string(" ") + Barrier + " ";
    Out += formatv("{0} __res = 0x0; bpf_probe_read_user(&__res, sizeof(__res), "
                   "(void *)__addr); {1} = __res; }",
                   Type, Dest)
               .str();
    return Error::success();
  }
  if (*A.BaseReg != "ip")
    return Fail("a symbol relative to a register other than %rip");
  std::optional<uint64_t> Sym;
  for (const UserBinary::Symbol &S : B.File.Symbols)
    if (S.Name == *A.DerefIdent) {
      Sym = S.Value;
      break;
    }
  if (!Sym)
    return Fail("symbol '" + *A.DerefIdent + "' is not in the binary's symbol tables");
  uint64_t Global = *Sym;
  if (B.File.SharedObject && !(R.Global && R.Global(*Sym, Global)))
    return Fail("symbol '" + *A.DerefIdent +
                "' is in a position-independent file: its address needs a process (a PID)");
  Out += formatv("{ u64 __addr = {0}ull + {1}; {2} __res = 0x0; "
                 "bpf_probe_read_user(&__res, sizeof(__res), (void *)__addr); "
                 "{3} = __res; }",
                 "0x" + utohexstr(Global, true), *A.DerefOffset, Type, Dest)
             .str();
  return Error::success();
}

Error generateReaders(const BinaryProbes &B, const Probe &P, StringRef Fn, const AddressResolver &R,
                     std::string &Out) {
  size_t Count = P.numArgs();
  if (!Count)
    return Error::success();
  for (const Location &L : P.Locations)
    if (L.Args.size() != Count)
      return probeError(B, P, ": its locations have different numbers of arguments");
  uint64_t Page = R.PageSize ? R.PageSize : 4096;
  std::set<uint64_t> PageOffsets;
  for (const Location &L : P.Locations)
    PageOffsets.insert(L.Address % Page);
  bool ByPageOffset = PageOffsets.size() == P.Locations.size();

  for (size_t N = 0; N < Count; ++N) {
    // The largest size any location gives this argument (largest_arg_type).
    const Argument *Largest = nullptr;
    for (const Location &L : P.Locations) {
      const Argument &A = L.Args[N];
      if (!A.Error.empty())
        continue;
      if (!Largest || std::abs(A.Size) > std::abs(Largest->Size))
        Largest = &A;
    }
    std::string CType = Largest ? Largest->ctypeName() : "uint64_t";
    std::string Dest = "*((" + CType + " *)dest)";
    Out += formatv("static __always_inline int _bpf_readarg_{0}_{1}(struct pt_regs *ctx, "
                   "void *dest, size_t len) {\n",
                   Fn, N + 1)
               .str();
    // 32-bit arm's pointers are 4-byte arguments, and BCC's
    // bpf_usdt_readarg_p reads the pointer into a u64: an unsigned 4-byte
    // argument also fills an 8-byte destination, zero-extended (the low
    // word first: armhf is little-endian).
    if (B.Arch == OperandArch::Arm && Largest && Largest->Size == 4)
      Out += formatv("  if (len == sizeof(u64)) *((u64 *)dest) = 0;\n"
                     "  else if (len != sizeof({0})) return -1;\n",
                     CType)
                 .str();
    else
      Out += formatv("  if (len != sizeof({0})) return -1;\n", CType).str();
    if (P.Locations.size() == 1) {
      Out += "  ";
      if (Error E = assign(B, P, N, P.Locations.front(), R, Dest, Out))
        return E;
      Out += "\n  return 0;\n}\n";
      continue;
    }
    if (ByPageOffset)
      Out += formatv("  switch (PT_REGS_IP(ctx) % 0x{0}ULL) {\n", utohexstr(Page, true)).str();
    else
      Out += "  switch (PT_REGS_IP(ctx)) {\n";
    for (const Location &L : P.Locations) {
      uint64_t Case = L.Address % Page;
      if (!ByPageOffset) {
        Case = L.Address;
        if (B.File.SharedObject && !(R.Global && R.Global(L.Address, Case)))
          return probeError(B, P,
                            ": its locations share page offsets and the file is "
                            "position-independent: telling them apart needs a process (a PID)");
      }
      Out += formatv("  case 0x{0}ULL: ", utohexstr(Case, true)).str();
      if (Error E = assign(B, P, N, L, R, Dest, Out))
        return E;
      Out += " return 0;\n";
    }
    Out += "  }\n  return -1;\n}\n";
  }
  return Error::success();
}

} // namespace usdt
} // namespace bpfxcc
