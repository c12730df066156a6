//===- bpfd-cli/OptionErrors.h - LLVM option errors in one line ----------===//
//
// The host tools built on LLVM's cl (bpf-xcc, bpf-run) answer bad options in
// one line, as every tool of this toolkit does: LLVM prints an unknown option
// and its "Did you mean", a missing or an extra argument over several lines.
//
//===----------------------------------------------------------------------===//
#ifndef BPFD_CLI_OPTIONERRORS_H
#define BPFD_CLI_OPTIONERRORS_H

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <string>

namespace bpfdcli {

/// cl::ParseCommandLineOptions with its errors joined into one line
/// "TOOL: error: ..." on stderr; false if the options were refused.
inline bool parseOptionsOneLine(int argc, char **argv, const char *Overview, llvm::StringRef Tool) {
  std::string Text;
  llvm::raw_string_ostream OS(Text);
  if (llvm::cl::ParseCommandLineOptions(argc, argv, Overview, &OS))
    return true;
  OS.flush();
  std::string Prefix = (llvm::sys::path::filename(argv[0]) + ": ").str(), One;
  llvm::SmallVector<llvm::StringRef, 4> Lines;
  llvm::StringRef(Text).split(Lines, '\n', -1, false);
  for (llvm::StringRef L : Lines) {
    L = L.trim();
    L.consume_front(Prefix);
    One += (One.empty() ? "" : " ") + L.str();
  }
  if (!One.empty()) // an option's bad value was printed already, in one line
    llvm::errs() << Tool << ": error: " << One << "\n";
  return false;
}

} // namespace bpfdcli

#endif
