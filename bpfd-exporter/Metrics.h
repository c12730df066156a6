//===- Metrics.h - one scrape of every device -----------------------------===//
#ifndef BPFD_EXPORTER_METRICS_H
#define BPFD_EXPORTER_METRICS_H

#include "Device.h"

#include <memory>
#include <string>
#include <vector>

namespace exporter {

/// Reads every device's maps in parallel (each up to scrape_timeout seconds) and
/// returns the exposition: the exporter's own families (bpfd_device_up,
/// bpfd_device_scrape_duration_seconds, bpfd_map_read_errors_total, ...),
/// then the configured metrics of the devices that are up.
std::string scrapeAll(const std::vector<std::unique_ptr<Device>> &Devices,
                      const ExporterConfig &Config, bool OpenMetrics);

} // namespace exporter

#endif // BPFD_EXPORTER_METRICS_H
