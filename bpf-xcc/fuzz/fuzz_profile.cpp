//===- fuzz_profile.cpp - libFuzzer target: bpf-xcc's profile reader ------===//
//
// Profile::load on a profile file (bpfd's GET_TARGET_PROFILE text: records,
// tracepoint formats, kallsyms) and tracepointStruct() on the input taken
// as one tracepoint's format, the two readers of text that comes from a
// device.
//
//===----------------------------------------------------------------------===//
#include "bpf-xcc/Profile.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include <unistd.h>

using namespace llvm;
using namespace bpfxcc;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  StringRef Text(reinterpret_cast<const char *>(Data), Size);
  // Profile::load reads a path: one file per process, rewritten each time.
  static std::string Path = "/tmp/bpf-xcc-fuzz-profile." + std::to_string(getpid());
  {
    std::error_code EC;
    raw_fd_ostream OS(Path, EC);
    if (EC)
      return 0;
    OS << Text;
  }
  Expected<Profile> P = Profile::load(Path);
  if (P) {
    (void)P->tracepointFormat("sched", "sched_switch");
    (void)P->versionCode();
  } else {
    consumeError(P.takeError());
  }
  Expected<std::string> S = tracepointStruct("fuzz", "event", Text);
  if (!S)
    consumeError(S.takeError());
  return 0;
}
