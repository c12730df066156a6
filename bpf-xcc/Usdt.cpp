//===- Usdt.cpp - USDT probes of a binary and their argument readers ------===//
#include "Usdt.h"

#include "llvm/Object/ELFObjectFile.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"

#include <cctype>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <set>

using namespace llvm;

namespace bpfxcc {
namespace usdt {

const char *const ProgramHeader = "#include <uapi/linux/ptrace.h>\n";

// BCC's COMPILER_BARRIER: keeps SimplifyCFG from sinking the register reads
// of a multi-location switch into one.
static const char *const Barrier = "__asm__ __volatile__(\"\": : :\"memory\");";

std::string Argument::ctypeName() const {
  int S = Size < 0 ? -Size : Size;
  int Bits = S * 8;
  return (Size < 0 ? "int" : "uint") + std::to_string(Bits) + "_t";
}

static Error err(const Twine &Msg) {
  return createStringError(inconvertibleErrorCode(), Msg);
}

//===----------------------------------------------------------------------===//
// Operands
//===----------------------------------------------------------------------===//

namespace {

/// A cursor over one operand; the number syntax is strtoll's with base 0,
/// as BCC's parse_number.
class Cursor {
public:
  explicit Cursor(const std::string &S) : S(S) {}
  char peek(size_t Ahead = 0) const {
    return Pos + Ahead < S.size() ? S[Pos + Ahead] : '\0';
  }
  bool eat(char C) {
    if (peek() != C)
      return false;
    ++Pos;
    return true;
  }
  void skipBlanks() {
    while (isspace(static_cast<unsigned char>(peek())))
      ++Pos;
  }
  template <class T> bool number(std::optional<T> &Out) {
    const char *Start = S.c_str() + Pos;
    char *End;
    errno = 0;
    long long V = strtoll(Start, &End, 0);
    if (End == Start)
      return false;
    Pos += size_t(End - Start);
    Out = T(V);
    return true;
  }
  /// [-]DIGITS in decimal only, as BCC's s390x and powerpc64 parsers read
  /// numbers (strtoll's base 0 would take 010 for 8); false, the cursor
  /// where it was, when there is none or it does not fit in T.
  template <class T> bool decimal(std::optional<T> &Out) {
    size_t Start = Pos;
    if (peek() == '-')
      ++Pos;
    if (!isdigit(static_cast<unsigned char>(peek()))) {
      Pos = Start;
      return false;
    }
    const char *Begin = S.c_str() + Start;
    char *End;
    errno = 0;
    long long V = strtoll(Begin, &End, 10);
    if (errno == ERANGE || V < std::numeric_limits<T>::min() ||
        V > std::numeric_limits<T>::max()) {
      Pos = Start;
      return false;
    }
    Pos = Start + size_t(End - Begin);
    Out = T(V);
    return true;
  }
  bool done() const { return Pos >= S.size(); }
  size_t Pos = 0;
  const std::string &S;
};

bool validSize(int S) {
  S = S < 0 ? -S : S;
  return S == 1 || S == 2 || S == 4 || S == 8;
}

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

// Returns an empty string, or why the operand is not supported.
std::string parseX86(Cursor &C, Argument &A) {
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
        return "size " + std::to_string(*Size) + " is not 1, 2, 4 or 8";
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

  std::optional<int> Size;
  if (!C.number(Size))
    return "a size (SIZE@) expected";
  if (!validSize(*Size))
    return "size " + std::to_string(*Size) + " is not 1, 2, 4 or 8";
  A.Size = *Size;
  if (!C.eat('@'))
    return "'@' expected";
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

// [-]SIZE@, which every operand of arm, s390x and powerpc64 begins with.
std::string parseSizePrefix(Cursor &C, Argument &A) {
  std::optional<int> Size;
  if (!C.decimal(Size))
    return "a size (SIZE@) expected";
  if (!validSize(*Size))
    return "size " + std::to_string(*Size) + " is not 1, 2, 4 or 8";
  A.Size = *Size;
  if (!C.eat('@'))
    return "'@' expected";
  return "";
}

// A register number written in decimal, at most \p Max; false (the cursor
// where it was) when there is none or it is larger.
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

// The register name at the cursor (letters and digits), the cursor after it.
StringRef registerWord(Cursor &C) {
  size_t Start = C.Pos;
  while (isalnum(static_cast<unsigned char>(C.peek())))
    ++C.Pos;
  return StringRef(C.S).slice(Start, C.Pos);
}

// N of a register named PREFIX and N (0..Max, decimal, no leading zero), or -1.
int numberedRegister(StringRef Name, char Prefix, unsigned Max) {
  unsigned Number;
  if (Name.size() > 1 && Name[0] == Prefix && isdigit(static_cast<unsigned char>(Name[1])) &&
      !Name.drop_front().getAsInteger(10, Number) && Number <= Max &&
      (Name.size() == 2 || Name[1] != '0'))
    return int(Number);
  return -1;
}

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

// The number an operand may start with (s390x's and riscv64's): a constant
// when no '(' follows (A.Constant), else the displacement of the address in
// parentheses (Disp, 32 bits; What names it in the error). Decimal only, as
// BCC's s390x parser reads numbers, or strtoll's base 0. Nothing is read
// before a '('; Expected is the error when there is no number.
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
  for (StringRef W : Words) {
    Argument A;
    A.Text = W.str();
    Cursor C(A.Text);
    std::string E;
    switch (Arch) {
    case OperandArch::X86_64:
      E = parseX86(C, A);
      break;
    case OperandArch::Arm64:
      E = parseArm64(C, A);
      break;
    case OperandArch::Arm:
      E = parseArm(C, A);
      break;
    case OperandArch::S390x:
      E = parseS390x(C, A);
      break;
    case OperandArch::Ppc64:
      E = parsePpc64(C, A);
      break;
    case OperandArch::Riscv64:
      E = parseRiscv64(C, A);
      break;
    case OperandArch::Unknown:
      E = "operands of this architecture are not supported";
      break;
    }
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

//===----------------------------------------------------------------------===//
// Notes
//===----------------------------------------------------------------------===//

bool Binary::fileOffsetOf(uint64_t VAddr, uint64_t &Offset) const {
  for (const Segment &S : Loads)
    if (VAddr >= S.VAddr && VAddr < S.VAddr + S.MemSize) {
      Offset = VAddr - S.VAddr + S.Offset;
      return true;
    }
  return false;
}

template <class ELFT>
static Error readNotes(const object::ELFFile<ELFT> &File, Binary &B) {
  using Addr = typename ELFT::uint;
  auto Sections = File.sections();
  if (!Sections)
    return Sections.takeError();
  auto Phdrs = File.program_headers();
  if (!Phdrs)
    return Phdrs.takeError();
  B.SharedObject = File.getHeader().e_type == ELF::ET_DYN;
  switch (File.getHeader().e_machine) {
  case ELF::EM_X86_64:
    B.Arch = OperandArch::X86_64;
    break;
  case ELF::EM_AARCH64:
    B.Arch = OperandArch::Arm64;
    break;
  case ELF::EM_ARM:
    B.Arch = OperandArch::Arm;
    break;
  // 31-bit s390 and 32-bit powerpc binaries are not read: their kernels'
  // struct pt_regs differ and bpf-xcc does not target them.
  case ELF::EM_S390:
    B.Arch = ELFT::Is64Bits ? OperandArch::S390x : OperandArch::Unknown;
    break;
  case ELF::EM_PPC64:
    B.Arch = OperandArch::Ppc64;
    break;
  case ELF::EM_RISCV:
    B.Arch = ELFT::Is64Bits ? OperandArch::Riscv64 : OperandArch::Unknown;
    break;
  default:
    B.Arch = OperandArch::Unknown;
  }
  // Where `.stapsdt.base` is in this file, against the address each note
  // recorded at link time (prelink may have moved the file).
  std::optional<uint64_t> BaseSection;
  for (const auto &S : *Sections) {
    auto Name = File.getSectionName(S);
    if (!Name) {
      consumeError(Name.takeError());
      continue;
    }
    if (*Name == ".stapsdt.base")
      BaseSection = S.sh_addr;
    if (S.sh_type == ELF::SHT_SYMTAB || S.sh_type == ELF::SHT_DYNSYM) {
      auto Syms = File.symbols(&S);
      auto Strs = File.getStringTableForSymtab(S);
      if (!Syms || !Strs) {
        if (!Syms)
          consumeError(Syms.takeError());
        if (!Strs)
          consumeError(Strs.takeError());
        continue;
      }
      for (const auto &Sym : *Syms) {
        if (Sym.st_shndx == ELF::SHN_UNDEF || Sym.getType() == ELF::STT_SECTION ||
            Sym.getType() == ELF::STT_FILE)
          continue;
        auto N = Sym.getName(*Strs);
        if (!N) {
          consumeError(N.takeError());
          continue;
        }
        if (!N->empty())
          B.Symbols.emplace_back(N->str(), uint64_t(Sym.st_value));
      }
    }
  }
  for (const auto &P : *Phdrs)
    if (P.p_type == ELF::PT_LOAD)
      B.Loads.push_back({uint64_t(P.p_vaddr), uint64_t(P.p_memsz), uint64_t(P.p_offset)});
  auto FileOffsetOf = [&](uint64_t VAddr) -> uint64_t {
    uint64_t Off = 0;
    return B.fileOffsetOf(VAddr, Off) ? Off : 0;
  };
  for (const auto &S : *Sections) {
    if (S.sh_type != ELF::SHT_NOTE)
      continue;
    auto Name = File.getSectionName(S);
    if (!Name) {
      consumeError(Name.takeError());
      continue;
    }
    if (*Name != ".note.stapsdt")
      continue;
    Error Err = Error::success();
    for (const auto &Note : File.notes(S, Err)) {
      if (Note.getName() != "stapsdt" || Note.getType() != 3)
        continue;
      ArrayRef<uint8_t> Desc = Note.getDesc(S.sh_addralign ? S.sh_addralign : 4);
      if (Desc.size() < 3 * sizeof(Addr))
        continue;
      auto Field = [&](int I) -> uint64_t {
        return support::endian::read<Addr, ELFT::Endianness>(Desc.data() + I * sizeof(Addr));
      };
      uint64_t Pc = Field(0), Base = Field(1), Sem = Field(2);
      if (BaseSection && Base) {
        Pc += *BaseSection - Base;
        if (Sem)
          Sem += *BaseSection - Base;
      }
      // provider\0name\0args\0
      const char *Text = reinterpret_cast<const char *>(Desc.data()) + 3 * sizeof(Addr);
      size_t Left = Desc.size() - 3 * sizeof(Addr);
      std::string Parts[3];
      for (std::string &P : Parts) {
        size_t Len = strnlen(Text, Left);
        P.assign(Text, Len);
        if (Len >= Left) {
          Left = 0;
          break;
        }
        Text += Len + 1;
        Left -= Len + 1;
      }
      Probe *Same = nullptr;
      for (Probe &P : B.Probes)
        if (P.Provider == Parts[0] && P.Name == Parts[1])
          Same = &P;
      if (!Same) {
        B.Probes.emplace_back();
        Same = &B.Probes.back();
        Same->Provider = Parts[0];
        Same->Name = Parts[1];
        Same->BinPath = B.Path;
        Same->Semaphore = Sem;
        Same->SemaphoreOffset = Sem ? FileOffsetOf(Sem) : 0;
      }
      Location L;
      L.Address = Pc;
      L.ArgText = Parts[2];
      L.Args = parseArguments(Parts[2], B.Arch);
      Same->Locations.push_back(std::move(L));
    }
    if (Err)
      return Err;
  }
  return Error::success();
}

Expected<Binary> readBinary(StringRef Bytes, StringRef Path) {
  Binary B;
  B.Path = Path.str();
  auto Buf = MemoryBuffer::getMemBuffer(Bytes, Path, false);
  auto Obj = object::ObjectFile::createObjectFile(Buf->getMemBufferRef());
  if (!Obj)
    return err(Path + ": not an ELF file: " + toString(Obj.takeError()));
  Error E = Error::success();
  if (auto *O = dyn_cast<object::ELF64LEObjectFile>(Obj->get()))
    E = readNotes(O->getELFFile(), B);
  else if (auto *O = dyn_cast<object::ELF64BEObjectFile>(Obj->get()))
    E = readNotes(O->getELFFile(), B);
  else if (auto *O = dyn_cast<object::ELF32LEObjectFile>(Obj->get()))
    E = readNotes(O->getELFFile(), B);
  else if (auto *O = dyn_cast<object::ELF32BEObjectFile>(Obj->get()))
    E = readNotes(O->getELFFile(), B);
  else
    return err(Path + ": not an ELF file");
  if (E)
    return err(Path + ": reading the USDT notes: " + toString(std::move(E)));
  return std::move(B);
}

Expected<Binary> readBinaryFile(StringRef Path) {
  auto Buf = MemoryBuffer::getFile(Path, /*IsText=*/false, /*RequiresNullTerminator=*/false);
  if (!Buf)
    return err("cannot read " + Path + ": " + Buf.getError().message());
  return readBinary((*Buf)->getBuffer(), Path);
}

std::vector<const Probe *> findProbes(const Binary &B, StringRef Provider, StringRef Name) {
  std::vector<const Probe *> Out;
  for (const Probe &P : B.Probes)
    if (P.Name == Name && (Provider.empty() || P.Provider == Provider))
      Out.push_back(&P);
  return Out;
}

//===----------------------------------------------------------------------===//
// Readers
//===----------------------------------------------------------------------===//

// BCC's Argument::assign_to_local.
static Error assign(const Binary &B, const Probe &P, size_t N, const Location &L,
                    const AddressResolver &R, const std::string &Dest, std::string &Out) {
  const Argument &A = L.Args[N];
  auto Fail = [&](const Twine &Why) {
    return err("USDT probe " + P.Provider + ":" + P.Name + " of " + B.Path + ", argument " +
               Twine(N + 1) + " '" + A.Text + "' at 0x" + utohexstr(L.Address) + ": " + Why);
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
  for (const auto &[Name, Value] : B.Symbols)
    if (Name == *A.DerefIdent) {
      Sym = Value;
      break;
    }
  if (!Sym)
    return Fail("symbol '" + *A.DerefIdent + "' is not in the binary's symbol tables");
  uint64_t Global = *Sym;
  if (B.SharedObject && !(R.Global && R.Global(*Sym, Global)))
    return Fail("symbol '" + *A.DerefIdent +
                "' is in a position-independent file: its address needs a process (a PID)");
  Out += formatv("{ u64 __addr = {0}ull + {1}; {2} __res = 0x0; "
                 "bpf_probe_read_user(&__res, sizeof(__res), (void *)__addr); "
                 "{3} = __res; }",
                 "0x" + utohexstr(Global, true), *A.DerefOffset, Type, Dest)
             .str();
  return Error::success();
}

Error generateReaders(const Binary &B, const Probe &P, StringRef Fn, const AddressResolver &R,
                     std::string &Out) {
  size_t Count = P.numArgs();
  if (!Count)
    return Error::success();
  for (const Location &L : P.Locations)
    if (L.Args.size() != Count)
      return err("USDT probe " + P.Provider + ":" + P.Name + " of " + B.Path +
                 ": its locations have different numbers of arguments");
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
        if (B.SharedObject && !(R.Global && R.Global(L.Address, Case)))
          return err("USDT probe " + P.Provider + ":" + P.Name + " of " + B.Path +
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
