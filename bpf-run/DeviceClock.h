//===- DeviceClock.h - The device's monotonic clock and timestamp units ---===//
//
// bpfd's greeting carries the device's CLOCK_MONOTONIC (`mono_ns=`), the clock
// of bpf_ktime_get_ns(). Tools store it scaled (opensnoop: `ts / 1000`, in
// microseconds), so the unit of a timestamp field is found by comparing its
// first value with the device's clock at that moment.
//
//===----------------------------------------------------------------------===//
#ifndef BPF_RUN_DEVICECLOCK_H
#define BPF_RUN_DEVICECLOCK_H

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>

namespace bpfrun {

class DeviceClock {
public:
  DeviceClock() = default;
  // From the greeting's mono_ns field; HostAt is when the greeting arrived.
  DeviceClock(uint64_t MonoNs, std::chrono::steady_clock::time_point HostAt)
      : MonoNs(MonoNs), HostAt(HostAt) {}
  // From the greeting's mono_ns field as text (Session::greetingField); an
  // unknown clock if it is empty or not a number.
  static DeviceClock fromField(const std::string &MonoNs,
                               std::chrono::steady_clock::time_point HostAt);

  bool known() const { return MonoNs != 0; }
  // The device's CLOCK_MONOTONIC now, estimated by the host's clock.
  uint64_t nowNs() const;

private:
  uint64_t MonoNs = 0;
  std::chrono::steady_clock::time_point HostAt;
};

// Nanoseconds per unit of a timestamp whose value is Value when the device's
// clock reads DeviceNowNs: 1 (ns), 1000 (us), 1000000 (ms) or 1000000000 (s),
// the one that brings Value closest to the clock; nullopt when none comes
// within a factor of 8 (the field is no bpf_ktime_get_ns() time).
std::optional<uint64_t> timestampUnitNs(uint64_t Value, uint64_t DeviceNowNs);

} // namespace bpfrun

#endif
