//===- XccCompile.h - a program's BCC C source to an object of an arch ----===//
//
// Through bpf-run's compile step (bpf-run/Compile.cpp: bpf-xcc beside this
// binary, against the cached Debian kernel headers of the arch, objects
// cached by program text, arch, arguments and compiler): so each arch's
// object is compiled once, for every device of that arch and every restart.
//
//===----------------------------------------------------------------------===//
#ifndef BPFD_EXPORTER_XCCCOMPILE_H
#define BPFD_EXPORTER_XCCCOMPILE_H

#include "Config.h"

#include "bpfd/Error.h"

#include <string>

namespace exporter {

/// The name this program was run as, for finding bpf-xcc and the cache.
void setArgv0(const std::string &Argv0);

/// The object of P's source for Arch: cached, or compiled now (one compile
/// at a time in this process).
bpfd::Expected<std::string> compileProgram(const ProgramConfig &P, const std::string &Arch);

} // namespace exporter

#endif // BPFD_EXPORTER_XCCCOMPILE_H
