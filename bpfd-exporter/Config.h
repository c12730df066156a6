//===- Config.h - bpfd-exporter's configuration file ----------------------===//
//
// A YAML file (docs/exporter.md): the devices, the programs loaded on each,
// and which of their maps become which metrics, in cloudflare ebpf_exporter's
// shape where the meanings match (metrics: counters/histograms, labels with
// size and decoders, bucket_type/bucket_min/bucket_max/bucket_multiplier).
//
//===----------------------------------------------------------------------===//
#ifndef BPFD_EXPORTER_CONFIG_H
#define BPFD_EXPORTER_CONFIG_H

#include "bpfd/Error.h"

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace exporter {

enum class DecoderKind { Uint, Int, String, Hex, Ksym, MajorMinor, StaticMap };

/// One step of a label's decoding: the first takes the key's bytes, each
/// later one the text the one before gave (only static_map changes it).
struct DecoderConfig {
  DecoderKind Kind = DecoderKind::Uint;
  std::map<std::string, std::string> StaticMap; ///< static_map: text -> text
  bool AllowUnknown = false;                    ///< static_map: keep unmapped values
};

struct LabelConfig {
  std::string Name;
  uint32_t Offset = 0; ///< in the key: the sum of the sizes before, or `offset:`
  uint32_t Size = 0;
  std::vector<DecoderConfig> Decoders;
};

/// A counter or gauge: one series per decoded key, the value an unsigned
/// 8-byte (or 4-byte) number, summed over CPUs for per-CPU maps.
struct ScalarMetricConfig {
  std::string Name, Help, Map;
  bool Gauge = false;
  std::vector<LabelConfig> Labels;
};

/// A histogram: the key's last label is the bucket index.
struct HistogramConfig {
  enum class Buckets { Exp2, Linear, Fixed };
  std::string Name, Help, Map;
  Buckets Type = Buckets::Exp2;
  int64_t BucketMin = 0, BucketMax = 0;
  double Multiplier = 1;
  std::vector<double> BucketKeys; ///< fixed: the buckets' bounds
  std::vector<LabelConfig> Labels; ///< the last one is the bucket
};

struct MetricsConfig {
  std::vector<ScalarMetricConfig> Scalars;
  std::vector<HistogramConfig> Histograms;
};

struct ProgramConfig {
  std::string Name;
  std::string Object;                        ///< a prebuilt object, any arch
  std::map<std::string, std::string> Objects; ///< or one per arch ("arm64": path)
  std::string Source;                ///< or BCC C, compiled by bpf-xcc for each arch
  std::vector<std::string> Attach;   ///< bpf-xcc --attach FN=SECTION
  std::vector<std::string> XccArgs;  ///< more bpf-xcc arguments (-DNAME=1 ...)
  MetricsConfig Metrics;
  /// The prebuilt object for \p Arch ("" if none: see Source).
  std::string objectFor(const std::string &Arch) const;
};

struct DeviceConfig {
  std::string Remote;                ///< qemu:arm64, ssh:HOST, adb:SERIAL, process:CMD
  std::string Name;                  ///< the device label; default Remote
  std::vector<std::string> Workload; ///< qemu: a program run in the guest
  std::string Bpfd;                  ///< the bpfd binary to deploy; default bpfd-ARCH
  std::string Kernel;                ///< qemu: the unpacked Debian kernel to boot
  unsigned Cpus = 0;                 ///< qemu: virtual CPUs (0: the harness's default)
};

struct ExporterConfig {
  std::vector<DeviceConfig> Devices;
  std::vector<ProgramConfig> Programs;
  double SessionTimeout = 120; ///< seconds: boot to greeting, each reply
  double ScrapeTimeout = 5;    ///< seconds a scrape waits for a device's maps
  double RetryInitial = 1, RetryMax = 30; ///< reconnect backoff, doubling
};

/// Reads the configuration at \p Path (relative object paths are taken from
/// its folder). Errors name the file and the offending entry.
bpfd::Expected<ExporterConfig> loadConfig(const std::string &Path);

} // namespace exporter

#endif // BPFD_EXPORTER_CONFIG_H
