//===- OperandsX86_64.cpp - USDT operands of x86_64 (AT&T) ----------------===//
#include "Operands.h"

using namespace llvm;

namespace bpfxcc {
namespace usdt {

namespace {

// x86_64: a register name to the member of the kernel's struct pt_regs and
// its size (BCC's ArgumentParser_x64::registers_ and reg_to_name).
bool x86Register(StringRef Name, std::string &Norm, int &Size) {
  static const struct {
    const char *Norm;
    const char *Names[4]; // 8, 4, 2, 1 bytes
  } Gprs[] = {
      {"ax", {"rax", "eax", "ax", "al"}},     {"bx", {"rbx", "ebx", "bx", "bl"}},
      {"cx", {"rcx", "ecx", "cx", "cl"}},     {"dx", {"rdx", "edx", "dx", "dl"}},
      {"si", {"rsi", "esi", "si", "sil"}},    {"di", {"rdi", "edi", "di", "dil"}},
      {"bp", {"rbp", "ebp", "bp", "bpl"}},    {"sp", {"rsp", "esp", "sp", "spl"}},
      {"r8", {"r8", "r8d", "r8w", "r8b"}},    {"r9", {"r9", "r9d", "r9w", "r9b"}},
      {"r10", {"r10", "r10d", "r10w", "r10b"}}, {"r11", {"r11", "r11d", "r11w", "r11b"}},
      {"r12", {"r12", "r12d", "r12w", "r12b"}}, {"r13", {"r13", "r13d", "r13w", "r13b"}},
      {"r14", {"r14", "r14d", "r14w", "r14b"}}, {"r15", {"r15", "r15d", "r15w", "r15b"}},
  };
  static const int Sizes[4] = {8, 4, 2, 1};
  for (const auto &G : Gprs)
    for (int I = 0; I < 4; ++I)
      if (Name == G.Names[I]) {
        Norm = G.Norm;
        Size = Sizes[I];
        return true;
      }
  if (Name == "rip") {
    Norm = "ip";
    Size = 8;
    return true;
  }
  unsigned N;
  if (Name.starts_with("xmm") && !Name.drop_front(3).getAsInteger(10, N) && N < 16) {
    Norm = Name.str();
    Size = 16;
    return true;
  }
  return false;
}

} // namespace

// Register, $constant, or [DISP][+SYM](%base[,%index[,scale]]).
std::string parseX86_64(Cursor &C, Argument &A) {
  auto Register = [&](std::optional<std::string> &Out, bool SetsSize) -> std::string {
    if (!C.eat('%'))
      return "a register (%name) expected";
    size_t Start = C.Pos;
    while (isalnum(static_cast<unsigned char>(C.peek())))
      ++C.Pos;
    std::string Norm;
    int Size;
    if (!x86Register(StringRef(C.S).slice(Start, C.Pos), Norm, Size))
      return "unknown register '%" + C.S.substr(Start, C.Pos - Start) + "'";
    Out = Norm;
    if (SetsSize && !A.Size)
      A.Size = Size;
    return "";
  };
  auto Ident = [&]() {
    size_t Start = C.Pos;
    if (isalpha(static_cast<unsigned char>(C.peek())) || C.peek() == '_') {
      while (isalnum(static_cast<unsigned char>(C.peek())) || C.peek() == '_')
        ++C.Pos;
      A.DerefIdent = C.S.substr(Start, C.Pos - Start);
    }
  };

  // [-]SIZE@
  if (isdigit(static_cast<unsigned char>(C.peek())) || C.peek() == '-') {
    size_t Save = C.Pos;
    std::optional<int> Size;
    if (C.number(Size) && C.peek() == '@') {
      C.eat('@');
      if (!validSize(*Size))
        return badSize(*Size);
      A.Size = *Size;
    } else {
      C.Pos = Save;
    }
  }
  if (C.eat('$')) {
    if (!C.number(A.Constant))
      return "a number expected after '$'";
    return "";
  }
  if (C.peek() == '%')
    return Register(A.BaseReg, true);
  if (isdigit(static_cast<unsigned char>(C.peek())) || C.peek() == '-') {
    C.number(A.DerefOffset);
    if (C.eat('+')) {
      Ident();
      if (!A.DerefIdent)
        return "a symbol expected after '+'";
    }
  } else {
    A.DerefOffset = 0;
    Ident();
    if (C.peek() == '+' || C.peek() == '-')
      C.number(A.DerefOffset);
  }
  if (!C.eat('('))
    return "'(' expected";
  if (std::string E = Register(A.BaseReg, true); !E.empty())
    return E;
  if (C.eat(',')) {
    if (std::string E = Register(A.IndexReg, false); !E.empty())
      return E;
    if (C.eat(',') && !C.number(A.Scale))
      return "a scale expected";
  }
  if (!C.eat(')'))
    return "')' expected";
  return "";
}

} // namespace usdt
} // namespace bpfxcc
