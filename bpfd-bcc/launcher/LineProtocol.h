//===- LineProtocol.h - bits of bpfd's line protocol the launcher needs ---===//
//
// docs/protocol.md: tokenizing a command line the way bpfd does (to know
// whether it gets a reply at all and which command it is), quoting an
// argument, writing a status line of our own.
//
//===----------------------------------------------------------------------===//
#ifndef BPFD_BCC_LINEPROTOCOL_H
#define BPFD_BCC_LINEPROTOCOL_H

#include <string>
#include <vector>

namespace bpfdbcc {

/// A command line split as bpfd splits it (blanks separate, '...' and "..."
/// quote, '\' escapes, an unquoted '#' starts a comment).
struct CommandLine {
  /// False when bpfd would refuse the line's tokens (unterminated quote,
  /// trailing escape): it still gets bpfd's error reply.
  bool Tokenized = true;
  std::vector<std::string> Tokens;
  /// The client tag without its '@' ("" if none) and the command word.
  std::string Tag;
  std::string Command;

  /// bpfd answers nothing to an empty or comment-only line.
  bool hasReply() const { return !Tokenized || !Tokens.empty(); }
};

CommandLine splitCommandLine(const std::string &Line);

/// The command word of a status line: lowercase, reduced to [a-z0-9_], at
/// most 32 characters, "invalid" if nothing is left.
std::string statusWord(const std::string &Command);

/// A failure status line, "<word>: ret=-<N> errno=<NAME> msg="<text>"[ tag=<T>]".
std::string errorStatusLine(const std::string &Command, int Errno, const std::string &ErrnoName,
                            const std::string &Message, const std::string &Tag);

/// Text escaped as in msg="..." (a backslash before '"' and '\', \n, \t,
/// \xHH for other control bytes), and back. File names and link targets in
/// FILE_LIST and FILE_READLINK replies are escaped this way.
std::string escapeText(const std::string &Text);
std::string unescapeText(const std::string &Text);


} // namespace bpfdbcc

#endif // BPFD_BCC_LINEPROTOCOL_H
