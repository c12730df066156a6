//===- MapMetrics.cpp - a map's entries to a metric family ----------------===//
#include "MapMetrics.h"

#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <map>

namespace exporter {

// BPF_MAP_TYPE_PERCPU_HASH, _PERCPU_ARRAY, _LRU_PERCPU_HASH.
static bool isPerCpu(uint32_t Type) { return Type == 5 || Type == 6 || Type == 10; }

double entryValue(const MapShape &Shape, const std::string &Value, bool BigEndian) {
  const uint8_t *P = reinterpret_cast<const uint8_t *>(Value.data());
  size_t Width = Shape.ValueSize && Shape.ValueSize < 8 ? Shape.ValueSize : 8;
  if (Value.size() < Width)
    Width = Value.size();
  if (!isPerCpu(Shape.Type) || !Shape.ValueSize)
    return (double)readUnsigned(P, Width, BigEndian);
  size_t Stride = (Shape.ValueSize + 7) & ~size_t(7);
  double Sum = 0;
  for (size_t At = 0; At + Width <= Value.size(); At += Stride)
    Sum += (double)readUnsigned(P + At, Width, BigEndian);
  return Sum;
}

static Labels withDevice(const Labels &DeviceLabels, const std::vector<LabelConfig> &Configs,
                         const std::vector<std::string> &Values, size_t Count) {
  Labels Out = DeviceLabels;
  for (size_t I = 0; I < Count; ++I)
    Out.emplace_back(Configs[I].Name, Values[I]);
  return Out;
}

// Calls Each(label values, entry value) for every entry whose key decodes;
// counts the keys too short for the labels in Undecoded.
template <typename Fn>
static void forEachDecoded(const std::vector<LabelConfig> &Labels, const MapShape &Shape,
                           const std::vector<MapEntry> &Entries, const DecodeContext &Ctx,
                           uint64_t &Undecoded, Fn Each) {
  std::vector<std::string> Values;
  for (const MapEntry &E : Entries) {
    DecodeResult R = decodeLabels(Labels, E.Key, Ctx, Values);
    if (R == DecodeResult::Short)
      ++Undecoded;
    if (R == DecodeResult::Ok)
      Each(Values, entryValue(Shape, E.Value, Ctx.BigEndian));
  }
}

Family scalarFamily(const ScalarMetricConfig &M, const Labels &DeviceLabels,
                    const MapShape &Shape, const std::vector<MapEntry> &Entries,
                    const DecodeContext &Ctx, uint64_t &Undecoded) {
  std::map<std::vector<std::string>, double> Sums;
  forEachDecoded(M.Labels, Shape, Entries, Ctx, Undecoded,
                 [&](std::vector<std::string> &Values, double V) { Sums[Values] += V; });
  Family F{M.Name, M.Help, M.Gauge ? "gauge" : "counter", {}};
  for (const auto &[Key, Sum] : Sums)
    F.Samples.push_back({M.Name, withDevice(DeviceLabels, M.Labels, Key, Key.size()), Sum});
  return F;
}

namespace {
struct Buckets {
  std::map<int64_t, double> Counts; ///< by bucket key
  double Sum = 0;
  bool HasSum = false;
};
} // namespace

// Bucket I's upper bound before the multiplier.
static double upperBound(const HistogramConfig &H, int64_t I) {
  switch (H.Type) {
  case HistogramConfig::Buckets::Exp2:
    return std::ldexp(1.0, (int)I);
  case HistogramConfig::Buckets::Linear:
    return (double)I;
  case HistogramConfig::Buckets::Fixed:
    return H.BucketKeys[(size_t)I];
  }
  return 0;
}

Family histogramFamily(const HistogramConfig &H, const Labels &DeviceLabels,
                       const MapShape &Shape, const std::vector<MapEntry> &Entries,
                       const DecodeContext &Ctx, uint64_t &Undecoded) {
  bool Fixed = H.Type == HistogramConfig::Buckets::Fixed;
  int64_t Min = Fixed ? 0 : H.BucketMin;
  int64_t Max = Fixed ? (int64_t)H.BucketKeys.size() - 1 : H.BucketMax;
  std::map<std::vector<std::string>, Buckets> Groups;
  forEachDecoded(H.Labels, Shape, Entries, Ctx, Undecoded,
                 [&](std::vector<std::string> &Values, double Count) {
    std::string BucketText = Values.back();
    Values.pop_back();
    errno = 0;
    char *End = nullptr;
    double Bucket = std::strtod(BucketText.c_str(), &End);
    if (BucketText.empty() || *End || errno) {
      ++Undecoded;
      return;
    }
    Buckets &B = Groups[Values];
    if (Fixed) {
      // The key is the bucket's bound; keys not listed go to +Inf.
      int64_t Index = Max + 1;
      for (size_t I = 0; I < H.BucketKeys.size(); ++I)
        if (H.BucketKeys[I] == Bucket)
          Index = (int64_t)I;
      B.Counts[Index] += Count;
      return;
    }
    int64_t Index = (int64_t)Bucket;
    if (Index == Max + 1) {
      B.Sum += Count;
      B.HasSum = true;
      return;
    }
    B.Counts[Index < Min ? Min : Index > Max ? Max + 2 : Index] += Count;
  });
  Family F{H.Name, H.Help, "histogram", {}};
  for (const auto &[Key, B] : Groups) {
    Labels Base = withDevice(DeviceLabels, H.Labels, Key, Key.size());
    double Cumulative = 0, Estimate = 0;
    for (int64_t I = Min; I <= Max; ++I) {
      auto It = B.Counts.find(I);
      double Count = It == B.Counts.end() ? 0 : It->second;
      Cumulative += Count;
      // Without a sum slot: each value counted at its bucket's lower bound.
      Estimate += Count * (I == Min ? 0 : upperBound(H, I - 1));
      Labels L = Base;
      L.emplace_back("le", formatValue(upperBound(H, I) * H.Multiplier));
      F.Samples.push_back({H.Name + "_bucket", std::move(L), Cumulative});
    }
    for (const auto &[Index, Count] : B.Counts)
      if (Index > Max)
        Cumulative += Count;
    Labels Inf = Base;
    Inf.emplace_back("le", "+Inf");
    F.Samples.push_back({H.Name + "_bucket", std::move(Inf), Cumulative});
    F.Samples.push_back({H.Name + "_sum", Base, (B.HasSum ? B.Sum : Estimate) * H.Multiplier});
    F.Samples.push_back({H.Name + "_count", Base, Cumulative});
  }
  return F;
}

} // namespace exporter
