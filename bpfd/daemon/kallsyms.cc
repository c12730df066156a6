// /proc/kallsyms, streamed a read at a time (it is megabytes on a kernel
// with modules): lines "ADDRESS TYPE NAME[\t[MODULE]]".
#include "kallsyms.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>

namespace bpfd {

static bool parseLine(StrRef line, StrRef *name, uint64_t *addr, char *type, StrRef *module) {
  size_t i = 0;
  uint64_t a = 0;
  for (; i < line.n && line.p[i] != ' '; ++i) {
    char c = line.p[i];
    unsigned d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10
               : c >= 'A' && c <= 'F' ? c - 'A' + 10 : 16;
    if (d == 16) return false;
    a = a << 4 | d;
  }
  // " T " then the name.
  if (i + 3 > line.n) return false;
  *type = line.p[i + 1];
  i += 3;
  size_t b = i;
  while (i < line.n && line.p[i] != '\t' && line.p[i] != ' ') ++i;
  *name = StrRef(line.p + b, i - b);
  *addr = a;
  *module = StrRef("", 0);
  while (i < line.n && (line.p[i] == '\t' || line.p[i] == ' ')) ++i;
  if (i + 2 <= line.n && line.p[i] == '[' && line.p[line.n - 1] == ']')
    *module = StrRef(line.p + i + 1, line.n - i - 2);
  return name->n > 0;
}

int forEachKallsym(void *ctx, bool (*fn)(void *ctx, StrRef name, uint64_t addr, char type, StrRef module)) {
  int fd = open("/proc/kallsyms", O_RDONLY | O_CLOEXEC);
  if (fd < 0) return -errno;
  static char buf[65536];
  size_t have = 0;
  for (;;) {
    ssize_t n = read(fd, buf + have, sizeof buf - have);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) { int e = errno; close(fd); return -e; }
    have += (size_t)n;
    bool eof = n == 0;
    size_t start = 0;
    while (start < have) {
      const char *nl = static_cast<const char *>(memchr(buf + start, '\n', have - start));
      if (!nl && !eof && !(start == 0 && have == sizeof buf)) break; // the rest comes with the next read
      size_t end = nl ? (size_t)(nl - buf) : have;
      StrRef name, module;
      uint64_t addr;
      char type;
      if (parseLine(StrRef(buf + start, end - start), &name, &addr, &type, &module) &&
          !fn(ctx, name, addr, type, module)) {
        close(fd);
        return 0;
      }
      start = nl ? end + 1 : have;
    }
    memmove(buf, buf + start, have - start);
    have -= start;
    if (eof) break;
  }
  close(fd);
  return 0;
}

namespace {
struct FindCtx {
  StrRef name;
  uint64_t addr;
  bool found;
};
} // namespace

int kallsymsFind(StrRef name, uint64_t *addr) {
  FindCtx c = {name, 0, false};
  int err = forEachKallsym(&c, [](void *ctx, StrRef n, uint64_t a, char, StrRef module) {
    FindCtx *f = static_cast<FindCtx *>(ctx);
    if (module.n || !n.eq2(f->name)) return true;
    f->addr = a;
    f->found = true;
    return false;
  });
  if (err < 0) return err;
  if (!c.found) return -ENOENT;
  *addr = c.addr;
  return 0;
}

bool globMatch(StrRef s, StrRef p) {
  size_t i = 0, j = 0, star = (size_t)-1, mark = 0;
  while (i < s.n) {
    if (j < p.n && (p.p[j] == '?' || p.p[j] == s.p[i])) { ++i; ++j; }
    else if (j < p.n && p.p[j] == '*') { star = j++; mark = i; }
    else if (star != (size_t)-1) { j = star + 1; i = ++mark; }
    else return false;
  }
  while (j < p.n && p.p[j] == '*') ++j;
  return j == p.n;
}

static const char *syscallPrefix() {
#if defined(__aarch64__)
  return "arm64";
#elif defined(__x86_64__)
  return "x64";
#elif defined(__arm__)
  return "arm";
#elif defined(__s390x__)
  return "s390x";
#elif defined(__powerpc__)
  return "powerpc";
#elif defined(__riscv) && __riscv_xlen == 64
  return "riscv";
#else
  return nullptr;
#endif
}

bool hasSyscallWrapper() {
  static int known = -1;
  if (known < 0) {
    char name[64];
    uint64_t addr;
    known = syscallPrefix() && snprintf(name, sizeof name, "__%s_sys_bpf", syscallPrefix()) > 0 &&
            kallsymsFind(StrRef(name), &addr) == 0;
  }
  return known == 1;
}

bool syscallFunction(StrRef name, char *out, size_t cap) {
  int n = hasSyscallWrapper() ? snprintf(out, cap, "__%s_sys_%.*s", syscallPrefix(), (int)name.n, name.p)
                              : snprintf(out, cap, "__se_sys_%.*s", (int)name.n, name.p);
  return n > 0 && (size_t)n < cap;
}

} // namespace bpfd
