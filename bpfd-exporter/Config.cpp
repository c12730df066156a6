//===- Config.cpp - bpfd-exporter's configuration file --------------------===//
#include "Config.h"

#include "bpfd/Reply.h"

#include <yaml-cpp/yaml.h>

#include <cerrno>
#include <set>

namespace exporter {

namespace {

// A configuration error: the file, where in it, what is wrong.
struct Problem {
  std::string Where, What;
};

class Reader {
public:
  explicit Reader(std::string Path) : Path(std::move(Path)) {
    size_t Slash = this->Path.rfind('/');
    Dir = Slash == std::string::npos ? "." : this->Path.substr(0, Slash);
  }
  bpfd::Expected<ExporterConfig> read();

private:
  [[noreturn]] void fail(const YAML::Node &N, const std::string &Where, const std::string &What) {
    std::string At = Where;
    if (N.IsDefined() && N.Mark().line >= 0)
      At += " (line " + std::to_string(N.Mark().line + 1) + ")";
    throw Problem{At, What};
  }
  std::string text(const YAML::Node &N, const std::string &Where, bool Required = true);
  double number(const YAML::Node &N, const std::string &Where, double Default);
  std::vector<std::string> list(const YAML::Node &N, const std::string &Where);
  std::string path(const std::string &P) const {
    return P.empty() || P[0] == '/' ? P : Dir + "/" + P;
  }
  void checkKeys(const YAML::Node &N, const std::string &Where, const std::set<std::string> &Known);
  DecoderConfig decoder(const YAML::Node &N, const std::string &Where);
  std::vector<LabelConfig> labels(const YAML::Node &N, const std::string &Where);
  void metrics(const YAML::Node &N, const std::string &Where, MetricsConfig &Out);
  ProgramConfig program(const YAML::Node &N, const std::string &Where);
  DeviceConfig device(const YAML::Node &N, const std::string &Where);

