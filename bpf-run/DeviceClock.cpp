//===- DeviceClock.cpp - The device's monotonic clock and timestamp units -===//
#include "DeviceClock.h"

#include <cmath>
#include <cstdlib>

namespace bpfrun {

DeviceClock DeviceClock::fromField(const std::string &MonoNs,
                                   std::chrono::steady_clock::time_point HostAt) {
  const char *Digits = MonoNs.c_str();
  char *End = nullptr;
  unsigned long long V = std::strtoull(Digits, &End, 10);
  if (End == Digits || *End)
    return DeviceClock();
  return DeviceClock(V, HostAt);
}

uint64_t DeviceClock::nowNs() const {
  auto Since = std::chrono::steady_clock::now() - HostAt;
  return MonoNs + std::chrono::duration_cast<std::chrono::nanoseconds>(Since).count();
}

std::optional<uint64_t> timestampUnitNs(uint64_t Value, uint64_t DeviceNowNs) {
  if (Value == 0 || DeviceNowNs == 0)
    return std::nullopt;
  std::optional<uint64_t> Best;
  double BestDistance = std::log(8.0);
  for (uint64_t Unit : {1ull, 1000ull, 1000000ull, 1000000000ull}) {
    double Distance = std::fabs(std::log((double)Value * (double)Unit / (double)DeviceNowNs));
    if (Distance < BestDistance) {
      BestDistance = Distance;
      Best = Unit;
    }
  }
  return Best;
}

} // namespace bpfrun
