//===- LineProtocol.cpp - the words of bpfd's line protocol ----------------===//
#include "bpfd/LineProtocol.h"

#include <cstdio>

namespace bpfd {

namespace {

bool isBlank(char C) { return C == ' ' || C == '\t' || C == '\r' || C == '\n'; }

int hexValue(char C) {
  if (C >= '0' && C <= '9')
    return C - '0';
  if (C >= 'a' && C <= 'f')
    return C - 'a' + 10;
  if (C >= 'A' && C <= 'F')
    return C - 'A' + 10;
  return -1;
}

// Reads one token from Line[I] on (I at its first character) into Tok;
// false if it never ends (a quote left open, an escape at the end).
bool readToken(const std::string &Line, size_t &I, std::string &Tok) {
  size_t N = Line.size();
  char Quote = 0;
  while (I < N) {
    char C = Line[I];
    if (Quote && C == Quote) {
      Quote = 0;
      ++I;
    } else if (Quote == '\'') {
      Tok += C;
      ++I;
    } else if (C == '\\') {
      if (I + 1 >= N)
        return false;
      Tok += Line[I + 1];
      I += 2;
    } else if (Quote) {
      Tok += C;
      ++I;
    } else if (isBlank(C) || C == '#') {
      break;
    } else if (C == '\'' || C == '"') {
      Quote = C;
      ++I;
    } else {
      Tok += C;
      ++I;
    }
  }
  return !Quote;
}

} // namespace

CommandLine splitCommandLine(const std::string &Line) {
  CommandLine Out;
  size_t I = 0, N = Line.size();
  while (I < N) {
    while (I < N && isBlank(Line[I]))
      ++I;
    if (I >= N || Line[I] == '#')
      break;
    std::string Tok;
    if (!readToken(Line, I, Tok)) {
      Out.Tokenized = false;
      return Out;
    }
    Out.Tokens.push_back(std::move(Tok));
  }
  size_t First = 0;
  if (!Out.Tokens.empty() && !Out.Tokens[0].empty() && Out.Tokens[0][0] == '@') {
    Out.Tag = Out.Tokens[0].substr(1);
    First = 1;
  }
  if (Out.Tokens.size() > First)
    Out.Command = Out.Tokens[First];
  return Out;
}

std::string quoteToken(const std::string &Arg) {
  bool Plain = !Arg.empty();
  for (char C : Arg)
    if (C == ' ' || C == '\t' || C == '#' || C == '\'' || C == '"' || C == '\\' ||
        C == '\n' || C == '\r')
      Plain = false;
  if (Plain)
    return Arg;
  std::string Q = "\"";
  for (char C : Arg) {
    if (C == '"' || C == '\\')
      Q += '\\';
    Q += C;
  }
  return Q + "\"";
}

std::string statusWord(const std::string &Command) {
  std::string W;
  for (char C : Command) {
    if (C >= 'A' && C <= 'Z')
      C = C - 'A' + 'a';
    if ((C >= 'a' && C <= 'z') || (C >= '0' && C <= '9') || C == '_')
      W += C;
    if (W.size() == 32)
      break;
  }
  return W.empty() ? "invalid" : W;
}

std::string escapeText(const std::string &Text) {
  std::string L;
  for (unsigned char C : Text) {
    if (C == '"' || C == '\\') {
      L += '\\';
      L += static_cast<char>(C);
    } else if (C == '\n') {
      L += "\\n";
    } else if (C == '\t') {
      L += "\\t";
    } else if (C < 0x20 || C == 0x7f) {
      char Buf[8];
      snprintf(Buf, sizeof(Buf), "\\x%02x", C);
      L += Buf;
    } else {
      L += static_cast<char>(C);
    }
  }
  return L;
}

std::string unescapeText(const std::string &Text) {
  std::string Out;
  for (size_t I = 0; I < Text.size(); ++I) {
    char C = Text[I];
    if (C != '\\' || I + 1 == Text.size()) {
      Out += C;
      continue;
    }
    char E = Text[++I];
    if (E == 'n') {
      Out += '\n';
    } else if (E == 't') {
      Out += '\t';
    } else if (E == 'x' && I + 2 < Text.size() && hexValue(Text[I + 1]) >= 0 &&
               hexValue(Text[I + 2]) >= 0) {
      Out += static_cast<char>(hexValue(Text[I + 1]) * 16 + hexValue(Text[I + 2]));
      I += 2;
    } else {
      Out += E;
    }
  }
  return Out;
}

bool readQuotedText(const std::string &Line, size_t &Pos, std::string &Out) {
  if (Pos >= Line.size() || Line[Pos] != '"')
    return false;
  for (size_t I = Pos + 1; I < Line.size(); ++I) {
    if (Line[I] == '\\') {
      ++I; // the escaped character, whatever it is
      continue;
    }
    if (Line[I] == '"') {
      Out += unescapeText(Line.substr(Pos + 1, I - Pos - 1));
      Pos = I + 1;
      return true;
    }
  }
  return false;
}

std::string errorStatusLine(const std::string &Command, int Errno, const std::string &ErrnoName,
                            const std::string &Message, const std::string &Tag) {
  std::string L = statusWord(Command) + ": ret=-" + std::to_string(Errno) + " errno=" + ErrnoName +
                  " msg=\"" + escapeText(Message) + '"';
  if (!Tag.empty())
    L += " tag=" + Tag;
  return L;
}

} // namespace bpfd
