//===- Exposition.h - Prometheus's text exposition format -----------------===//
//
// Families of samples written as Prometheus's text format 0.0.4 (or
// OpenMetrics 1.0, on request): a # HELP and # TYPE line a family, then its
// samples, NAME{LABEL="VALUE",...} VALUE, the label values escaped (\\, \",
// \n).
//
//===----------------------------------------------------------------------===//
#ifndef BPFD_EXPORTER_EXPOSITION_H
#define BPFD_EXPORTER_EXPOSITION_H

#include <string>
#include <utility>
#include <vector>

namespace exporter {

using Labels = std::vector<std::pair<std::string, std::string>>;

struct Sample {
  std::string Name; ///< the family's name, or with _bucket, _sum, _count
  Labels Labels;
  double Value = 0;
};

struct Family {
  std::string Name, Help;
  std::string Type; ///< counter, gauge, histogram
  std::vector<Sample> Samples;
};

/// Appends \p From's samples to the family of its name in \p Into (added
/// at the end if new).
void mergeFamily(std::vector<Family> &Into, Family From);

/// The families in the text format; or, with \p OpenMetrics, in
/// OpenMetrics 1.0's: a counter family named without its _total (each of
/// its samples with it), HELP's quotes escaped too, "# EOF" at the end.
std::string writeExposition(const std::vector<Family> &Families, bool OpenMetrics = false);

/// The content types of the two.
constexpr const char *TextFormatType = "text/plain; version=0.0.4; charset=utf-8";
constexpr const char *OpenMetricsType =
    "application/openmetrics-text; version=1.0.0; charset=utf-8";

/// A number as the text format writes it: integers without a fraction,
/// others in the shortest form that reads back the same, +Inf, -Inf, NaN.
std::string formatValue(double V);

} // namespace exporter

#endif // BPFD_EXPORTER_EXPOSITION_H
