//===- bpfd/Reply.h - one framed reply of the bpfd protocol -----*- C++ -*-===//
//
// docs/protocol.md: a reply is zero or more payload lines starting with "+ ",
// then exactly one status line
//   <command>: ret=<N>[ errno=<ENAME> msg="<escaped text>"][ tag=<TAG>]
//
//===----------------------------------------------------------------------===//
#ifndef BPFD_REPLY_H
#define BPFD_REPLY_H

#include "bpfd/Error.h"

#include <functional>
#include <string>
#include <vector>

namespace bpfd {

struct Reply {
  /// Payload lines, without their "+ ".
  std::vector<std::string> Payload;
  /// The status line as received.
  std::string StatusLine;
  /// The command word of the status line (lowercase), e.g. "bpf_create_map".
  std::string Command;
  /// ret=: >= 0 on success, -errno on failure.
  long long Ret = 0;
  /// On failure: the errno name (e.g. "EINVAL") and the unescaped message.
  std::string ErrnoName;
  std::string Message;
  /// The client tag echoed back, if the command carried one.
  std::string Tag;

  bool ok() const { return Ret >= 0; }
  /// The failure as an Error naming the command ("bpf_prog_load: EACCES: ...").
  Error toError() const;
};

/// Sends one command line to bpfd and returns its reply (Session::command,
/// or a caller's wrapper of it).
using CommandFn = std::function<Expected<Reply>(const std::string &Line)>;

/// True if Line is a payload line ("+ ...").
bool isPayloadLine(const std::string &Line);

/// Parses a status line into R's status fields (Command, Ret, ErrnoName,
/// Message, Tag, StatusLine). Fails with EPROTO on a malformed line.
Error parseStatusLine(const std::string &Line, Reply &R);

/// Blank-separated words (space or tab, any number): the fields of the
/// greeting and of FILE_STAT's reply, and a --workload option's words
/// ("/bin/workload -i 100 open:/etc/modules" as SessionOptions::Workload).
std::vector<std::string> splitWords(const std::string &S);

/// Parses the greeting line "bpfd: version=1 arch=... release=..." into its
/// key=value fields (in order). Fails with EPROTO if Line is not a greeting.
Expected<std::vector<std::pair<std::string, std::string>>>
parseGreeting(const std::string &Line);

} // namespace bpfd

#endif // BPFD_REPLY_H
