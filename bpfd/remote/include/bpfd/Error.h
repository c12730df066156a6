//===- bpfd/Error.h - errors of the bpfd client library ---------*- C++ -*-===//
//
// Every fallible call of the client library returns an Error (or an
// Expected<T>): a positive errno value plus a message that names the subject
// and the failed action, e.g. "qemu:arm64: no greeting within 120 s (console
// log kept at /tmp/bpfd-qemu-x/console.log)". Nothing in the library aborts
// or throws on bad input or a failing remote.
//
//===----------------------------------------------------------------------===//
#ifndef BPFD_ERROR_H
#define BPFD_ERROR_H

#include <string>
#include <utility>
#include <variant>

namespace bpfd {

class [[nodiscard]] Error {
public:
  /// Success.
  Error() = default;
  /// A failure: Errno > 0 (ETIMEDOUT, EPROTO, ...), Message for humans.
  static Error failure(int Errno, std::string Message) {
    Error E;
    E.Errno = Errno > 0 ? Errno : 5 /* EIO */;
    E.Message = std::move(Message);
    return E;
  }
  static Error success() { return Error(); }

  /// True if this is a failure.
  explicit operator bool() const { return Errno != 0; }
  int errnoValue() const { return Errno; }
  const std::string &message() const { return Message; }

  /// The same failure with "Context: " in front of its message.
  Error withContext(const std::string &Context) const {
    if (!Errno)
      return *this;
    return failure(Errno, Context + ": " + Message);
  }

private:
  int Errno = 0;
  std::string Message;
};

/// A value or an Error.
template <typename T> class [[nodiscard]] Expected {
public:
  Expected(T Value) : Storage(std::move(Value)) {}
  Expected(Error E) : Storage(std::move(E)) {}

  explicit operator bool() const { return Storage.index() == 0; }
  T &operator*() { return std::get<0>(Storage); }
  const T &operator*() const { return std::get<0>(Storage); }
  T *operator->() { return &std::get<0>(Storage); }
  const T *operator->() const { return &std::get<0>(Storage); }
  /// The error; only valid when !*this.
  const Error &error() const { return std::get<1>(Storage); }
  Error takeError() const { return *this ? Error::success() : error(); }

private:
  std::variant<T, Error> Storage;
};

} // namespace bpfd

#endif // BPFD_ERROR_H
