#include "base64.h"

namespace bpfd {

static const char kAlphabet[] =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

static int decodeChar(char c) {
  if (c >= 'A' && c <= 'Z') return c - 'A';
  if (c >= 'a' && c <= 'z') return c - 'a' + 26;
  if (c >= '0' && c <= '9') return c - '0' + 52;
  if (c == '+') return 62;
  if (c == '/') return 63;
  return -1;
}

bool base64Decode(StrRef s, Bytes *out, size_t maxBytes) {
  if (s.n == 1 && s.p[0] == '-') return true;
  if (s.n % 4 != 0) return false;
  if (s.n / 4 * 3 > maxBytes + 2) return false;
  size_t start = out->size();
  for (size_t i = 0; i < s.n; i += 4) {
    int v[4];
    int pad = 0;
    for (int k = 0; k < 4; ++k) {
      char c = s.p[i + k];
      if (c == '=') {
        // Padding only in the last group, only at its end.
        if (i + 4 != s.n || k < 2) return false;
        v[k] = 0;
        ++pad;
      } else {
        if (pad) return false;
        v[k] = decodeChar(c);
        if (v[k] < 0) return false;
      }
    }
    uint32_t w = (uint32_t)v[0] << 18 | (uint32_t)v[1] << 12 | (uint32_t)v[2] << 6 | (uint32_t)v[3];
    uint8_t b[3] = {(uint8_t)(w >> 16), (uint8_t)(w >> 8), (uint8_t)w};
    if (!out->append(b, 3 - pad)) return false;
  }
  return out->size() - start <= maxBytes;
}

bool base64Encode(const uint8_t *data, size_t n, Vec<char> *out) {
  if (n == 0) return out->push('-');
  if (!out->reserve(out->size() + (n + 2) / 3 * 4)) return false;
  for (size_t i = 0; i < n; i += 3) {
    uint32_t w = (uint32_t)data[i] << 16;
    if (i + 1 < n) w |= (uint32_t)data[i + 1] << 8;
    if (i + 2 < n) w |= data[i + 2];
    char c[4] = {kAlphabet[(w >> 18) & 63], kAlphabet[(w >> 12) & 63],
                 i + 1 < n ? kAlphabet[(w >> 6) & 63] : '=', i + 2 < n ? kAlphabet[w & 63] : '='};
    out->append(c, 4);
  }
  return true;
}

} // namespace bpfd
