#include "support.h"

namespace bpfd {

void copyStr(char *dst, size_t cap, StrRef s) {
  if (cap == 0) return;
  size_t n = s.n < cap - 1 ? s.n : cap - 1;
  if (n) memcpy(dst, s.p, n);
  dst[n] = 0;
}

bool parseU64(StrRef s, uint64_t *out) {
  if (s.n == 0 || s.n > 24) return false;
  size_t i = 0;
  unsigned base = 10;
  if (s.n > 2 && s.p[0] == '0' && (s.p[1] == 'x' || s.p[1] == 'X')) {
    base = 16;
    i = 2;
  }
  uint64_t v = 0;
  for (; i < s.n; ++i) {
    char c = s.p[i];
    unsigned d;
    if (c >= '0' && c <= '9') d = c - '0';
    else if (base == 16 && c >= 'a' && c <= 'f') d = c - 'a' + 10;
    else if (base == 16 && c >= 'A' && c <= 'F') d = c - 'A' + 10;
    else return false;
    if (v > (UINT64_MAX - d) / base) return false;
    v = v * base + d;
  }
  *out = v;
  return true;
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
