//===- bpfd/LineProtocol.h - the words of bpfd's line protocol --*- C++ -*-===//
//
// docs/protocol.md, Framing: how a command line splits into tokens (as bpfd's
// tokenizer, bpfd/daemon/tokenizer.cc, splits it), how an argument is quoted
// so that it comes back as one token, the command word of a status line, and
// the escaping of msg="..." and of FILE_LIST/FILE_READLINK names (as bpfd's
// reply.cc writes it). The host's one implementation of each: the client
// library, bpf-run, libbcc and the bpfd-bcc launcher (its broker and its fake
// device) use these.
//
//===----------------------------------------------------------------------===//
#ifndef BPFD_LINEPROTOCOL_H
#define BPFD_LINEPROTOCOL_H

#include <cstddef>
#include <string>
#include <vector>

namespace bpfd {

/// A command line split as bpfd splits it: blanks (space, tab, CR, LF)
/// separate, '...' and "..." quote, '\' escapes the next character (inside
/// "..." too, not inside '...'), an unquoted '#' starts a comment.
struct CommandLine {
  /// False when bpfd refuses the line's tokens (an unterminated quote, a
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

/// One command argument as splitCommandLine() reads it back: as it is, or
/// double-quoted with '"' and '\' escaped when it is empty or holds a
/// blank, '#', a quote or a backslash.
std::string quoteToken(const std::string &Arg);

/// The command word of a status line: lowercase, reduced to [a-z0-9_], at
/// most 32 characters, "invalid" if nothing is left.
std::string statusWord(const std::string &Command);

/// Text escaped as bpfd escapes msg="..." and the names of FILE_LIST and
/// FILE_READLINK: a '\' before '"' and '\', \n, \t, \xHH (two lowercase
/// digits) for the other control bytes (CR is \x0d), bytes from 0x80 up as
/// they are.
std::string escapeText(const std::string &Text);

/// The inverse of escapeText(): \n, \t and \xHH are those bytes, any other
/// escaped character stands for itself (\" \\, and \r is 'r': bpfd never
/// writes it); a '\' at the end, or a \x without two hex digits, is kept as
/// it is.
std::string unescapeText(const std::string &Text);

/// Reads a double-quoted escaped value starting at Line[Pos] (its opening
/// quote) into Out, unescaped; leaves Pos after the closing quote. False if
/// Line[Pos] is no quote or the value never ends.
bool readQuotedText(const std::string &Line, size_t &Pos, std::string &Out);

/// A failure status line, "<word>: ret=-<N> errno=<NAME> msg="<text>"[ tag=<T>]".
std::string errorStatusLine(const std::string &Command, int Errno, const std::string &ErrnoName,
                            const std::string &Message, const std::string &Tag);

} // namespace bpfd

#endif // BPFD_LINEPROTOCOL_H
