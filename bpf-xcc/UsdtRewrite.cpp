//===- UsdtRewrite.cpp - bpf_usdt_readarg calls to argument readers -------===//
#include "UsdtRewrite.h"

#include "clang/Basic/LangOptions.h"
#include "clang/Lex/Lexer.h"

using namespace llvm;

namespace bpfxcc {

namespace {

struct Tok {
  clang::tok::TokenKind Kind;
  size_t Begin, End;
  std::string Ident; ///< raw identifiers only
  bool LineStart;
};

std::vector<Tok> lexAll(StringRef Source) {
  clang::LangOptions LO;
  LO.C11 = true;
  LO.GNUMode = true;
  // Locations are offsets from a base of 1 (an invalid location is 0).
  clang::SourceLocation Base = clang::SourceLocation::getFromRawEncoding(1);
  clang::Lexer L(Base, LO, Source.begin(), Source.begin(), Source.end());
  std::vector<Tok> Out;
  clang::Token T;
  while (true) {
    L.LexFromRawLexer(T);
    if (T.is(clang::tok::eof))
      break;
    size_t Off = T.getLocation().getRawEncoding() - 1;
    Tok K{T.getKind(), Off, Off + T.getLength(), "", T.isAtStartOfLine()};
    if (T.is(clang::tok::raw_identifier))
      K.Ident = T.getRawIdentifier().str();
    Out.push_back(std::move(K));
  }
  return Out;
}

void lineCol(StringRef S, size_t Off, unsigned &Line, unsigned &Col) {
  StringRef Before = S.take_front(Off);
  Line = 1 + Before.count('\n');
  size_t NL = Before.rfind('\n');
  Col = unsigned(NL == StringRef::npos ? Off + 1 : Off - NL);
}

} // namespace

Expected<std::string> rewriteUsdtReadargs(StringRef FileName, StringRef Source,
                                          std::vector<UsdtReadargUse> *Uses) {
  if (!Source.contains("bpf_usdt_readarg"))
    return Source.str();
  std::vector<Tok> Toks = lexAll(Source);
  std::string Out;
  size_t Copied = 0;
  int Braces = 0, Parens = 0;
  std::string Candidate, Fn;
  bool InDirective = false;
  for (size_t I = 0; I < Toks.size(); ++I) {
    const Tok &T = Toks[I];
    if (T.LineStart)
      InDirective = T.Kind == clang::tok::hash;
    if (InDirective)
      continue;
    bool IsCall = T.Kind == clang::tok::raw_identifier &&
                  (T.Ident == "bpf_usdt_readarg" || T.Ident == "bpf_usdt_readarg_p") &&
                  I + 1 < Toks.size() && Toks[I + 1].Kind == clang::tok::l_paren;
    if (IsCall) {
      unsigned Line, Col;
      lineCol(Source, T.Begin, Line, Col);
      auto Fail = [&](const Twine &Why) {
        return createStringError(inconvertibleErrorCode(), "%s:%u:%u: error: %s",
                                 FileName.str().c_str(), Line, Col, Why.str().c_str());
      };
      if (Braces == 0 || Fn.empty())
        return Fail(T.Ident + " outside a function body");
      // The arguments' text, split at the call's own commas.
      std::vector<std::string> Args;
      int Depth = 0;
      size_t ArgBegin = Toks[I + 1].End, J = I + 1;
      for (; J < Toks.size(); ++J) {
        clang::tok::TokenKind K = Toks[J].Kind;
        if (K == clang::tok::l_paren || K == clang::tok::l_square || K == clang::tok::l_brace)
          ++Depth;
        else if (K == clang::tok::r_paren || K == clang::tok::r_square ||
                 K == clang::tok::r_brace)
          --Depth;
        if ((K == clang::tok::comma && Depth == 1) || Depth == 0) {
          Args.push_back(Source.slice(ArgBegin, Toks[J].Begin).trim().str());
          ArgBegin = Toks[J].End;
        }
        if (Depth == 0)
          break;
      }
      if (J >= Toks.size())
        return Fail(T.Ident + ": no closing ')'");
      bool Ptr = T.Ident == "bpf_usdt_readarg_p";
      if (Args.size() != (Ptr ? 4u : 3u))
        return Fail(T.Ident + " takes " + (Ptr ? "4" : "3") + " arguments, not " +
                    Twine(Args.size()));
      std::string Reader = "_bpf_readarg_" + Fn + "_" + Args[0];
      std::string Text;
      if (Ptr)
        Text = "({ u64 __addr = 0x0; " + Reader + "(" + Args[1] +
               ", &__addr, sizeof(__addr));bpf_probe_read_user(" + Args[2] + ", " + Args[3] +
               ", (void *)__addr);})";
      else
        Text = Reader + "(" + Args[1] + ", " + Args[2] + ", sizeof(*(" + Args[2] + ")))";
      if (Uses)
        Uses->push_back({Fn, Args[0], Line, Col});
      Out += Source.slice(Copied, T.Begin).str();
      Out += Text;
      Copied = Toks[J].End;
      I = J;
      continue;
    }
    switch (T.Kind) {
    case clang::tok::raw_identifier:
      if (Braces == 0 && Parens == 0 && I + 1 < Toks.size() &&
          Toks[I + 1].Kind == clang::tok::l_paren && T.Ident != "__attribute__" &&
          T.Ident != "__attribute")
        Candidate = T.Ident;
      break;
    case clang::tok::l_paren:
      ++Parens;
      break;
    case clang::tok::r_paren:
      if (Parens)
        --Parens;
      break;
    case clang::tok::l_brace:
      if (Braces == 0)
        Fn = Candidate;
      ++Braces;
      break;
    case clang::tok::r_brace:
      if (Braces)
        --Braces;
      if (Braces == 0)
        Fn.clear(), Candidate.clear();
      break;
    case clang::tok::semi:
      if (Braces == 0)
        Candidate.clear();
      break;
    default:
      break;
    }
  }
  Out += Source.drop_front(Copied).str();
  return Out;
}

} // namespace bpfxcc
