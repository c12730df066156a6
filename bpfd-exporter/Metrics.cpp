//===- Metrics.cpp - one scrape of every device ---------------------------===//
#include "Metrics.h"

#include <algorithm>

namespace exporter {

// Every map a metric reads, once each, in the configuration's order.
static std::vector<std::string> metricMaps(const ExporterConfig &Config) {
  std::vector<std::string> Maps;
  auto Add = [&](const std::string &Map) {
    if (std::find(Maps.begin(), Maps.end(), Map) == Maps.end())
      Maps.push_back(Map);
  };
  for (const ProgramConfig &P : Config.Programs) {
    for (const ScalarMetricConfig &S : P.Metrics.Scalars)
      Add(S.Map);
    for (const HistogramConfig &H : P.Metrics.Histograms)
      Add(H.Map);
  }
  return Maps;
}

std::string scrapeAll(const std::vector<std::unique_ptr<Device>> &Devices,
                      const ExporterConfig &Config, bool OpenMetrics) {
  double Timeout = Config.ScrapeTimeout;
  auto Deadline = std::chrono::steady_clock::now() + std::chrono::duration_cast<
                      std::chrono::steady_clock::duration>(std::chrono::duration<double>(Timeout));
  std::vector<uint64_t> Tickets;
  for (const auto &D : Devices)
    Tickets.push_back(D->beginReading());
  std::vector<DeviceReading> Readings;
  for (size_t I = 0; I < Devices.size(); ++I)
    Readings.push_back(Devices[I]->awaitReading(Tickets[I], Deadline));

  Family Up{"bpfd_device_up", "1 while the device's bpfd session is up with its programs loaded",
            "gauge", {}};
  Family Duration{"bpfd_device_scrape_duration_seconds",
                  "Seconds this scrape took to read the device's maps", "gauge", {}};
  Family Sessions{"bpfd_device_sessions_total",
                  "Sessions to the device that came up with their programs loaded", "counter", {}};
  Family Failures{"bpfd_device_failures_total",
                  "Sessions to the device that failed or did not come up", "counter", {}};
  Family Timeouts{"bpfd_device_scrape_timeouts_total",
                  "Scrapes that did not get the device's maps in time", "counter", {}};
  Family ReadErrors{"bpfd_map_read_errors_total", "Map reads that failed, by map", "counter", {}};
  Family DecodeErrors{"bpfd_map_decode_errors_total",
                      "Map entries whose key was too short for the metric's labels", "counter", {}};
  std::vector<Family> Programs;
  for (size_t I = 0; I < Devices.size(); ++I) {
    const DeviceReading &R = Readings[I];
    DeviceStats S = Devices[I]->stats();
    Labels L{{"device", Devices[I]->config().Name}};
    bool IsUp = R.Up || (Tickets[I] && S.Up);
    Up.Samples.push_back({Up.Name, L, IsUp ? 1.0 : 0.0});
    if (R.Up && !R.TimedOut)
      Duration.Samples.push_back({Duration.Name, L, R.Seconds});
    Sessions.Samples.push_back({Sessions.Name, L, (double)S.Sessions});
    Failures.Samples.push_back({Failures.Name, L, (double)S.Failures});
    Timeouts.Samples.push_back({Timeouts.Name, L, (double)S.ScrapeTimeouts});
    DecodeErrors.Samples.push_back({DecodeErrors.Name, L, (double)S.DecodeErrors});
    for (const std::string &Map : metricMaps(Config)) {
      Labels ML = L;
      ML.emplace_back("map", Map);
      auto It = S.MapReadErrors.find(Map);
      ReadErrors.Samples.push_back(
          {ReadErrors.Name, ML, It == S.MapReadErrors.end() ? 0.0 : (double)It->second});
    }
    if (R.Up)
      for (const Family &F : R.Families)
        mergeFamily(Programs, F);
  }
  std::vector<Family> All{Up, Duration, Sessions, Failures, Timeouts, ReadErrors, DecodeErrors};
  for (Family &F : Programs)
    All.push_back(std::move(F));
  All.erase(std::remove_if(All.begin(), All.end(), [](const Family &F) {
              return F.Samples.empty();
            }),
            All.end());
  return writeExposition(All, OpenMetrics);
}

} // namespace exporter