  std::string Path, Dir;
  std::set<std::string> MetricNames;
};

std::string Reader::text(const YAML::Node &N, const std::string &Where, bool Required) {
  if (!N.IsDefined() || N.IsNull()) {
    if (Required)
      fail(N, Where, "is missing");
    return "";
  }
  if (!N.IsScalar())
    fail(N, Where, "is not a single value");
  return N.as<std::string>();
}

double Reader::number(const YAML::Node &N, const std::string &Where, double Default) {
  if (!N.IsDefined() || N.IsNull())
    return Default;
  try {
    return N.as<double>();
  } catch (const YAML::Exception &) {
    fail(N, Where, "is not a number");
  }
}

std::vector<std::string> Reader::list(const YAML::Node &N, const std::string &Where) {
  std::vector<std::string> Out;
  if (!N.IsDefined() || N.IsNull())
    return Out;
  if (!N.IsSequence())
    fail(N, Where, "is not a list");
  for (size_t I = 0; I < N.size(); ++I)
    Out.push_back(text(N[I], Where + "[" + std::to_string(I) + "]"));
  return Out;
}

void Reader::checkKeys(const YAML::Node &N, const std::string &Where,
                       const std::set<std::string> &Known) {
  if (!N.IsMap())
    fail(N, Where, "is not a mapping");
  for (const auto &KV : N) {
    std::string Key = KV.first.as<std::string>();
    if (!Known.count(Key))
      fail(KV.first, Where, "has an unknown key '" + Key + "'");
  }
}

DecoderConfig Reader::decoder(const YAML::Node &N, const std::string &Where) {
  checkKeys(N, Where, {"name", "static_map", "allow_unknown"});
  std::string Name = text(N["name"], Where + ".name");
  static const std::map<std::string, DecoderKind> Kinds = {
      {"uint", DecoderKind::Uint},     {"int", DecoderKind::Int},
      {"string", DecoderKind::String}, {"hex", DecoderKind::Hex},
      {"ksym", DecoderKind::Ksym},     {"majorminor", DecoderKind::MajorMinor},
      {"static_map", DecoderKind::StaticMap}};
  auto It = Kinds.find(Name);
  if (It == Kinds.end())
    fail(N["name"], Where + ".name",
         "'" + Name + "' is not a decoder bpfd-exporter has (uint, int, string, hex, ksym, "
                      "majorminor, static_map)");
  DecoderConfig D;
  D.Kind = It->second;
  if (D.Kind == DecoderKind::StaticMap) {
    YAML::Node M = N["static_map"];
    if (!M.IsMap())
      fail(N, Where, "static_map needs a static_map: mapping of values to names");
    for (const auto &KV : M)
      D.StaticMap[KV.first.as<std::string>()] = KV.second.as<std::string>();
    D.AllowUnknown = N["allow_unknown"].IsDefined() && N["allow_unknown"].as<bool>();
  }
  return D;
}

std::vector<LabelConfig> Reader::labels(const YAML::Node &N, const std::string &Where) {
  std::vector<LabelConfig> Out;
  if (!N.IsDefined())
    return Out;
  if (!N.IsSequence())
    fail(N, Where, "is not a list");
  uint32_t Offset = 0;
  for (size_t I = 0; I < N.size(); ++I) {
    std::string At = Where + "[" + std::to_string(I) + "]";
    const YAML::Node &L = N[I];
    checkKeys(L, At, {"name", "size", "offset", "decoders", "padding"});
    LabelConfig C;
    C.Name = text(L["name"], At + ".name");
    if (C.Name == "device" || C.Name == "le")
      fail(L["name"], At + ".name", "'" + C.Name + "' is a label bpfd-exporter sets itself");
    double Size = number(L["size"], At + ".size", 0);
    if (Size < 1 || Size > 4096)
      fail(L, At + ".size", "must be 1 to 4096 bytes");
    C.Size = (uint32_t)Size;
    C.Offset = (uint32_t)number(L["offset"], At + ".offset", Offset);
    Offset = C.Offset + C.Size + (uint32_t)number(L["padding"], At + ".padding", 0);
    const YAML::Node &Ds = L["decoders"];
    if (!Ds.IsDefined() || !Ds.IsSequence() || Ds.size() == 0)
      fail(L, At + ".decoders", "needs a list of at least one decoder");
    for (size_t J = 0; J < Ds.size(); ++J)
      C.Decoders.push_back(decoder(Ds[J], At + ".decoders[" + std::to_string(J) + "]"));
    Out.push_back(std::move(C));
  }
  return Out;
}

void Reader::metrics(const YAML::Node &N, const std::string &Where, MetricsConfig &Out) {
  checkKeys(N, Where, {"counters", "gauges", "histograms"});
  auto nameOf = [&](const YAML::Node &M, const std::string &At) {
    std::string Name = text(M["name"], At + ".name");
    if (!MetricNames.insert(Name).second)
      fail(M["name"], At + ".name", "metric '" + Name + "' is defined twice");
    return Name;
  };
  for (const char *Kind : {"counters", "gauges"}) {
    const YAML::Node &List = N[Kind];
    if (!List.IsDefined())
      continue;
    for (size_t I = 0; I < List.size(); ++I) {
      std::string At = Where + "." + Kind + "[" + std::to_string(I) + "]";
      checkKeys(List[I], At, {"name", "help", "map", "labels"});
      ScalarMetricConfig M;
      M.Name = nameOf(List[I], At);
      M.Help = text(List[I]["help"], At + ".help", false);
      M.Map = text(List[I]["map"], At + ".map", false);
      if (M.Map.empty())
        M.Map = M.Name; // ebpf_exporter: the map is named after the metric
      M.Gauge = std::string(Kind) == "gauges";
      M.Labels = labels(List[I]["labels"], At + ".labels");
      Out.Scalars.push_back(std::move(M));
    }
  }
  const YAML::Node &Hs = N["histograms"];
  if (!Hs.IsDefined())
    return;
  for (size_t I = 0; I < Hs.size(); ++I) {
    std::string At = Where + ".histograms[" + std::to_string(I) + "]";
    const YAML::Node &H = Hs[I];
    checkKeys(H, At, {"name", "help", "map", "labels", "bucket_type", "bucket_min", "bucket_max",
                      "bucket_multiplier", "bucket_keys"});
    HistogramConfig C;
    C.Name = nameOf(H, At);
    C.Help = text(H["help"], At + ".help", false);
    C.Map = text(H["map"], At + ".map", false);
    if (C.Map.empty())
      C.Map = C.Name;
    std::string Type = text(H["bucket_type"], At + ".bucket_type");
    if (Type == "exp2")
      C.Type = HistogramConfig::Buckets::Exp2;
    else if (Type == "linear")
      C.Type = HistogramConfig::Buckets::Linear;
    else if (Type == "fixed")
      C.Type = HistogramConfig::Buckets::Fixed;
    else
      fail(H["bucket_type"], At + ".bucket_type", "'" + Type + "' is not exp2, linear or fixed");
    C.Multiplier = number(H["bucket_multiplier"], At + ".bucket_multiplier", 1);
    if (C.Type == HistogramConfig::Buckets::Fixed) {
      const YAML::Node &Keys = H["bucket_keys"];
      if (!Keys.IsSequence() || Keys.size() == 0)
        fail(H, At + ".bucket_keys", "a fixed histogram needs its bucket_keys");
      for (size_t J = 0; J < Keys.size(); ++J)
        C.BucketKeys.push_back(number(Keys[J], At + ".bucket_keys", 0));
    } else {
      C.BucketMin = (int64_t)number(H["bucket_min"], At + ".bucket_min", 0);
      if (!H["bucket_max"].IsDefined())
        fail(H, At + ".bucket_max", "is missing");
      C.BucketMax = (int64_t)number(H["bucket_max"], At + ".bucket_max", 0);
      if (C.BucketMax < C.BucketMin || C.BucketMax - C.BucketMin > 1024 ||
          (C.Type == HistogramConfig::Buckets::Exp2 && (C.BucketMin < 0 || C.BucketMax > 1023)))
        fail(H, At + ".bucket_max", "the buckets bucket_min..bucket_max are out of range");
    }
    C.Labels = labels(H["labels"], At + ".labels");
    if (C.Labels.empty())
      fail(H, At + ".labels", "a histogram's labels end with its bucket");
    Out.Histograms.push_back(std::move(C));
  }
}

ProgramConfig Reader::program(const YAML::Node &N, const std::string &Where) {
  checkKeys(N, Where, {"name", "object", "objects", "source", "attach", "xcc_args", "metrics",
                       "config"});
  ProgramConfig P;
  P.Name = text(N["name"], Where + ".name");
  P.Object = path(text(N["object"], Where + ".object", false));
  if (N["objects"].IsDefined()) {
    if (!N["objects"].IsMap())
      fail(N["objects"], Where + ".objects", "is not a mapping of arch to object");
    for (const auto &KV : N["objects"])
      P.Objects[KV.first.as<std::string>()] = path(KV.second.as<std::string>());
  }
  P.Source = path(text(N["source"], Where + ".source", false));
  P.Attach = list(N["attach"], Where + ".attach");
  P.XccArgs = list(N["xcc_args"], Where + ".xcc_args");
  if (P.Object.empty() && P.Objects.empty() && P.Source.empty())
    fail(N, Where, "names no program (object: FILE, objects: {ARCH: FILE} or source: FILE.c)");
  if (!P.Source.empty() && (!P.Object.empty() || !P.Objects.empty()))
    fail(N, Where, "names both a source and an object");
  if (N["config"].IsDefined()) {
    // An ebpf_exporter configuration file of its own: its metrics: section.
    std::string File = path(text(N["config"], Where + ".config"));
    YAML::Node Other;
    try {
      Other = YAML::LoadFile(File);
    } catch (const YAML::Exception &E) {
      fail(N["config"], Where + ".config", "cannot read '" + File + "': " + E.what());
    }
    if (!Other["metrics"].IsDefined())
      fail(N["config"], Where + ".config", "'" + File + "' has no metrics: section");
    metrics(Other["metrics"], File + ": metrics", P.Metrics);
  }
  // Metrics of its own after those of the ebpf_exporter file.
  if (N["metrics"].IsDefined())
    metrics(N["metrics"], Where + ".metrics", P.Metrics);
  return P;
}

DeviceConfig Reader::device(const YAML::Node &N, const std::string &Where) {
  DeviceConfig D;
  if (N.IsScalar()) {
    D.Remote = D.Name = N.as<std::string>();
    return D;
  }
  checkKeys(N, Where, {"remote", "name", "workload", "bpfd", "kernel", "cpus"});
  D.Remote = text(N["remote"], Where + ".remote");
  D.Name = text(N["name"], Where + ".name", false);
  if (D.Name.empty())
    D.Name = D.Remote;
  D.Workload = bpfd::splitWords(text(N["workload"], Where + ".workload", false));
  D.Bpfd = path(text(N["bpfd"], Where + ".bpfd", false));
  D.Kernel = path(text(N["kernel"], Where + ".kernel", false));
  D.Cpus = (unsigned)number(N["cpus"], Where + ".cpus", 0);
  return D;
}

bpfd::Expected<ExporterConfig> Reader::read() {
  YAML::Node Root;
  try {
    Root = YAML::LoadFile(Path);
  } catch (const YAML::BadFile &) {
    return bpfd::Error::failure(ENOENT, Path + ": cannot open the configuration file");
  } catch (const YAML::Exception &E) {
    return bpfd::Error::failure(EINVAL, Path + ": not YAML: " + E.what());
  }
  ExporterConfig C;
  try {
    checkKeys(Root, "the file", {"devices", "programs", "session_timeout", "scrape_timeout",
                                 "retry_initial", "retry_max"});
    const YAML::Node &Ds = Root["devices"];
    if (Ds.IsDefined()) {
      std::set<std::string> Names;
      for (size_t I = 0; I < Ds.size(); ++I) {
        std::string At = "devices[" + std::to_string(I) + "]";
        C.Devices.push_back(device(Ds[I], At));
        if (!Names.insert(C.Devices.back().Name).second)
          fail(Ds[I], At, "device name '" + C.Devices.back().Name + "' is used twice");
      }
    }
    const YAML::Node &Ps = Root["programs"];
    if (!Ps.IsDefined() || !Ps.IsSequence() || Ps.size() == 0)
      fail(Root, "programs", "needs a list of at least one program");
    for (size_t I = 0; I < Ps.size(); ++I)
      C.Programs.push_back(program(Ps[I], "programs[" + std::to_string(I) + "]"));
    C.SessionTimeout = number(Root["session_timeout"], "session_timeout", C.SessionTimeout);
    C.ScrapeTimeout = number(Root["scrape_timeout"], "scrape_timeout", C.ScrapeTimeout);
    C.RetryInitial = number(Root["retry_initial"], "retry_initial", C.RetryInitial);
    C.RetryMax = number(Root["retry_max"], "retry_max", C.RetryMax);
  } catch (const Problem &P) {
    return bpfd::Error::failure(EINVAL, Path + ": " + P.Where + ": " + P.What);
  } catch (const YAML::Exception &E) {
    return bpfd::Error::failure(EINVAL, Path + ": " + E.what());
  }
  return C;
}

} // namespace

std::string ProgramConfig::objectFor(const std::string &Arch) const {
  auto It = Objects.find(Arch);
  return It != Objects.end() ? It->second : Object;
}

bpfd::Expected<ExporterConfig> loadConfig(const std::string &Path) { return Reader(Path).read(); }

} // namespace exporter
