//===- OperandsS390x.cpp - USDT operands of s390x -------------------------===//
#include "Operands.h"

using namespace llvm;

namespace bpfxcc {
namespace usdt {

namespace {

// s390x (BCC's ArgumentParser_s390x): %rN is gprs[N] of struct pt_regs.
// In an address %r0 stands for 0, which no pt_regs member says.
std::string s390Register(Cursor &C, std::optional<std::string> &Out, bool InAddress) {
  size_t Start = C.Pos;
  int N;
  if (!C.eat('%') || !C.eat('r') || !registerNumber(C, 15, N)) {
    C.Pos = Start;
    return "a register %r0..%r15 expected";
  }
  if (InAddress && N == 0) {
    C.Pos = Start;
    return "%r0 in an address stands for 0, not the register";
  }
  Out = "gprs[" + std::to_string(N) + "]";
  return "";
}

} // namespace

// SIZE@%rN, SIZE@IMM, SIZE@DISP(%rB) and SIZE@DISP(%rX,%rB), DISP optional
// (BCC reads "(%rB)" as the register, not the memory it addresses). In the
// assembler's D(X,B) the index comes first.
std::string parseS390x(Cursor &C, Argument &A) {
  if (std::string E = parseSizePrefix(C, A); !E.empty())
    return E;
  if (C.peek() == '%')
    return s390Register(C, A.BaseReg, false);
  std::optional<int> Disp;
  if (std::string E = leadingNumber(C, A, true, Disp, "displacement",
                                    "a register, decimal constant or D(X,B) address expected");
      !E.empty() || A.Constant)
    return E;
  C.eat('(');
  A.DerefOffset = Disp.value_or(0);
  std::optional<std::string> First;
  if (C.peek() != ',')
    if (std::string E = s390Register(C, First, true); !E.empty())
      return E;
  if (C.eat(',')) {
    if (First) {
      A.IndexReg = First;
      A.Scale = 1;
    }
    if (std::string E = s390Register(C, A.BaseReg, true); !E.empty())
      return E;
  } else {
    A.BaseReg = First;
  }
  if (!C.eat(')'))
    return "')' expected";
  return "";
}

} // namespace usdt
} // namespace bpfxcc
