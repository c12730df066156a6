//===- OperandsPpc64.cpp - USDT operands of powerpc64 ---------------------===//
#include "Operands.h"

using namespace llvm;

namespace bpfxcc {
namespace usdt {

namespace {

// powerpc64 (BCC's ArgumentParser_powerpc64; GCC writes %I%N, so a register
// is its bare number and a constant has an 'i'): N or %rN is gpr[N].
std::string ppcRegister(Cursor &C, std::optional<std::string> &Out) {
  if (C.eat('%') && !C.eat('r'))
    return "a register %r0..%r31 expected";
  int N;
  if (!registerNumber(C, 31, N))
    return "a register 0..31 expected";
  Out = "gpr[" + std::to_string(N) + "]";
  return "";
}

} // namespace

// SIZE@N, SIZE@%rN, SIZE@iIMM, SIZE@DISP(B) and SIZE@B,X (indexed: B + X,
// unscaled; BCC 0.26 multiplies X by the size, which the instruction does
// not). r0 as the base of an address means 0.
std::string parsePpc64(Cursor &C, Argument &A) {
  if (std::string E = parseSizePrefix(C, A); !E.empty())
    return E;
  if (C.eat('i')) {
    if (!C.decimal(A.Constant))
      return "a decimal number expected after 'i'";
    return "";
  }
  // DISP(B): a number before '('; otherwise the number is a register.
  size_t Start = C.Pos;
  std::optional<int> Disp;
  if (C.peek() != '%' && C.decimal(Disp) && C.peek() == '(') {
    C.eat('(');
    size_t Base = C.Pos;
    if (std::string E = ppcRegister(C, A.BaseReg); !E.empty())
      return E;
    if (*A.BaseReg == "gpr[0]") {
      C.Pos = Base;
      return "r0 as a base register stands for 0, not the register";
    }
    if (!C.eat(')'))
      return "')' expected";
    A.DerefOffset = Disp;
    return "";
  }
  C.Pos = Start;
  if (std::string E = ppcRegister(C, A.BaseReg); !E.empty())
    return E;
  if (!C.eat(','))
    return "";
  if (*A.BaseReg == "gpr[0]") {
    C.Pos = Start;
    return "r0 as a base register stands for 0, not the register";
  }
  if (std::string E = ppcRegister(C, A.IndexReg); !E.empty())
    return E;
  A.DerefOffset = 0;
  A.Scale = 1;
  return "";
}

} // namespace usdt
} // namespace bpfxcc
