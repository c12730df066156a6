#include "support.h"

#include "bpfconv/section.h"

namespace bpfd {

void copyStr(char *dst, size_t cap, StrRef s) {
  if (cap == 0) return;
  size_t n = s.n < cap - 1 ? s.n : cap - 1;
  if (n) memcpy(dst, s.p, n);
  dst[n] = 0;
}

bool parseU64(StrRef s, uint64_t *out) {
  if (s.n > 24) return false;
  return bpfconv::parseUnsigned(bpfconv::Span(s.p, s.n), out);
}

bool parseI64(StrRef s, int64_t *out) {
  bool neg = s.n > 0 && s.p[0] == '-';
  uint64_t v;
  if (!parseU64(neg ? StrRef(s.p + 1, s.n - 1) : s, &v)) return false;
  if (neg) {
    if (v > (uint64_t)INT64_MAX + 1) return false;
    *out = (int64_t)(0 - v);
  } else {
    if (v > (uint64_t)INT64_MAX) return false;
    *out = (int64_t)v;
  }
  return true;
}

bool isPrintableText(StrRef s, size_t maxLen) {
  if (s.n > maxLen) return false;
  for (size_t i = 0; i < s.n; ++i)
    if (s.p[i] < ' ' || s.p[i] > '~') return false;
  return true;
}

bool isKernelNameChar(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '.';
}

bool equalsNoCase(StrRef a, const char *b) {
  size_t n = strlen(b);
  if (n != a.n) return false;
  for (size_t i = 0; i < n; ++i) {
    char x = a.p[i], y = b[i];
    if (x >= 'A' && x <= 'Z') x = x - 'A' + 'a';
    if (y >= 'A' && y <= 'Z') y = y - 'A' + 'a';
    if (x != y) return false;
  }
  return true;
}

} // namespace bpfd
