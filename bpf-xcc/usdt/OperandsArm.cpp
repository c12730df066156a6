//===- OperandsArm.cpp - USDT operands of 32-bit arm ----------------------===//
#include "Operands.h"

using namespace llvm;

namespace bpfxcc {
namespace usdt {

namespace {

// 32-bit arm (GCC's "g" operands; BCC 0.26 has no parser for it): rN or the
// names GCC gives r9-r15, in struct pt_regs' uregs[] (ARM_r0 is uregs[0]).
std::string armRegister(Cursor &C, std::optional<std::string> &Out, int *RegNumber = nullptr) {
  static const struct {
    const char *Name;
    int Number;
  } Named[] = {{"sb", 9}, {"sl", 10}, {"fp", 11}, {"ip", 12},
               {"sp", 13}, {"lr", 14}, {"pc", 15}};
  size_t Start = C.Pos;
  StringRef Name = registerWord(C);
  int N = numberedRegister(Name, 'r', 15);
  for (const auto &R : Named)
    if (Name == R.Name)
      N = R.Number;
  if (N < 0) {
    C.Pos = Start;
    if (Name.empty())
      return "a register (r0..r15, fp, ip, sp, lr, pc) expected";
    return "unknown register '" + Name.str() + "'";
  }
  Out = "uregs[" + std::to_string(N) + "]";
  if (RegNumber)
    *RegNumber = N;
  return "";
}

} // namespace

// SIZE@rN, SIZE@#IMM, SIZE@[rB], SIZE@[rB, #OFF], SIZE@[rB, [-]rX] and
// SIZE@[rB, rX, lsl #K].
std::string parseArm(Cursor &C, Argument &A) {
  if (std::string E = parseSizePrefix(C, A); !E.empty())
    return E;
  if (C.eat('#')) {
    if (!C.number(A.Constant))
      return "a number expected after '#'";
    return "";
  }
  if (!C.eat('[')) {
    size_t Start = C.Pos;
    int N;
    if (std::string E = armRegister(C, A.BaseReg, &N); !E.empty())
      return E;
    // GCC gives an 8-byte value in a register by the first of a pair,
    // the low word first (armhf is little-endian).
    if (std::abs(A.Size) == 8) {
      if (N > 11) {
        C.Pos = Start;
        return "an 8-byte value in r" + std::to_string(N) + " and r" + std::to_string(N + 1) +
               " (no register pair)";
      }
      A.HighReg = "uregs[" + std::to_string(N + 1) + "]";
    }
    return "";
  }
  if (std::string E = armRegister(C, A.BaseReg); !E.empty())
    return E;
  A.DerefOffset = 0;
  if (C.eat(',')) {
    C.skipBlanks();
    if (C.eat('#')) {
      size_t Start = C.Pos;
      std::optional<long long> Offset;
      if (!C.number(Offset))
        return "an offset expected after '#'";
      if (*Offset < INT32_MIN || *Offset > INT32_MAX) {
        std::string Text = C.S.substr(Start, C.Pos - Start);
        C.Pos = Start;
        return "offset " + Text + " is out of range";
      }
      A.DerefOffset = int(*Offset);
    } else {
      bool Subtract = C.eat('-');
      if (std::string E = armRegister(C, A.IndexReg); !E.empty())
        return E;
      int Shift = 0;
      if (C.eat(',')) {
        C.skipBlanks();
        if (!(C.eat('l') && C.eat('s') && C.eat('l')))
          return "only 'lsl #N' may shift an index register";
        C.skipBlanks();
        if (!C.eat('#') || !registerNumber(C, 3, Shift))
          return "a shift of #0..#3 expected after 'lsl'";
      }
      A.Scale = (Subtract ? -1 : 1) * (1 << Shift);
    }
  }
  if (!C.eat(']'))
    return "']' expected";
  return "";
}

} // namespace usdt
} // namespace bpfxcc
