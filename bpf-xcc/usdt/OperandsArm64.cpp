//===- OperandsArm64.cpp - USDT operands of arm64 -------------------------===//
#include "Operands.h"

namespace bpfxcc {
namespace usdt {

std::string parseArm64(Cursor &C, Argument &A) {
  auto Register = [&](std::optional<std::string> &Out) -> std::string {
    // xN as BCC; wN, its low 32 bits (hand-written notes such as
    // "-4@%w0" templates give it; BCC's parser does not read it).
    if (C.peek() == 'x' || C.peek() == 'w') {
      ++C.Pos;
      std::optional<int> N;
      size_t Start = C.Pos;
      if (!isdigit(static_cast<unsigned char>(C.peek())) || !C.number(N) || *N < 0 ||
          *N > 31) {
        C.Pos = Start;
        return "a register x0..x30 (or w0..w30) expected";
      }
      Out = *N == 31 ? std::string("sp") : "regs[" + std::to_string(*N) + "]";
      return "";
    }
    if (C.peek() == 's' && C.peek(1) == 'p') {
      C.Pos += 2;
      Out = "sp";
      return "";
    }
    return "a register (xN or sp) expected";
  };

  // BCC's arm64 parser reads the size as any number (strtoll's base 0).
  if (std::string E = parseSizePrefix(C, A, /*DecimalOnly=*/false); !E.empty())
    return E;
  if (C.peek() == 'x' || C.peek() == 'w' || C.peek() == 's')
    return Register(A.BaseReg);
  if (C.eat('[')) {
    if (std::string E = Register(A.BaseReg); !E.empty())
      return E;
    if (C.eat(',')) {
      C.skipBlanks();
      if (C.peek() == 'x' || C.peek() == 's') {
        if (std::string E = Register(A.IndexReg); !E.empty())
          return E;
        A.Scale = 1;
        A.DerefOffset = 0;
      } else if (!C.number(A.DerefOffset)) {
        return "an offset or index register expected";
      }
    } else {
      // BCC reads [xN] as an address without offset.
      A.DerefOffset = 0;
    }
    if (!C.eat(']'))
      return "']' expected";
    return "";
  }
  if (!C.number(A.Constant))
    return "a register, [memory] or constant expected";
  return "";
}

} // namespace usdt
} // namespace bpfxcc
