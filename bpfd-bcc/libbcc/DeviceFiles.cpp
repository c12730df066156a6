//===- DeviceFiles.cpp - Reading files of the device through bpfd ---------===//
#include "DeviceFiles.h"
#include "Device.h"
#include "Module.h"

namespace bpfdbcc {

bool readDeviceHandle(const std::string &H, const std::string &Path, std::string &Out,
                      std::string &Err, size_t Max) {
  for (;;) {
    auto R = Device::get().command("FILE_READ " + H + " 262144");
    std::string Chunk;
    if (!R || !R->ok() || R->Payload.empty() || !fromBlob(R->Payload[0], Chunk)) {
      Err = !R ? R.error().message() : !R->ok() ? R->Message : "malformed FILE_READ reply";
      return false;
    }
    if (R->Ret == 0)
      return true;
    if (Out.size() + Chunk.size() > Max) {
      Err = Path + " is larger than " + std::to_string(Max) + " bytes";
      return false;
    }
    Out += Chunk;
  }
}

bool readDeviceFile(const std::string &Path, std::string &Out, std::string &Err,
                    size_t Max) {
  Out.clear();
  auto Open = Device::get().command("FILE_OPEN " + quoteToken(Path));
  if (!Open || !Open->ok()) {
    Err = Open ? Open->Message : Open.error().message();
    return false;
  }
  std::string H = std::to_string(Open->Ret);
  bool Ok = readDeviceHandle(H, Path, Out, Err, Max);
  auto C = Device::get().command("BPF_CLOSE " + H);
  (void)C;
  return Ok;
}

} // namespace bpfdbcc
