// Writes protocol replies to stdout: payload lines ("+ ...") and the single
// status line that closes each command. Output is buffered and flushed at
// each status line.
#ifndef BPFD_DAEMON_REPLY_H
#define BPFD_DAEMON_REPLY_H

#include "support.h"

namespace bpfd {

class Reply {
public:
  explicit Reply(int fd) : fd_(fd) {}
  // Payload lines.
  void beginPayload();          // writes "+ "
  void text(StrRef s);          // raw text (control characters are replaced)
  void textf(const char *fmt, ...) __attribute__((format(printf, 2, 3)));
  void base64(const uint8_t *p, size_t n);
  // base64 of p straight into the output (no copy of the encoding): for
  // long blobs such as PERF_READER_POLL batch's record runs.
  void base64Direct(const uint8_t *p, size_t n);
  void escaped(StrRef s);       // text escaped like an error's msg (\", \\, \n, \t, \xHH)
  void endPayload();            // writes "\n"
  void payloadLine(StrRef s) { beginPayload(); text(s); endPayload(); }
  // A payload line for each line of s (a kernel's verifier log).
  void payloadLines(StrRef s);
  void payloadf(const char *fmt, ...) __attribute__((format(printf, 2, 3)));

  // Status lines; tag may be empty.
  void ok(StrRef cmd, int64_t ret, StrRef tag);
  void error(StrRef cmd, int err, StrRef tag, const char *fmt, ...)
      __attribute__((format(printf, 5, 6)));
  void raw(StrRef s); // greeting and similar unframed lines
  void flush();
  size_t pending() const { return buf_.size(); }
  // The reader of our output is gone (a write failed: the link or the host
  // died). Output is dropped from then on; long commands stop, the session
  // ends.
  bool gone() const { return gone_; }
  // gone(), after asking the kernel whether our output's reader went away
  // (POLLERR/POLLHUP) even though nothing was written since: for long
  // commands, every so often.
  bool readerGone();

private:
  void put(const char *p, size_t n);
  int fd_;
  Vec<char> buf_;
  bool gone_ = false;
};

const char *errnoName(int err);

} // namespace bpfd

#endif
