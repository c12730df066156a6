//===- DeviceReads.cpp - libbcc's reads of the device's files -------------===//
#include "DeviceReads.h"
#include "Device.h"
#include "Module.h"

#include "bpfd/BinaryCache.h"

namespace bpfdbcc {

namespace {

std::string binaryCacheDir() {
  std::string Dir = Device::env("BPFD_BCC_CACHE_DIR");
  if (!Dir.empty())
    return Dir;
  std::string Xdg = Device::env("XDG_CACHE_HOME");
  if (!Xdg.empty())
    return Xdg + "/bpfd-bcc/binaries";
  std::string Home = Device::env("HOME");
  return (Home.empty() ? std::string("/tmp") : Home) + "/.cache/bpfd-bcc/binaries";
}

} // namespace

bpfd::FileCommands deviceFiles() {
  return bpfd::FileCommands([](const std::string &Line) { return Device::get().command(Line); });
}

bool readDeviceFile(const std::string &Path, std::string &Out, std::string &Err, size_t Max) {
  auto Text = deviceFiles().readFile(Path, Max);
  if (!Text) {
    Err = Text.error().message();
    return false;
  }
  Out = std::move(*Text);
  return true;
}

bool executableMappings(int Pid, std::vector<DeviceMapping> &Out) {
  auto Maps = bpfd::executableMappings(deviceFiles(), Pid);
  if (!Maps) {
    Out.clear();
    return false;
  }
  Out = std::move(*Maps);
  return true;
}

bool readMappedFile(int Pid, const DeviceMapping &Mapping, std::string &Bytes, std::string &Err) {
  std::string Path = bpfd::mappedFilePath(Pid, Mapping);
  auto B = bpfd::readDeviceBinary(deviceFiles(), Path, binaryCacheDir());
  if (!B) {
    Err = B.error().message();
    return false;
  }
  if (!Device::env("BPFD_BCC_VERBOSE").empty() && !B->BuildId.empty())
    warn("binary " + Path + " build id " + B->BuildId +
         (B->FromCache ? ": from the cache" : ": read through bpfd, cached"));
  Bytes = std::move(B->Bytes);
  return true;
}

} // namespace bpfdbcc
