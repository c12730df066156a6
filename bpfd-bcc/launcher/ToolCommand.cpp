//===- ToolCommand.cpp - Which BCC tool runs, and with what interpreter ----===//
#include "ToolCommand.h"

#include "bpfd/HostPaths.h"

#include <cerrno>
#include <fstream>
#include <sys/stat.h>

namespace bpfdbcc {

static const char DebianPython[] = "/usr/bin/python3";

// The words of a `#!` line ("#!/bin/bash" -> {"/bin/bash"}), or none.
static std::vector<std::string> shebangOf(const std::string &Path) {
  std::ifstream In(Path, std::ios::binary);
  std::string Line;
  if (!In || !std::getline(In, Line) || Line.compare(0, 2, "#!") != 0)
    return {};
  std::vector<std::string> Words;
  size_t I = 2;
  while (I < Line.size()) {
    while (I < Line.size() && (Line[I] == ' ' || Line[I] == '\t' || Line[I] == '\r'))
      ++I;
    size_t Start = I;
    while (I < Line.size() && Line[I] != ' ' && Line[I] != '\t' && Line[I] != '\r')
      ++I;
    if (I > Start)
      Words.push_back(Line.substr(Start, I - Start));
  }
  return Words;
}

static bool namesPython(const std::vector<std::string> &Shebang) {
  for (const std::string &W : Shebang) {
    size_t Slash = W.rfind('/');
    std::string Base = Slash == std::string::npos ? W : W.substr(Slash + 1);
    if (Base.compare(0, 6, "python") == 0)
      return true;
  }
  return false;
}

int resolveToolCommand(const std::string &Tool, const std::vector<std::string> &Args,
                       ToolCommand &Out, std::string &Error, const std::string &ToolDir) {
  Out = ToolCommand();
  if (Tool.find('/') != std::string::npos) {
    if (!bpfd::isFile(Tool)) {
      Error = "no BCC tool '" + Tool + "': no such file";
      return -ENOENT;
    }
    Out.Path = Tool;
  } else {
    for (const std::string &C : {ToolDir + "/" + Tool + "-bpfcc", ToolDir + "/" + Tool})
      if (bpfd::isFile(C)) {
        Out.Path = C;
        break;
      }
    if (Out.Path.empty()) {
      Error = "no BCC tool '" + Tool + "' (looked for " + ToolDir + "/" + Tool + "-bpfcc and " +
              ToolDir + "/" + Tool +
              (ToolDir == "/usr/sbin" ? "; is bpfcc-tools installed?)" : ")");
      return -ENOENT;
    }
  }
  std::vector<std::string> Shebang = shebangOf(Out.Path);
  if (Shebang.empty() || namesPython(Shebang)) {
    Out.ExecPath = DebianPython;
    Out.Argv = {DebianPython, Out.Path};
  } else {
    // As execve() would run it: the interpreter, its one optional argument,
    // the script. Spelled out, so that the tool need not be executable.
    Out.ExecPath = Shebang[0];
    Out.Argv = {Shebang[0]};
    if (Shebang.size() > 1) {
      std::string Arg = Shebang[1];
      for (size_t I = 2; I < Shebang.size(); ++I)
        Arg += " " + Shebang[I];
      Out.Argv.push_back(Arg);
    }
    Out.Argv.push_back(Out.Path);
    if (!bpfd::isFile(Out.ExecPath)) {
      Error = "BCC tool '" + Out.Path + "' names the interpreter " + Out.ExecPath +
              ", which is not installed";
      return -ENOENT;
    }
  }
  Out.Argv.insert(Out.Argv.end(), Args.begin(), Args.end());
  return 0;
}

} // namespace bpfdbcc
