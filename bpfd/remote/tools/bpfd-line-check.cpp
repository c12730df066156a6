//===- bpfd-line-check.cpp - the client library's protocol words, shown ---===//
//
// For test/remote/line-protocol.test: every line of standard input (up to its
// '\n', a '\r' kept) through one of bpfd/LineProtocol.h, bpfd/Blob.h or
// bpfd/Reply.h's readers, what came out written with its bytes outside
// printable ASCII as <HH>.
//
//===----------------------------------------------------------------------===//
#include "bpfd/Blob.h"
#include "bpfd/LineProtocol.h"
#include "bpfd/Reply.h"

#include <cstdio>
#include <cstring>
#include <iostream>
#include <string>

static const char Usage[] =
    "usage: bpfd-line-check split|quote|escape|unescape|blob|status < LINES\n"
    "  split     the tokens bpfd reads from each line, its tag and command word\n"
    "  quote     quoteToken() of each line, and whether it splits back into it\n"
    "  escape    escapeText() of each line, and whether unescapeText() undoes it\n"
    "  unescape  unescapeText() of each line\n"
    "  blob      decodeBlob() of each line, and encodeBlob() of what it gave\n"
    "  status    parseStatusLine() of each line\n";

static std::string shown(const std::string &S) {
  std::string Out;
  for (unsigned char C : S) {
    if (C >= 0x20 && C < 0x7f && C != '<') {
      Out += static_cast<char>(C);
    } else {
      char Buf[8];
      snprintf(Buf, sizeof Buf, "<%02x>", C);
      Out += Buf;
    }
  }
  return Out;
}

static void split(const std::string &Line) {
  bpfd::CommandLine C = bpfd::splitCommandLine(Line);
  if (!C.Tokenized) {
    std::cout << "refused\n";
    return;
  }
  std::cout << "tokens=" << C.Tokens.size();
  for (const std::string &T : C.Tokens)
    std::cout << " [" << shown(T) << "]";
  if (!C.Tag.empty())
    std::cout << " tag=" << shown(C.Tag);
  if (C.hasReply())
    std::cout << " status=" << bpfd::statusWord(C.Command);
  std::cout << "\n";
}

static void quote(const std::string &Line) {
  std::string Q = bpfd::quoteToken(Line);
  bpfd::CommandLine C = bpfd::splitCommandLine(Q);
  bool Back = C.Tokenized && C.Tokens.size() == 1 && C.Tokens[0] == Line;
  std::cout << shown(Q) << (Back ? " back" : " NOT BACK") << "\n";
}

static void escape(const std::string &Line) {
  std::string E = bpfd::escapeText(Line);
  std::cout << shown(E) << (bpfd::unescapeText(E) == Line ? " back" : " NOT BACK") << "\n";
}

static void blob(const std::string &Line) {
  bpfd::Expected<std::string> Bytes = bpfd::decodeBlob(Line);
  if (!Bytes) {
    std::cout << "error " << Bytes.error().errnoValue() << ": " << Bytes.error().message() << "\n";
    return;
  }
  std::cout << Bytes->size() << " bytes [" << shown(*Bytes) << "] "
            << bpfd::encodeBlob(*Bytes) << "\n";
}

static void status(const std::string &Line) {
  bpfd::Reply R;
  if (bpfd::Error E = bpfd::parseStatusLine(Line, R)) {
    std::cout << "error " << E.errnoValue() << ": " << shown(E.message()) << "\n";
    return;
  }
  std::cout << R.Command << " ret=" << R.Ret;
  if (!R.ErrnoName.empty())
    std::cout << " errno=" << R.ErrnoName << " msg=[" << shown(R.Message) << "]";
  if (!R.Tag.empty())
    std::cout << " tag=" << R.Tag;
  std::cout << "\n";
}

int main(int Argc, char **Argv) {
  if (Argc != 2) {
    fputs(Usage, stderr);
    return 2;
  }
  void (*Each)(const std::string &) = nullptr;
  std::string Op = Argv[1];
  if (Op == "split")
    Each = split;
  else if (Op == "quote")
    Each = quote;
  else if (Op == "escape")
    Each = escape;
  else if (Op == "unescape")
    Each = [](const std::string &L) { std::cout << shown(bpfd::unescapeText(L)) << "\n"; };
  else if (Op == "blob")
    Each = blob;
  else if (Op == "status")
    Each = status;
  if (!Each) {
    fprintf(stderr, "bpfd-line-check: unknown operation '%s'\n%s", Op.c_str(), Usage);
    return 2;
  }
  std::string Line;
  while (std::getline(std::cin, Line))
    Each(Line);
  return 0;
}
