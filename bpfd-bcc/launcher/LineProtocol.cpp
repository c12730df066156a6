//===- LineProtocol.cpp - bits of bpfd's line protocol ---------------------===//

#include "LineProtocol.h"

#include <cstdio>

namespace bpfdbcc {

static bool isBlank(char C) { return C == ' ' || C == '\t' || C == '\r' || C == '\n'; }

CommandLine splitCommandLine(const std::string &Line) {
  CommandLine Out;
  size_t I = 0, N = Line.size();
  while (I < N) {
    while (I < N && isBlank(Line[I]))
      ++I;
    if (I >= N || Line[I] == '#')
      break;
    std::string Tok;
    char Quote = 0;
    while (I < N) {
      char C = Line[I];
      if (Quote) {
        if (C == Quote) {
          Quote = 0;
          ++I;
        } else if (C == '\\' && Quote == '"') {
          if (I + 1 >= N) {
            Out.Tokenized = false;
            return Out;
          }
          Tok += Line[I + 1];
          I += 2;
        } else {
          Tok += C;
          ++I;
        }
        continue;
      }
      if (isBlank(C) || C == '#')
        break;
      if (C == '\'' || C == '"') {
        Quote = C;
        ++I;
      } else if (C == '\\') {
        if (I + 1 >= N) {
          Out.Tokenized = false;
          return Out;
        }
        Tok += Line[I + 1];
        I += 2;
      } else {
        Tok += C;
        ++I;
      }
    }
    if (Quote) {
      Out.Tokenized = false;
      return Out;
    }
    Out.Tokens.push_back(Tok);
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
      L += C;
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

static int hexValue(char C) {
  if (C >= '0' && C <= '9')
    return C - '0';
  if (C >= 'a' && C <= 'f')
    return C - 'a' + 10;
  if (C >= 'A' && C <= 'F')
    return C - 'A' + 10;
  return -1;
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

std::string errorStatusLine(const std::string &Command, int Errno, const std::string &ErrnoName,
                            const std::string &Message, const std::string &Tag) {
  std::string L = statusWord(Command) + ": ret=-" + std::to_string(Errno) + " errno=" + ErrnoName +
                  " msg=\"" + escapeText(Message) + '"';
  if (!Tag.empty())
    L += " tag=" + Tag;
  return L;
}

} // namespace bpfdbcc
