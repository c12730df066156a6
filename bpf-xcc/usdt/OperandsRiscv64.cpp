//===- OperandsRiscv64.cpp - USDT operands of riscv64 ---------------------===//
#include "Operands.h"

using namespace llvm;

namespace bpfxcc {
namespace usdt {

namespace {

// riscv64 (GCC's "nor" operands; BCC 0.26 has no riscv parser): an ABI
// register name or xN, each a member of struct pt_regs of that name (its
// members are the ABI names: ra, sp, gp, tp, t0..t6, s0..s11, a0..a7). The
// hard-wired zero (x0) is no member: refused.
std::string riscvRegister(Cursor &C, std::optional<std::string> &Out) {
  static const char *const Abi[32] = {
      "zero", "ra", "sp", "gp", "tp", "t0", "t1", "t2", "s0", "s1", "a0",
      "a1",   "a2", "a3", "a4", "a5", "a6", "a7", "s2", "s3", "s4", "s5",
      "s6",   "s7", "s8", "s9", "s10", "s11", "t3", "t4", "t5", "t6"};
  size_t Start = C.Pos;
  StringRef Name = registerWord(C);
  int N = numberedRegister(Name, 'x', 31);
  if (Name == "fp") // the assembler's other name of s0
    N = 8;
  for (int I = 0; I < 32 && N < 0; ++I)
    if (Name == Abi[I])
      N = I;
  if (N <= 0) {
    C.Pos = Start;
    if (Name.empty())
      return "a register (a0..a7, s0..s11, t0..t6, ra, sp, gp, tp or xN) expected";
    if (N == 0)
      return "the zero register is no pt_regs member";
    return "unknown register '" + Name.str() + "'";
  }
  Out = Abi[N];
  return "";
}

} // namespace

// SIZE@REG, SIZE@IMM and SIZE@OFF(REG) (OFF may be left out).
std::string parseRiscv64(Cursor &C, Argument &A) {
  if (std::string E = parseSizePrefix(C, A); !E.empty())
    return E;
  if (isalpha(static_cast<unsigned char>(C.peek())))
    return riscvRegister(C, A.BaseReg);
  std::optional<int> Off;
  if (std::string E = leadingNumber(C, A, false, Off, "offset",
                                    "a register, constant or OFF(REG) address expected");
      !E.empty() || A.Constant)
    return E;
  C.eat('(');
  if (std::string E = riscvRegister(C, A.BaseReg); !E.empty())
    return E;
  if (!C.eat(')'))
    return "')' expected";
  A.DerefOffset = Off.value_or(0);
  return "";
}

} // namespace usdt
} // namespace bpfxcc
