//===- UsdtBinaries.cpp - bpf-run --usdt: the device's binaries -----------===//
#include "UsdtBinaries.h"

#include "bpfd/BinaryCache.h"
#include "bpfd/ProcessMaps.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <cerrno>
#include <chrono>
#include <map>
#include <thread>

using namespace llvm;

namespace bpfrun {

namespace {

Error fail(const Twine &Msg) { return createStringError(inconvertibleErrorCode(), Msg); }

/// A process mapping Path, asking again every 200 ms for up to WaitSeconds.
bpfd::Expected<bpfd::MappingProcess> waitForMapping(const bpfd::FileCommands &Files,
                                                    const std::string &Path, double WaitSeconds) {
  auto Deadline = std::chrono::steady_clock::now() +
                  std::chrono::milliseconds(int64_t(WaitSeconds * 1000));
  for (;;) {
    auto Found = bpfd::findMappingProcess(Files, Path);
    if (Found || Found.error().errnoValue() != ENOENT ||
        std::chrono::steady_clock::now() >= Deadline)
      return Found;
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
  }
}

/// Bytes written to Dir/Name; its path.
Expected<std::string> writeScratch(const std::string &Dir, const std::string &Name,
                                   const std::string &Bytes) {
  if (std::error_code EC = sys::fs::create_directories(Dir))
    return fail("cannot create " + Dir + ": " + EC.message());
  SmallString<256> Path(Dir);
  sys::path::append(Path, Name);
  std::error_code EC;
  raw_fd_ostream OS(Path, EC);
  if (EC)
    return fail("cannot write " + Path + ": " + EC.message());
  OS << Bytes;
  OS.close();
  if (OS.has_error()) {
    OS.clear_error();
    return fail("cannot write " + Path);
  }
  return std::string(Path);
}

} // namespace

Expected<std::vector<std::string>>
usdtCompilerArgs(bpfd::Session &S, ArrayRef<std::string> Specs, const std::string &CacheDir,
                 const std::string &ScratchDir, double WaitSeconds,
                 const std::function<void(const std::string &)> &Say) {
  bpfd::FileCommands Files([&S](const std::string &Line) { return S.command(Line); });
  std::map<std::string, std::string> Copies; // device path -> host copy
  std::vector<std::string> Args;
  for (const std::string &Spec : Specs) {
    // PATH[:PROVIDER:PROBE][=FN], as bpf-xcc's --usdt with a device path.
    StringRef Rest = Spec;
    size_t End = Rest.find_first_of(":=");
    std::string Path = Rest.substr(0, End).str();
    StringRef Tail = End == StringRef::npos ? StringRef() : Rest.substr(End);
    if (Path.empty() || Path[0] != '/')
      return fail("--usdt '" + Spec + "': expected /PATH/ON/DEVICE[:PROVIDER:PROBE][=FN]");
    auto It = Copies.find(Path);
    if (It == Copies.end()) {
      auto Found = waitForMapping(Files, Path, WaitSeconds);
      if (!Found)
        return fail("--usdt '" + Spec + "': " + Found.error().message() + "; start it first");
      std::string Mapped = bpfd::mappedFilePath(Found->Pid, Found->Mapping);
      auto B = bpfd::readDeviceBinary(Files, Mapped, CacheDir);
      if (!B)
        return fail("--usdt '" + Spec + "': reading " + Path + " through process " +
                    Twine(Found->Pid) + ": " + B.error().message());
      std::string Copy = B->CachedPath;
      if (Copy.empty()) { // no build id, or the cache cannot be written
        auto Scratch = writeScratch(ScratchDir, "usdt-" + std::to_string(Copies.size()),
                                    B->Bytes);
        if (!Scratch)
          return Scratch.takeError();
        Copy = *Scratch;
      }
      Say(Path + ": " + std::to_string(B->Bytes.size()) + " bytes " +
          (B->FromCache ? "from the binary cache" : "read through process " +
                                                        std::to_string(Found->Pid)) +
          (B->BuildId.empty() ? "" : " (build id " + B->BuildId + ")"));
      It = Copies.emplace(Path, Copy).first;
      Args.push_back("--usdt-device-path=" + Copy + "=" + Path);
    }
    Args.push_back("--usdt=" + It->second + Tail.str());
  }
  return Args;
}

} // namespace bpfrun
