//===- XccCompile.cpp - a program's BCC C source to an object of an arch --===//
// Built without RTTI, as LLVM's Support library is.
#include "XccCompile.h"
#include "Log.h"

#include "Compile.h" // bpf-run's

#include <cerrno>
#include <mutex>

namespace exporter {

static std::string ProgramArgv0 = "bpfd-exporter";
static std::mutex CompileMutex;

void setArgv0(const std::string &Argv0) { ProgramArgv0 = Argv0; }

bpfd::Expected<std::string> compileProgram(const ProgramConfig &P, const std::string &Arch) {
  bpfrun::CompileRequest Req;
  Req.Source = P.Source;
  Req.Arch = Arch;
  Req.Attach = P.Attach;
  Req.ExtraArgs = P.XccArgs;
  Req.Argv0 = ProgramArgv0;
  std::lock_guard<std::mutex> Lock(CompileMutex);
  llvm::Expected<std::string> Obj = bpfrun::compileCached(Req, [&](const std::string &Text) {
    if (verbose())
      logLine("program '" + P.Name + "' (" + Arch + "): " + Text);
  });
  if (!Obj)
    return bpfd::Error::failure(EINVAL, "program '" + P.Name + "': " +
                                            llvm::toString(Obj.takeError()));
  return *Obj;
}

} // namespace exporter
