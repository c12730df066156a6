//===- BccInstall.h - Which BCC release's tools and Python run -------------===//
//
// A BCC release on this host: Debian's own (bpfcc-tools, python3-bpfcc in
// /usr), or one unpacked from another Debian suite by scripts/fetch-bcc.sh
// into $BPFD_CACHE_DIR/bcc/VERSION (usr/sbin/*-bpfcc,
// usr/lib/python3/dist-packages/bcc), or any folder laid out the same way.
// The release is what its Python says (bcc/version.py), and the functions it
// needs of libbcc are those its bcc/libbcc.py binds.
//
//===----------------------------------------------------------------------===//
#ifndef BPFD_BCC_BCCINSTALL_H
#define BPFD_BCC_BCCINSTALL_H

#include <string>
#include <vector>

namespace bpfdbcc {

struct BccInstall {
  std::string Root;       ///< "/" for the host's own, else the unpacked folder
  std::string Version;    ///< bcc/version.py's __version__, e.g. "0.31.0"
  std::string PythonPath; ///< the dist-packages folder holding bcc/ ("" for the host's)
  std::string ToolDir;    ///< where TOOL-bpfcc and TOOL are
};

/// Resolves a --bcc value: "" is the host's own (/usr), a path (holding a
/// '/') an unpacked release, VERSION ("0.31", "0.37.0") or SUITE ("trixie")
/// one fetched into CacheDir/bcc. On failure returns a negative errno and
/// sets Error to one line naming what is missing and how to get it.
int resolveBccInstall(const std::string &Spec, const std::string &CacheDir, BccInstall &Out,
                      std::string &Error);

/// The releases fetched into CacheDir/bcc, one line each ("0.31.0  trixie
/// 0.31.0+ds-7  DIR"), for `--bcc list`.
std::vector<std::string> listFetchedBcc(const std::string &CacheDir);

/// The functions Install's bcc/libbcc.py binds (`lib.NAME`), in file order.
std::vector<std::string> abiFunctionsOf(const BccInstall &Install);

/// Those of Names that the shared library LibPath does not export, found
/// with dlsym() as ctypes would, in a child process (the library is never
/// loaded into the launcher). On failure to check returns false with Error.
bool missingFunctions(const std::string &LibPath, const std::vector<std::string> &Names,
                      std::vector<std::string> &Missing, std::string &Error);

} // namespace bpfdbcc

#endif
