// Small containers and helpers for a daemon built without the C++ library:
// bpfd links against musl only (-nostdlib), so nothing here may need libstdc++.
#ifndef BPFD_DAEMON_SUPPORT_H
#define BPFD_DAEMON_SUPPORT_H

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

inline void *operator new(size_t, void *place) noexcept { return place; }

namespace bpfd {

// A growable array of trivially copyable values. Allocation failure is
// reported by push()/resize() returning false; nothing aborts.
template <typename T> class Vec {
public:
  Vec() = default;
  Vec(const Vec &) = delete;
  Vec &operator=(const Vec &) = delete;
  Vec(Vec &&o) noexcept : data_(o.data_), size_(o.size_), cap_(o.cap_) {
    o.data_ = nullptr;
    o.size_ = o.cap_ = 0;
  }
  Vec &operator=(Vec &&o) noexcept {
    if (this != &o) {
      free(data_);
      data_ = o.data_; size_ = o.size_; cap_ = o.cap_;
      o.data_ = nullptr; o.size_ = o.cap_ = 0;
    }
    return *this;
  }
  ~Vec() { free(data_); }

  bool reserve(size_t n) {
    if (n <= cap_) return true;
    size_t c = cap_ ? cap_ : 8;
    while (c < n) {
      if (c > (SIZE_MAX / sizeof(T)) / 2) return false;
      c *= 2;
    }
    T *d = static_cast<T *>(realloc(data_, c * sizeof(T)));
    if (!d) return false;
    data_ = d;
    cap_ = c;
    return true;
  }
  bool push(const T &v) {
    if (size_ == cap_ && !reserve(size_ + 1)) return false;
    memcpy(static_cast<void *>(&data_[size_++]), &v, sizeof(T));
    return true;
  }
  bool append(const T *p, size_t n) {
    if (n == 0) return true;
    if (n > SIZE_MAX - size_ || !reserve(size_ + n)) return false;
    memcpy(static_cast<void *>(data_ + size_), p, n * sizeof(T));
    size_ += n;
    return true;
  }
  // New elements are zero-filled.
  bool resize(size_t n) {
    if (!reserve(n)) return false;
    if (n > size_) memset(static_cast<void *>(data_ + size_), 0, (n - size_) * sizeof(T));
    size_ = n;
    return true;
  }
  // Takes n elements already written past size() (n <= capacity).
  void commit(size_t n) { size_ += n; }
  void clear() { size_ = 0; }
  void erase(size_t i) {
    memmove(static_cast<void *>(data_ + i), data_ + i + 1, (size_ - i - 1) * sizeof(T));
    --size_;
  }
  T *data() { return data_; }
  const T *data() const { return data_; }
  size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  T &operator[](size_t i) { return data_[i]; }
  const T &operator[](size_t i) const { return data_[i]; }
  T *begin() { return data_; }
  T *end() { return data_ + size_; }
  const T *begin() const { return data_; }
  const T *end() const { return data_ + size_; }
  T &back() { return data_[size_ - 1]; }

private:
  T *data_ = nullptr;
  size_t size_ = 0;
  size_t cap_ = 0;
};

using Bytes = Vec<uint8_t>;

// A view of characters that need not be NUL-terminated.
struct StrRef {
  const char *p = nullptr;
  size_t n = 0;
  StrRef() = default;
  StrRef(const char *s) : p(s), n(s ? strlen(s) : 0) {}
  StrRef(const char *s, size_t len) : p(s), n(len) {}
  bool eq(const char *s) const { return strlen(s) == n && memcmp(p, s, n) == 0; }
  bool eq2(StrRef o) const { return o.n == n && (n == 0 || memcmp(p, o.p, n) == 0); }
  bool starts(const char *s) const {
    size_t l = strlen(s);
    return l <= n && memcmp(p, s, l) == 0;
  }
};

// Copies at most cap-1 characters of s into dst and terminates it.
void copyStr(char *dst, size_t cap, StrRef s);
// Strict integer parsing of the whole token: decimal, 0x hex, optional '-'.
bool parseI64(StrRef s, int64_t *out);
bool parseU64(StrRef s, uint64_t *out);
// At most maxLen printable ASCII characters, blanks included (a handle's
// name, the rest of its LIST_HANDLES line).
bool isPrintableText(StrRef s, size_t maxLen);
// A character of the kernel's object and symbol names: [A-Za-z0-9_.].
bool isKernelNameChar(char c);
// Case-insensitive comparison of a token with an ASCII name.
bool equalsNoCase(StrRef a, const char *b);

} // namespace bpfd

#endif
