//===- MapMetrics.h - a map's entries to a metric family ------------------===//
//
// Counters and gauges: a series per decoded key (keys that decode alike are
// summed), the value the entry's unsigned number (4 or 8 bytes), summed over
// the CPUs of a per-CPU map. Histograms: the key's last label is the bucket
// index; the other labels group the buckets into one Prometheus histogram
// each (cumulative _bucket{le=...}, +Inf, _sum, _count). An exp2 or linear
// histogram's key bucket_max+1 holds the sum of the values, as ebpf_exporter's
// increment_exp2_histogram() writes it.
//
//===----------------------------------------------------------------------===//
#ifndef BPFD_EXPORTER_MAPMETRICS_H
#define BPFD_EXPORTER_MAPMETRICS_H

#include "Config.h"
#include "Exposition.h"
#include "KeyDecoder.h"

#include <cstdint>
#include <string>
#include <vector>

namespace exporter {

struct MapEntry {
  std::string Key, Value;
};

/// What LOAD_OBJECT said of the map: its type (per-CPU or not) and value size.
struct MapShape {
  uint32_t Type = 0;
  uint32_t ValueSize = 0;
};

/// The entry's number: its first min(8, value_size) bytes, summed over CPUs
/// for a per-CPU map (its dump holds a value_size slot, 8-aligned, a CPU).
double entryValue(const MapShape &Shape, const std::string &Value, bool BigEndian);

/// The family of a counter or gauge. \p Undecoded counts the entries whose
/// key was too short for the labels.
Family scalarFamily(const ScalarMetricConfig &M, const Labels &DeviceLabels,
                    const MapShape &Shape, const std::vector<MapEntry> &Entries,
                    const DecodeContext &Ctx, uint64_t &Undecoded);

/// The family of a histogram; \p Undecoded as above (a bucket that is not an
/// integer counts too).
Family histogramFamily(const HistogramConfig &H, const Labels &DeviceLabels,
                       const MapShape &Shape, const std::vector<MapEntry> &Entries,
                       const DecodeContext &Ctx, uint64_t &Undecoded);

} // namespace exporter

#endif // BPFD_EXPORTER_MAPMETRICS_H
