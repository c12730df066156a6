//===- Exposition.h - Prometheus's text exposition format -----------------===//
//
// Families of samples written as Prometheus's text format 0.0.4: a # HELP and
// # TYPE line a family, then its samples, NAME{LABEL="VALUE",...} VALUE, the
// label values escaped (\\, \", \n).
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

/// The families in the text format.
std::string writeExposition(const std::vector<Family> &Families);

/// A number as the text format writes it: integers without a fraction,
/// others in the shortest form that reads back the same, +Inf, -Inf, NaN.
std::string formatValue(double V);

} // namespace exporter

#endif // BPFD_EXPORTER_EXPOSITION_H
