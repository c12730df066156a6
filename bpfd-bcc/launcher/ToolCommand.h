//===- ToolCommand.h - Which BCC tool runs, and with what interpreter ------===//
//
// A tool named TOOL is /usr/sbin/TOOL-bpfcc (Debian's name), else
// /usr/sbin/TOOL (or the same in another release's tools folder), else a path when it holds a '/'. How it runs follows its
// first line, as it would on the device: a Python tool (a `#!` naming python,
// or no `#!` at all) runs with Debian's /usr/bin/python3, never the python3
// of PATH (which may lack BCC's package); any other script (Debian's bash
// wrappers such as pythoncalls-bpfcc, which run `$(dirname $0)/ucalls -l
// python`) runs with the interpreter its `#!` names.
//
//===----------------------------------------------------------------------===//
#ifndef BPFD_BCC_TOOLCOMMAND_H
#define BPFD_BCC_TOOLCOMMAND_H

#include <string>
#include <vector>

namespace bpfdbcc {

struct ToolCommand {
  std::string Path;              // the tool's file
  std::string ExecPath;          // what execve() runs
  std::vector<std::string> Argv; // its argv, the tool's arguments included
};

// Finds Tool (in ToolDir, a BCC release's tools folder: TOOL-bpfcc, else
// TOOL) and builds its command line with Args. On failure returns a
// negative errno and sets Error to one line naming the tool.
int resolveToolCommand(const std::string &Tool, const std::vector<std::string> &Args,
                       ToolCommand &Out, std::string &Error,
                       const std::string &ToolDir = "/usr/sbin");

} // namespace bpfdbcc

#endif
