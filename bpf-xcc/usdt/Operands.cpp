//===- Operands.cpp - What the USDT operand grammars share ----------------===//
#include "Operands.h"

#include "llvm/ADT/SmallVector.h"

using namespace llvm;

namespace bpfxcc {
namespace usdt {

std::string Argument::ctypeName() const {
  int S = Size < 0 ? -Size : Size;
  int Bits = S * 8;
  return (Size < 0 ? "int" : "uint") + std::to_string(Bits) + "_t";
}

bool validSize(int S) {
  S = S < 0 ? -S : S;
  return S == 1 || S == 2 || S == 4 || S == 8;
}

std::string badSize(int Size) {
  return "size " + std::to_string(Size) + " is not 1, 2, 4 or 8";
}

std::string parseSizePrefix(Cursor &C, Argument &A, bool DecimalOnly) {
  std::optional<int> Size;
  if (!(DecimalOnly ? C.decimal(Size) : C.number(Size)))
    return "a size (SIZE@) expected";
  if (!validSize(*Size))
    return badSize(*Size);
  A.Size = *Size;
  if (!C.eat('@'))
    return "'@' expected";
  return "";
}

bool registerNumber(Cursor &C, int Max, int &N) {
  size_t Start = C.Pos;
  N = 0;
  while (isdigit(static_cast<unsigned char>(C.peek())) && C.Pos - Start < 3)
    N = N * 10 + (C.S[C.Pos++] - '0');
  if (C.Pos == Start || N > Max) {
    C.Pos = Start;
    return false;
  }
  return true;
}

StringRef registerWord(Cursor &C) {
  size_t Start = C.Pos;
  while (isalnum(static_cast<unsigned char>(C.peek())))
    ++C.Pos;
  return StringRef(C.S).slice(Start, C.Pos);
}

int numberedRegister(StringRef Name, char Prefix, unsigned Max) {
  unsigned Number;
  if (Name.size() > 1 && Name[0] == Prefix && isdigit(static_cast<unsigned char>(Name[1])) &&
      !Name.drop_front().getAsInteger(10, Number) && Number <= Max &&
      (Name.size() == 2 || Name[1] != '0'))
    return int(Number);
  return -1;
}

std::string leadingNumber(Cursor &C, Argument &A, bool DecimalOnly, std::optional<int> &Disp,
                          const char *What, const char *Expected) {
  if (C.peek() == '(')
    return "";
  std::optional<long long> Imm;
  if (!(DecimalOnly ? C.decimal(Imm) : C.number(Imm)))
    return Expected;
  if (C.peek() != '(') {
    A.Constant = Imm;
    return "";
  }
  if (*Imm < INT32_MIN || *Imm > INT32_MAX)
    return std::string(What) + " " + std::to_string(*Imm) + " is out of range";
  Disp = int(*Imm);
  return "";
}

namespace {
/// Each architecture's grammar.
struct Grammar {
  OperandArch Arch;
  std::string (*Parse)(Cursor &C, Argument &A);
};
const Grammar Grammars[] = {
    {OperandArch::X86_64, parseX86_64}, {OperandArch::Arm64, parseArm64},
    {OperandArch::Arm, parseArm},       {OperandArch::S390x, parseS390x},
    {OperandArch::Ppc64, parsePpc64},   {OperandArch::Riscv64, parseRiscv64},
};
} // namespace

std::vector<Argument> parseArguments(StringRef Text, OperandArch Arch) {
  std::vector<Argument> Out;
  SmallVector<StringRef, 8> Words;
  // Operands are separated by blanks; arm64's "[sp, 16]" holds one.
  size_t I = 0;
  while (I < Text.size()) {
    while (I < Text.size() && isspace(static_cast<unsigned char>(Text[I])))
      ++I;
    if (I >= Text.size())
      break;
    size_t Start = I;
    int Depth = 0;
    while (I < Text.size() && (Depth || !isspace(static_cast<unsigned char>(Text[I])))) {
      if (Text[I] == '[')
        ++Depth;
      else if (Text[I] == ']' && Depth)
        --Depth;
      ++I;
    }
    Words.push_back(Text.slice(Start, I));
  }
  std::string (*Parse)(Cursor &, Argument &) = nullptr;
  for (const Grammar &G : Grammars)
    if (G.Arch == Arch)
      Parse = G.Parse;
  for (StringRef W : Words) {
    Argument A;
    A.Text = W.str();
    Cursor C(A.Text);
    std::string E = Parse ? Parse(C, A) : "operands of this architecture are not supported";
    if (E.empty() && !C.done())
      E = "unexpected '" + A.Text.substr(C.Pos) + "'";
    if (E.empty() && !A.Size)
      E = "no size";
    if (!E.empty())
      A.Error = "column " + std::to_string(C.Pos + 1) + ": " + E;
    Out.push_back(std::move(A));
  }
  return Out;
}

} // namespace usdt
} // namespace bpfxcc
