//===- Operands.h - USDT operand grammars, per architecture -----*- C++ -*-===//
//
// What the operand parsers share (Operands.cpp): a cursor over one operand,
// the size prefix, register numbers and words; and each architecture's
// grammar (Operands<Arch>.cpp), which fills an Argument from one operand and
// returns an empty string, or why the operand is not supported (the cursor
// at the column to name).
//
//===----------------------------------------------------------------------===//
#ifndef BPF_XCC_USDT_OPERANDS_H
#define BPF_XCC_USDT_OPERANDS_H

#include "bpf-xcc/Usdt.h"

#include "llvm/ADT/StringRef.h"

#include <cctype>
#include <cerrno>
#include <cstdlib>
#include <limits>
#include <optional>
#include <string>

namespace bpfxcc {
namespace usdt {

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

/// 1, 2, 4 or 8 bytes, either sign.
bool validSize(int Size);

/// "size N is not 1, 2, 4 or 8".
std::string badSize(int Size);

/// [-]SIZE@, which every operand begins with (x86_64's may leave it out):
/// in decimal (arm, s390x, powerpc64, riscv64), or strtoll's base 0 (arm64).
std::string parseSizePrefix(Cursor &C, Argument &A, bool DecimalOnly = true);

/// A register number written in decimal, at most \p Max; false (the cursor
/// where it was) when there is none or it is larger.
bool registerNumber(Cursor &C, int Max, int &N);

/// The register name at the cursor (letters and digits), the cursor after it.
llvm::StringRef registerWord(Cursor &C);

/// N of a register named PREFIX and N (0..Max, decimal, no leading zero), or -1.
int numberedRegister(llvm::StringRef Name, char Prefix, unsigned Max);

/// The number an operand may start with (s390x's and riscv64's): a constant
/// when no '(' follows (A.Constant), else the displacement of the address in
/// parentheses (Disp, 32 bits; What names it in the error). Decimal only, as
/// BCC's s390x parser reads numbers, or strtoll's base 0. Nothing is read
/// before a '('; Expected is the error when there is no number.
std::string leadingNumber(Cursor &C, Argument &A, bool DecimalOnly, std::optional<int> &Disp,
                          const char *What, const char *Expected);

// The grammars.
std::string parseX86_64(Cursor &C, Argument &A);
std::string parseArm64(Cursor &C, Argument &A);
std::string parseArm(Cursor &C, Argument &A);
std::string parseS390x(Cursor &C, Argument &A);
std::string parsePpc64(Cursor &C, Argument &A);
std::string parseRiscv64(Cursor &C, Argument &A);

} // namespace usdt
} // namespace bpfxcc

#endif
