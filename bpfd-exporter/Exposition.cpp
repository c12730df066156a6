//===- Exposition.cpp - Prometheus's text exposition format ---------------===//
#include "Exposition.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace exporter {

void mergeFamily(std::vector<Family> &Into, Family From) {
  for (Family &F : Into)
    if (F.Name == From.Name) {
      for (Sample &S : From.Samples)
        F.Samples.push_back(std::move(S));
      return;
    }
  Into.push_back(std::move(From));
}

std::string formatValue(double V) {
  if (std::isnan(V))
    return "NaN";
  if (std::isinf(V))
    return V > 0 ? "+Inf" : "-Inf";
  char Buf[40];
  if (V == std::floor(V) && std::fabs(V) < 1e15) {
    snprintf(Buf, sizeof(Buf), "%.0f", V);
    return Buf;
  }
  for (int Precision = 6; Precision <= 17; ++Precision) {
    snprintf(Buf, sizeof(Buf), "%.*g", Precision, V);
    if (std::strtod(Buf, nullptr) == V)
      break;
  }
  return Buf;
}

static void escapeInto(std::string &Out, const std::string &Text, bool Quotes) {
  for (char C : Text) {
    if (C == '\\')
      Out += "\\\\";
    else if (C == '\n')
      Out += "\\n";
    else if (C == '"' && Quotes)
      Out += "\\\"";
    else
      Out += C;
  }
}

static bool endsWith(const std::string &S, const std::string &Tail) {
  return S.size() >= Tail.size() && S.compare(S.size() - Tail.size(), Tail.size(), Tail) == 0;
}

std::string writeExposition(const std::vector<Family> &Families, bool OpenMetrics) {
  std::string Out;
  for (const Family &F : Families) {
    bool Counter = OpenMetrics && F.Type == "counter";
    std::string Name = F.Name;
    if (Counter && endsWith(Name, "_total"))
      Name.resize(Name.size() - 6);
    if (!F.Help.empty()) {
      Out += "# HELP " + Name + " ";
      escapeInto(Out, F.Help, OpenMetrics);
      Out += "\n";
    }
    Out += "# TYPE " + Name + " " + F.Type + "\n";
    for (const Sample &S : F.Samples) {
      Out += Counter && !endsWith(S.Name, "_total") ? S.Name + "_total" : S.Name;
      if (!S.Labels.empty()) {
        Out += "{";
        for (size_t I = 0; I < S.Labels.size(); ++I) {
          Out += (I ? ",": "") + S.Labels[I].first + "=\"";
          escapeInto(Out, S.Labels[I].second, true);
          Out += "\"";
        }
        Out += "}";
      }
      Out += " " + formatValue(S.Value) + "\n";
    }
  }
  if (OpenMetrics)
    Out += "# EOF\n";
  return Out;
}

} // namespace exporter
