//===- Reply.cpp - parsing of bpfd's status and greeting lines -------------===//

#include "bpfd/Reply.h"
#include "bpfd/LineProtocol.h"

#include <cerrno>
#include <cstdlib>

namespace bpfd {

bool isPayloadLine(const std::string &Line) {
  return Line.size() >= 2 && Line[0] == '+' && Line[1] == ' ';
}

Error Reply::toError() const {
  if (ok())
    return Error::success();
  std::string Text = Command + ": " + (ErrnoName.empty() ? "error" : ErrnoName);
  if (!Message.empty())
    Text += ": " + Message;
  return Error::failure(static_cast<int>(-Ret), Text);
}

static Error malformed(const std::string &Line, const char *Why) {
  return Error::failure(EPROTO, "malformed status line '" + Line + "': " + Why);
}

Error parseStatusLine(const std::string &Line, Reply &R) {
  if (Line.empty() || Line[0] == '+')
    return malformed(Line, "a status line never starts with '+'");
  size_t Colon = Line.find(": ");
  if (Colon == std::string::npos || Colon == 0)
    return malformed(Line, "no '<command>: ' prefix");
  R.StatusLine = Line;
  R.Command = Line.substr(0, Colon);
  bool HaveRet = false;
  size_t Pos = Colon + 2;
  while (Pos < Line.size()) {
    if (Line[Pos] == ' ') {
      ++Pos;
      continue;
    }
    size_t Eq = Line.find('=', Pos);
    if (Eq == std::string::npos)
      return malformed(Line, "a field without '='");
    std::string Key = Line.substr(Pos, Eq - Pos);
    Pos = Eq + 1;
    std::string Value;
    if (Pos < Line.size() && Line[Pos] == '"') {
      if (!readQuotedText(Line, Pos, Value))
        return malformed(Line, "unterminated quoted value");
    } else {
      size_t End = Line.find(' ', Pos);
      if (End == std::string::npos)
        End = Line.size();
      Value = Line.substr(Pos, End - Pos);
      Pos = End;
    }
    if (Key == "ret") {
      char *End;
      errno = 0;
      R.Ret = std::strtoll(Value.c_str(), &End, 0);
      if (Value.empty() || *End || errno)
        return malformed(Line, "ret= is not a number");
      HaveRet = true;
    } else if (Key == "errno") {
      R.ErrnoName = Value;
    } else if (Key == "msg") {
      R.Message = Value;
    } else if (Key == "tag") {
      R.Tag = Value;
    }
    // Unknown fields are ignored: later protocol versions may add some.
  }
  if (!HaveRet)
    return malformed(Line, "no ret= field");
  return Error::success();
}

Expected<std::vector<std::pair<std::string, std::string>>>
parseGreeting(const std::string &Line) {
  static const char Prefix[] = "bpfd: ";
  if (Line.compare(0, sizeof(Prefix) - 1, Prefix) != 0)
    return Error::failure(EPROTO, "expected the greeting 'bpfd: version=...', got '" +
                                      Line.substr(0, 200) + "'");
  std::vector<std::pair<std::string, std::string>> Fields;
  for (const std::string &Word : splitWords(Line.substr(sizeof(Prefix) - 1))) {
    size_t Eq = Word.find('=');
    if (Eq == std::string::npos || Eq == 0)
      return Error::failure(EPROTO, "malformed greeting field '" + Word + "' in '" + Line + "'");
    Fields.emplace_back(Word.substr(0, Eq), Word.substr(Eq + 1));
  }
  if (Fields.empty() || Fields[0].first != "version")
    return Error::failure(EPROTO, "greeting without version= first: '" + Line + "'");
  return Fields;
}

std::vector<std::string> splitWords(const std::string &S) {
  std::vector<std::string> Words;
  size_t Pos = 0;
  while ((Pos = S.find_first_not_of(" \t", Pos)) != std::string::npos) {
    size_t End = S.find_first_of(" \t", Pos);
    Words.push_back(S.substr(Pos, End == std::string::npos ? std::string::npos : End - Pos));
    Pos = End;
  }
  return Words;
}

} // namespace bpfd
