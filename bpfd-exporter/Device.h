//===- Device.h - one device's bpfd session, kept up by its own thread ----===//
//
// A Device opens its remote's session, loads the configured programs (each
// attached as LOAD_OBJECT attaches), and then reads the metrics' maps when a
// scrape asks. A session that fails (the link gone, the guest killed, a
// program refused) is closed and opened again after a backoff that doubles
// from retry_initial to retry_max seconds; the device is down meanwhile.
// stop() ends the session's input: bpfd's end of session unloads everything.
//
//===----------------------------------------------------------------------===//
#ifndef BPFD_EXPORTER_DEVICE_H
#define BPFD_EXPORTER_DEVICE_H

#include "Config.h"
#include "Exposition.h"
#include "MapMetrics.h"

#include "bpfd/KernelSymbols.h"
#include "bpfd/Session.h"

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <thread>
#include <vector>

namespace exporter {

/// What a scrape got from one device.
struct DeviceReading {
  bool Up = false;
  bool TimedOut = false; ///< up, but its maps were not read in time
  double Seconds = 0;    ///< how long reading its maps took
  std::vector<Family> Families;
};

/// The device's own counts, for the exporter's metrics.
struct DeviceStats {
  bool Up = false;
  uint64_t Sessions = 0;     ///< sessions that came up (programs loaded)
  uint64_t Failures = 0;     ///< sessions that failed or never came up
  uint64_t DecodeErrors = 0; ///< map entries whose key was too short for the labels
  uint64_t ScrapeTimeouts = 0;
  std::map<std::string, uint64_t> MapReadErrors; ///< by map name
};

class Device {
public:
  Device(DeviceConfig Config, const ExporterConfig &Exporter);
  ~Device();
  Device(const Device &) = delete;
  Device &operator=(const Device &) = delete;

  const DeviceConfig &config() const { return Config; }

  void start();
  /// Asks the thread to close its session and end.
  void requestStop();
  /// True while it is opening a session (nothing loaded yet).
  bool opening() const;
  bool finished() const;
  void join();

  /// Asks the thread for a reading; returns a ticket for awaitReading (0:
  /// the device is down).
  uint64_t beginReading();
  DeviceReading awaitReading(uint64_t Ticket, std::chrono::steady_clock::time_point Deadline);

  DeviceStats stats() const;

private:
  struct LoadedMetric {
    const ScalarMetricConfig *Scalar = nullptr;
    const HistogramConfig *Histogram = nullptr;
    std::string Map;
    int Handle = -1;
    MapShape Shape;
  };
  enum class State { Idle, Opening, Loading, Up, Backoff, Finished };

  void run();
  bpfd::Error connect();
  bpfd::Error loadPrograms();
  bpfd::Error serve();
  bpfd::Error read(DeviceReading &Out);
  void setState(State S);
  void log(const std::string &Text) const;

  DeviceConfig Config;
  const ExporterConfig &Exporter;
  Labels DeviceLabels;
  std::thread Thread;

  // The thread's own.
  std::unique_ptr<bpfd::Session> Session;
  std::vector<LoadedMetric> Metrics;
  std::optional<bpfd::KernelSymbols> Symbols;
  bool BigEndian = false;
  std::set<std::string> Warned; ///< maps whose failed read was logged this session

  // Shared with scrapes, under M.
  mutable std::mutex M;
  std::condition_variable CV;
  State St = State::Idle;
  bool Stop = false;
  uint64_t RequestTicket = 0, DoneTicket = 0;
  DeviceReading Last;
  DeviceStats Stats;
};

} // namespace exporter

#endif // BPFD_EXPORTER_DEVICE_H
