//===- stamp.cc - The .bpfd.target section --------------------------------===//
#include "bpfconv/stamp.h"

#include <string.h>

namespace bpfconv {

bool StampReader::next(StampEntry *e) {
  while (p_ < end_) {
    const char *nl = static_cast<const char *>(memchr(p_, '\n', end_ - p_));
    const char *le = nl ? nl : end_;
    Span line(p_, le - p_);
    p_ = nl ? nl + 1 : end_;
    while (line.n && (line.p[line.n - 1] == '\r' || line.p[line.n - 1] == 0 || line.p[line.n - 1] == ' '))
      --line.n;
    while (line.n && (line.p[0] == 0 || line.p[0] == ' ' || line.p[0] == '\t')) {
      ++line.p;
      --line.n;
    }
    if (line.empty()) continue;
    *e = StampEntry();
    const char *eq = static_cast<const char *>(memchr(line.p, '=', line.n));
    e->key = eq ? Span(line.p, eq - line.p) : line;
    e->value = eq ? Span(eq + 1, line.p + line.n - eq - 1) : Span(line.p + line.n, 0);
    if (e->key.eq(kStampAttach)) {
      const char *blank = static_cast<const char *>(memchr(e->value.p, ' ', e->value.n));
      if (blank) {
        e->function = Span(e->value.p, blank - e->value.p);
        Span rest(blank + 1, e->value.p + e->value.n - blank - 1);
        while (rest.n && rest.p[0] == ' ') { ++rest.p; --rest.n; }
        e->section = rest;
      }
    }
    return true;
  }
  return false;
}

bool validStampValue(Span s) {
  for (size_t i = 0; i < s.n; ++i)
    if (s.p[i] == '\n' || s.p[i] == '\r' || s.p[i] == 0) return false;
  return true;
}

} // namespace bpfconv
