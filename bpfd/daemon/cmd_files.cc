// Read-only views of the device's /proc and /sys (tracefs included) for a
// host that serves them as files: stat, readlink, list, open and read.
// Paths are resolved (realpath) and must stay below /proc or /sys; nothing
// is ever written or created.
#include "session.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

namespace bpfd {

namespace {

constexpr uint64_t kMaxRead = 256u << 10;
constexpr uint64_t kMaxWaitMs = 10000;

bool confined(const char *p) {
  static const char *const kRoots[] = {"/proc", "/sys"};
  for (const char *root : kRoots) {
    size_t n = strlen(root);
    if (memcmp(p, root, n) == 0 && (p[n] == 0 || p[n] == '/')) return true;
  }
  return false;
}

// The client's PATH as a C string and its resolution into res. With
// keepLast the parent folder is resolved and the last component kept, so a
// symlink names itself (lstat semantics); a path ending in '/', '.' or '..'
// is resolved whole. Answers the error itself and returns false.
bool resolvePath(Session &s, const Args &a, char (&path)[PATH_MAX], char (&res)[PATH_MAX], bool keepLast) {
  StrRef t = a.v[0];
  if (t.n >= sizeof path) { fail(s, a, ENAMETOOLONG, "PATH is longer than %d bytes", PATH_MAX - 1); return false; }
  copyStr(path, sizeof path, t);
  if (strlen(path) != t.n) { fail(s, a, EINVAL, "PATH holds a NUL byte"); return false; }
  if (path[0] != '/') {
    fail(s, a, EINVAL, "PATH '%s' is not an absolute path", path);
    return false;
  }
  const char *last = path + t.n;
  while (last[-1] != '/') --last;
  bool whole = !keepLast || !*last || !strcmp(last, ".") || !strcmp(last, "..");
  char parent[PATH_MAX];
  size_t pn = whole ? strlen(path) : (size_t)(last - path - 1);
  if (!pn) pn = 1; // "/x": the parent is "/"
  memcpy(parent, path, pn);
  parent[pn] = 0;
  if (!realpath(parent, res)) {
    int e = errno;
    fail(s, a, e, "resolving %s failed: %s", parent, strerror(e));
    return false;
  }
  if (!whole) {
    size_t rn = strlen(res);
    if (rn == 1) rn = 0; // the root folder: no second '/'
    if (rn + 1 + strlen(last) >= sizeof res) { fail(s, a, ENAMETOOLONG, "%s is too long once resolved", path); return false; }
    res[rn] = '/';
    memcpy(res + rn + 1, last, strlen(last) + 1);
  }
  if (!confined(res)) {
    fail(s, a, EACCES, "%s%s%s is outside /proc and /sys", path, strcmp(path, res) ? " -> " : "",
         strcmp(path, res) ? res : "");
    return false;
  }
  return true;
}

// File type words, indexed by the DT_* value (= S_IF* >> 12); null if none.
const char *typeName(unsigned dt) {
  static const char kNames[13][5] = {"", "fifo", "chr", "", "dir", "", "blk", "", "reg", "", "lnk", "", "sock"};
  return dt < 13 && kNames[dt][0] ? kNames[dt] : nullptr;
}

} // namespace

void cmdFileStat(Session &s, const Args &a) {
  char path[PATH_MAX], res[PATH_MAX];
  if (!resolvePath(s, a, path, res, true)) return;
  struct stat st;
  if (lstat(res, &st) < 0) { int e = errno; fail(s, a, e, "lstat of %s failed: %s", path, strerror(e)); return; }
  const char *type = typeName((st.st_mode >> 12) & 15);
  s.out().payloadf("type=%s size=%lld mode=0%03o nlink=%llu mtime=%lld", type ? type : "unknown",
                   (long long)st.st_size, (unsigned)(st.st_mode & 07777), (unsigned long long)st.st_nlink,
                   (long long)st.st_mtime);
  succeed(s, a, 0);
}

void cmdFileReadlink(Session &s, const Args &a) {
  char path[PATH_MAX], res[PATH_MAX], target[PATH_MAX];
  if (!resolvePath(s, a, path, res, true)) return;
  ssize_t n = readlink(res, target, sizeof target);
  if (n < 0) { int e = errno; fail(s, a, e, "readlink of %s failed: %s", path, strerror(e)); return; }
  if ((size_t)n == sizeof target) { fail(s, a, ENAMETOOLONG, "the link %s is too long", path); return; }
  s.out().beginPayload();
  s.out().escaped(StrRef(target, (size_t)n));
  s.out().endPayload();
  succeed(s, a, 0);
}

void cmdFileList(Session &s, const Args &a) {
  char path[PATH_MAX], res[PATH_MAX];
  if (!resolvePath(s, a, path, res, true)) return;
  int fd = open(res, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
  DIR *d = fd < 0 ? nullptr : fdopendir(fd);
  if (!d) {
    int e = errno;
    if (fd >= 0) close(fd);
    fail(s, a, e, "listing %s failed: %s", path, strerror(e));
    return;
  }
  long count = 0;
  while (struct dirent *de = readdir(d)) {
    const char *name = de->d_name;
    if (!strcmp(name, ".") || !strcmp(name, "..")) continue;
    const char *type = typeName(de->d_type);
    struct stat st;
    if (!type && fstatat(fd, name, &st, AT_SYMLINK_NOFOLLOW) == 0) type = typeName((st.st_mode >> 12) & 15);
    if (!type) continue; // gone meanwhile (an exited process)
    s.out().beginPayload();
    s.out().textf("%s ", type);
    s.out().escaped(name);
    s.out().endPayload();
    ++count;
  }
  closedir(d);
  succeed(s, a, count);
}

// /proc/PID/map_files/START-END (or /proc/self/...): a file a process has mapped (its program
// and libraries, for user-space symbols). The magic link is opened as it is:
// what it leads to is wherever the file lives, and only a regular file is
// accepted.
bool isMapFile(StrRef p) {
  const char *c = p.p, *end = p.p + p.n;
  auto skip = [&](const char *lit) {
    size_t n = strlen(lit);
    if ((size_t)(end - c) < n || memcmp(c, lit, n)) return false;
    c += n;
    return true;
  };
  auto run = [&](bool hex) {
    const char *from = c;
    while (c < end && (hex ? isxdigit((unsigned char)*c) : isdigit((unsigned char)*c))) ++c;
    return c > from && c - from <= 16;
  };
  return skip("/proc/") && (skip("self") || run(false)) && skip("/map_files/") && run(true) && skip("-") &&
         run(true) && c == end;
}

void cmdFileOpen(Session &s, const Args &a) {
  char path[PATH_MAX], res[PATH_MAX];
  if (isMapFile(a.v[0]) && a.v[0].n < sizeof path) {
    copyStr(path, sizeof path, a.v[0]);
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    struct stat st;
    if (fd < 0 || fstat(fd, &st) < 0 || !S_ISREG(st.st_mode)) {
      int e = fd < 0 ? errno : EACCES;
      if (fd >= 0) close(fd);
      fail(s, a, e, "opening the mapped file %s failed: %s", path, strerror(e));
      return;
    }
    if (s.addHandle(fd, HandleKind::File, path) < 0) {
      close(fd);
      fail(s, a, ENOMEM, "no memory for the handle of %s", path);
      return;
    }
    succeed(s, a, fd);
    return;
  }
  if (!resolvePath(s, a, path, res, false)) return;
  // O_NOFOLLOW: res has no symlink left; one put there meanwhile is refused.
  int fd = open(res, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOFOLLOW);
  if (fd < 0) { int e = errno; fail(s, a, e, "opening %s failed: %s", path, strerror(e)); return; }
  if (s.addHandle(fd, HandleKind::File, res) < 0) {
    close(fd);
    fail(s, a, ENOMEM, "no memory for the handle of %s", path);
    return;
  }
  succeed(s, a, fd);
}

void cmdFileRead(Session &s, const Args &a) {
  Handle *h = s.findHandle(a.v[0], a, kindBit(HandleKind::File));
  if (!h) return;
  uint64_t max, wait = 0;
  if (!parseU64(a.v[1], &max) || max < 1 || max > kMaxRead) {
    fail(s, a, EINVAL, "MAX must be 1 to %llu", (unsigned long long)kMaxRead);
    return;
  }
  if (a.n > 2 && (!parseU64(a.v[2], &wait) || wait > kMaxWaitMs)) {
    fail(s, a, EINVAL, "WAIT_MS must be 0 to %llu", (unsigned long long)kMaxWaitMs);
    return;
  }
  Bytes buf;
  if (!buf.reserve(max)) { fail(s, a, ENOMEM, "no memory for %llu bytes", (unsigned long long)max); return; }
  // Reads until MAX or end of file. A pipe-like file (trace_pipe) answers
  // EAGAIN when empty: what was read so far is the reply; with nothing read,
  // wait once up to WAIT_MS and read again (also when poll() is not told).
  bool waited = wait == 0;
  while (buf.size() < max) {
    ssize_t n = read(h->fd, buf.data() + buf.size(), max - buf.size());
    if (n > 0) { buf.commit((size_t)n); continue; }
    if (n == 0) break;
    int e = errno;
    if (e == EINTR) continue;
    if (buf.size()) break;
    if (e == EAGAIN && !waited) {
      struct pollfd p = {h->fd, POLLIN, 0};
      poll(&p, 1, (int)wait);
      waited = true;
      continue;
    }
    if (e == EAGAIN) fail(s, a, e, "no data in %s within %llu ms", h->name, (unsigned long long)wait);
    else fail(s, a, e, "reading %s failed: %s", h->name, strerror(e));
    return;
  }
  s.out().beginPayload();
  s.out().base64(buf.data(), buf.size());
  s.out().endPayload();
  succeed(s, a, (int64_t)buf.size());
}

} // namespace bpfd
