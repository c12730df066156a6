//===- SyscallTable.cpp - The target's system call numbers ----------------===//
#include "SyscallTable.h"
#include "bpf-xcc/Arch.h"
#include "bpf-xcc/Compiler.h"
#include "Frontend.h"
#include "KernelTree.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"

#include <map>
#include <optional>

using namespace llvm;

namespace bpfxcc {
namespace {

/// Evaluates a macro's replacement text: integers, other macros, + and -,
/// parentheses (what unistd.h uses: `(__NR_SYSCALL_BASE + 1)`, `__NR3264_fcntl`).
class Evaluator {
public:
  explicit Evaluator(const StringMap<std::string> &Macros) : Macros(Macros) {}
  std::optional<long long> eval(StringRef Text, unsigned Depth = 0) {
    if (Depth > 16)
      return std::nullopt;
    Toks.clear();
    if (!tokenize(Text))
      return std::nullopt;
    std::vector<std::string> Saved = Toks;
    size_t Pos = 0;
    auto V = expr(Saved, Pos, Depth);
    if (!V || Pos != Saved.size())
      return std::nullopt;
    return V;
  }

private:
  bool tokenize(StringRef T) {
    while (!T.empty()) {
      T = T.ltrim();
      if (T.empty())
        break;
      char C = T.front();
      if (C == '(' || C == ')' || C == '+' || C == '-') {
        Toks.push_back(std::string(1, C));
        T = T.drop_front();
      } else if (isalnum(C) || C == '_') {
        size_t N = 0;
        while (N < T.size() && (isalnum(T[N]) || T[N] == '_'))
          ++N;
        Toks.push_back(T.take_front(N).str());
        T = T.drop_front(N);
      } else {
        return false;
      }
    }
    return true;
  }
  std::optional<long long> expr(const std::vector<std::string> &Ts, size_t &Pos,
                                unsigned Depth) {
    auto V = term(Ts, Pos, Depth);
    while (V && Pos < Ts.size() && (Ts[Pos] == "+" || Ts[Pos] == "-")) {
      bool Plus = Ts[Pos++] == "+";
      auto R = term(Ts, Pos, Depth);
      if (!R)
        return std::nullopt;
      V = Plus ? *V + *R : *V - *R;
    }
    return V;
  }
  std::optional<long long> term(const std::vector<std::string> &Ts, size_t &Pos,
                                unsigned Depth) {
    if (Pos >= Ts.size())
      return std::nullopt;
    const std::string &T = Ts[Pos++];
    if (T == "(") {
      auto V = expr(Ts, Pos, Depth);
      if (!V || Pos >= Ts.size() || Ts[Pos] != ")")
        return std::nullopt;
      ++Pos;
      return V;
    }
    if (T == "-") {
      auto V = term(Ts, Pos, Depth);
      return V ? std::optional<long long>(-*V) : std::nullopt;
    }
    if (isdigit(T[0])) {
      StringRef Num = StringRef(T).rtrim("uUlL");
      unsigned long long V;
      if (Num.getAsInteger(0, V))
        return std::nullopt;
      return (long long)V;
    }
    auto It = Macros.find(T);
    if (It == Macros.end())
      return std::nullopt;
    Evaluator Inner(Macros);
    return Inner.eval(It->second, Depth + 1);
  }

  const StringMap<std::string> &Macros;
  std::vector<std::string> Toks;
};

} // namespace

Expected<std::vector<std::pair<unsigned, std::string>>>
syscallTable(const std::string &ArchName, const std::string &KernelDir) {
  auto Arch = lookupArch(ArchName);
  if (!Arch)
    return Arch.takeError();
  auto Tree = KernelTree::open(KernelDir, *Arch);
  if (!Tree)
    return Tree.takeError();
  FrontendInput In;
  In.FileName = "<syscalls>";
  // The uapi header as user space sees it (x86's lists its table only
  // outside the kernel); the kernel's own asm/unistd.h adds the compat
  // (32-bit) tables.
  In.Source = "#undef __KERNEL__\n#include <uapi/asm/unistd.h>\n";
  In.Triple = Arch->Triple.str();
  In.ResourceDir = defaultResourceDir();
  In.Flags.push_back("-nostdinc");
  for (const std::string &F : Tree->flags())
    In.Flags.push_back(F);
  auto Defs = definedMacros(In);
  if (!Defs)
    return Defs.takeError();
  StringMap<std::string> Macros;
  for (const auto &[Name, Text] : *Defs)
    Macros[Name] = Text;
  std::map<unsigned, std::string> ByNumber;
  for (const auto &[Name, Text] : *Defs) {
    StringRef N = Name;
    // __NR_x is the syscall x; __NR3264_x names the 32/64-bit variant that
    // __NR_x (or __NR_x64) is defined as. Counters are no calls.
    if (!N.consume_front("__NR_") || N == "syscalls" || N == "arch_specific_syscall" ||
        N.ends_with("syscalls") || N.ends_with("_BASE") || N.starts_with("compat_") ||
        N.starts_with("ia32_") || N.starts_with("x32_") || N.empty())
      continue;
    Evaluator E(Macros);
    auto V = E.eval(Text);
    if (!V || *V < 0 || *V > 100000)
      continue;
    auto [It, New] = ByNumber.emplace(unsigned(*V), N.str());
    if (!New && N < StringRef(It->second))
      It->second = N.str();
  }
  return std::vector<std::pair<unsigned, std::string>>(ByNumber.begin(), ByNumber.end());
}

} // namespace bpfxcc
