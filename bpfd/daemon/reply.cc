#include "reply.h"

#include "base64.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <poll.h>
#include <unistd.h>

namespace bpfd {

void Reply::put(const char *p, size_t n) {
  if (gone_) return;
  buf_.append(p, n);
  if (buf_.size() > (256u << 10)) flush();
}

void Reply::flush() {
  size_t off = 0;
  while (off < buf_.size()) {
    ssize_t w = write(fd_, buf_.data() + off, buf_.size() - off);
    if (w < 0 && errno == EINTR) continue;
    if (w <= 0) { gone_ = true; break; } // the peer is gone: the session ends
    off += (size_t)w;
  }
  buf_.clear();
}

bool Reply::readerGone() {
  struct pollfd p = {fd_, 0, 0};
  if (!gone_ && poll(&p, 1, 0) == 1 && (p.revents & (POLLERR | POLLHUP))) gone_ = true;
  return gone_;
}

void Reply::beginPayload() { put("+ ", 2); }
void Reply::endPayload() { put("\n", 1); }

void Reply::text(StrRef s) {
  for (size_t i = 0; i < s.n; ++i) {
    char c = s.p[i];
    if ((unsigned char)c < 0x20 && c != '\t') c = '?';
    put(&c, 1);
  }
}

// Formats into Buf (cut at its size); false on a format error.
static bool formatInto(char (&Buf)[1024], StrRef *Out, const char *fmt, va_list ap) {
  int n = vsnprintf(Buf, sizeof Buf, fmt, ap);
  if (n < 0) return false;
  *Out = StrRef(Buf, (size_t)n < sizeof Buf ? (size_t)n : sizeof Buf - 1);
  return true;
}

void Reply::textf(const char *fmt, ...) {
  char tmp[1024];
  StrRef s;
  va_list ap;
  va_start(ap, fmt);
  bool ok = formatInto(tmp, &s, fmt, ap);
  va_end(ap);
  if (ok) text(s);
}

void Reply::payloadLines(StrRef s) {
  const char *p = s.p, *end = p + s.n;
  while (p < end) {
    const char *nl = static_cast<const char *>(memchr(p, '\n', end - p));
    const char *le = nl ? nl : end;
    payloadLine(StrRef(p, le - p));
    p = nl ? nl + 1 : end;
  }
}

void Reply::payloadf(const char *fmt, ...) {
  char tmp[1024];
  StrRef s;
  va_list ap;
  va_start(ap, fmt);
  bool ok = formatInto(tmp, &s, fmt, ap);
  va_end(ap);
  if (!ok) return;
  beginPayload();
  text(s);
  endPayload();
}

void Reply::base64(const uint8_t *p, size_t n) {
  Vec<char> enc;
  if (base64Encode(p, n, &enc)) put(enc.data(), enc.size());
}

void Reply::base64Direct(const uint8_t *p, size_t n) {
  if (gone_) return;
  if (!base64Encode(p, n, &buf_)) return;
  if (buf_.size() > (256u << 10)) flush();
}

// The escaping of msg="..." (docs/protocol.md, Framing): a backslash before
// '"' and backslash, newline and tab as \n and \t, other control bytes \xHH.
static void appendEscaped(Vec<char> *line, StrRef s) {
  for (size_t i = 0; i < s.n; ++i) {
    unsigned char c = (unsigned char)s.p[i];
    if (c == '"' || c == '\\') { line->push('\\'); line->push((char)c); }
    else if (c == '\n') line->append("\\n", 2);
    else if (c == '\t') line->append("\\t", 2);
    else if (c < 0x20 || c == 0x7f) {
      char tmp[8];
      snprintf(tmp, sizeof tmp, "\\x%02x", c);
      line->append(tmp, 4);
    } else line->push((char)c);
  }
}

void Reply::escaped(StrRef s) {
  Vec<char> t;
  appendEscaped(&t, s);
  put(t.data(), t.size());
}

static void putCommandName(Vec<char> *line, StrRef cmd) {
  size_t start = line->size();
  for (size_t i = 0; i < cmd.n && line->size() - start < 32; ++i) {
    char c = cmd.p[i];
    if (c >= 'A' && c <= 'Z') c = c - 'A' + 'a';
    if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_') line->push(c);
  }
  if (line->size() == start) line->append("invalid", 7);
}

void Reply::ok(StrRef cmd, int64_t ret, StrRef tag) {
  Vec<char> line;
  putCommandName(&line, cmd);
  char tmp[48];
  int n = snprintf(tmp, sizeof tmp, ": ret=%lld", (long long)ret);
  line.append(tmp, (size_t)n);
  if (tag.n) { line.append(" tag=", 5); line.append(tag.p, tag.n); }
  line.push('\n');
  put(line.data(), line.size());
  flush();
}

void Reply::error(StrRef cmd, int err, StrRef tag, const char *fmt, ...) {
  if (err <= 0) err = EINVAL;
  char msg[1024];
  va_list ap;
  va_start(ap, fmt);
  int mn = vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  if (mn < 0) mn = 0;
  if ((size_t)mn >= sizeof msg) mn = sizeof msg - 1;
  Vec<char> line;
  putCommandName(&line, cmd);
  char tmp[64];
  int n = snprintf(tmp, sizeof tmp, ": ret=-%d errno=%s msg=\"", err, errnoName(err));
  line.append(tmp, (size_t)n);
  appendEscaped(&line, StrRef(msg, (size_t)mn));
  line.push('"');
  if (tag.n) { line.append(" tag=", 5); line.append(tag.p, tag.n); }
  line.push('\n');
  put(line.data(), line.size());
  flush();
}

void Reply::raw(StrRef s) { put(s.p, s.n); }

const char *errnoName(int err) {
  switch (err) {
#define E(x) case x: return #x;
  E(EPERM) E(ENOENT) E(ESRCH) E(EINTR) E(EIO) E(ENXIO) E(E2BIG) E(ENOEXEC) E(EBADF)
  E(ECHILD) E(EAGAIN) E(ENOMEM) E(EACCES) E(EFAULT) E(EBUSY) E(EEXIST) E(EXDEV)
  E(ENODEV) E(ENOTDIR) E(EISDIR) E(EINVAL) E(ENFILE) E(EMFILE) E(ENOTTY) E(EFBIG)
  E(ENOSPC) E(ESPIPE) E(EROFS) E(EMLINK) E(EPIPE) E(EDOM) E(ERANGE) E(EDEADLK)
  E(ENAMETOOLONG) E(ENOSYS) E(ENOTEMPTY) E(ELOOP) E(ENOMSG) E(ENODATA) E(ETIME)
  E(EOVERFLOW) E(EBADMSG) E(EOPNOTSUPP)
  E(ETIMEDOUT) E(ECANCELED) E(EILSEQ) E(ENOLINK) E(ENOTBLK) E(ENOTSOCK) E(EPROTO) E(ENOTCONN)
#undef E
  case 524: return "ENOTSUPP";
  default: return "EUNKNOWN";
  }
}

} // namespace bpfd
