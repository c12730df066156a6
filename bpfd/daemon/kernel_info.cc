#include "kernel_info.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <unistd.h>

namespace bpfd {

const char *runningArch() {
#if defined(__aarch64__)
  return "arm64";
#elif defined(__x86_64__)
  return "x86_64";
#elif defined(__arm__)
  return "arm";
#elif defined(__s390x__)
  return "s390x";
#elif defined(__powerpc64__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
  return "ppc64le";
#elif defined(__riscv) && __riscv_xlen == 64
  return "riscv64";
#else
  return "unknown";
#endif
}

static struct utsname *uts() {
  static struct utsname u;
  static bool done = false;
  if (!done) {
    if (uname(&u) != 0) memset(&u, 0, sizeof u);
    done = true;
  }
  return &u;
}

const char *kernelRelease() { return uts()->release; }

static bool readVersionTriple(const char *s, unsigned v[3]) {
  v[0] = v[1] = v[2] = 0;
  for (int k = 0; k < 3; ++k) {
    if (*s < '0' || *s > '9') return k >= 2;
    while (*s >= '0' && *s <= '9') { v[k] = v[k] * 10 + (unsigned)(*s - '0'); if (v[k] > 100000) return false; ++s; }
    if (k < 2) { if (*s != '.') return k >= 1; ++s; }
  }
  return true;
}

uint32_t kernelVersionCode() {
  unsigned v[3];
  if (!readVersionTriple(kernelRelease(), v)) return 0;
  // Debian's release string says 6.1.0-NN; the real sublevel is in uname -v
  // ("... Debian 6.1.158-1 ...").
  const char *d = strstr(uts()->version, "Debian ");
  unsigned dv[3];
  if (d && readVersionTriple(d + 7, dv) && dv[0] == v[0] && dv[1] == v[1]) v[2] = dv[2];
  return (v[0] << 16) + (v[1] << 8) + (v[2] > 255 ? 255 : v[2]);
}

bool haveVmlinuxBtf() { return access("/sys/kernel/btf/vmlinux", R_OK) == 0; }

const char *tracefsRoot() {
  if (access("/sys/kernel/tracing/events", R_OK) == 0) return "/sys/kernel/tracing";
  if (access("/sys/kernel/debug/tracing/events", R_OK) == 0) return "/sys/kernel/debug/tracing";
  return nullptr;
}

int readFile(const char *path, Bytes *out, size_t maxBytes) {
  int fd = open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0) return -errno;
  out->clear();
  for (;;) {
    if (!out->reserve(out->size() + 65536)) { close(fd); return -ENOMEM; }
    ssize_t n = read(fd, out->data() + out->size(), 65536);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) { int e = errno; close(fd); return -e; }
    if (n == 0) break;
    out->commit((size_t)n);
    if (out->size() > maxBytes) { close(fd); return -EFBIG; }
  }
  close(fd);
  return 0;
}

bool isSafeName(StrRef s, size_t maxLen) {
  if (s.n == 0 || s.n > maxLen || s.eq(".") || s.eq("..")) return false;
  for (size_t i = 0; i < s.n; ++i)
    if (!isKernelNameChar(s.p[i]) && s.p[i] != '-') return false;
  return true;
}

static int compareCStr(const void *a, const void *b) {
  return strcmp(*static_cast<char *const *>(a), *static_cast<char *const *>(b));
}

// Sorted names of the subfolders of dir (caller frees each and the array).
static int listDirs(const char *dir, Vec<char *> *out) {
  DIR *d = opendir(dir);
  if (!d) return -errno;
  while (struct dirent *e = readdir(d)) {
    if (e->d_name[0] == '.') continue;
    if (e->d_type != DT_DIR && e->d_type != DT_UNKNOWN) continue;
    char *copy = strdup(e->d_name);
    if (!copy || !out->push(copy)) { free(copy); break; }
  }
  closedir(d);
  qsort(out->data(), out->size(), sizeof(char *), compareCStr);
  return 0;
}

static void freeAll(Vec<char *> &v) {
  for (char *p : v) free(p);
  v.clear();
}

static bool eventsDir(char *buf, size_t cap, char *msg, size_t msgCap) {
  const char *root = tracefsRoot();
  if (!root) {
    snprintf(msg, msgCap, "tracefs is not mounted (no events/ in /sys/kernel/tracing or /sys/kernel/debug/tracing)");
    return false;
  }
  snprintf(buf, cap, "%s/events", root);
  return true;
}

long listTraceCategories(Reply &out, char *msg, size_t cap) {
  char dir[256];
  if (!eventsDir(dir, sizeof dir, msg, cap)) return -ENOENT;
  Vec<char *> names;
  int err = listDirs(dir, &names);
  if (err < 0) { snprintf(msg, cap, "cannot list %s: %s", dir, strerror(-err)); return err; }
  for (char *n : names) out.payloadLine(n);
  long count = (long)names.size();
  freeAll(names);
  return count;
}

long listTraceEvents(Reply &out, StrRef category, char *msg, size_t cap) {
  char dir[512];
  if (!isSafeName(category, 128)) { snprintf(msg, cap, "bad category name"); return -EINVAL; }
  if (!eventsDir(dir, sizeof dir, msg, cap)) return -ENOENT;
  size_t l = strlen(dir);
  snprintf(dir + l, sizeof dir - l, "/%.*s", (int)category.n, category.p);
  Vec<char *> names;
  int err = listDirs(dir, &names);
  if (err < 0) { snprintf(msg, cap, "no trace event category '%.*s': %s", (int)category.n, category.p, strerror(-err)); return err; }
  for (char *n : names) out.payloadLine(n);
  long count = (long)names.size();
  freeAll(names);
  return count;
}

static bool eventPath(char *buf, size_t bufCap, StrRef cat, StrRef name, const char *file, char *msg, size_t cap) {
  if (!isSafeName(cat, 128) || !isSafeName(name, 128)) { snprintf(msg, cap, "bad trace event name"); return false; }
  char dir[256];
  if (!eventsDir(dir, sizeof dir, msg, cap)) return false;
  snprintf(buf, bufCap, "%s/%.*s/%.*s/%s", dir, (int)cat.n, cat.p, (int)name.n, name.p, file);
  return true;
}

long emitFileLines(Reply &out, const char *path, char *msg, size_t cap) {
  Bytes buf;
  int err = readFile(path, &buf, 64u << 20);
  if (err < 0) { snprintf(msg, cap, "cannot read %s: %s", path, strerror(-err)); return err; }
  long lines = 0;
  forEachLine(buf, [&](StrRef line) { out.payloadLine(line); ++lines; });
  return lines;
}

long traceEventFormat(Reply &out, StrRef cat, StrRef name, char *msg, size_t cap) {
  char path[512];
  if (!eventPath(path, sizeof path, cat, name, "format", msg, cap)) return tracefsRoot() ? -EINVAL : -ENOENT;
  return emitFileLines(out, path, msg, cap);
}

int traceEventId(StrRef cat, StrRef name, char *msg, size_t cap) {
  char path[512];
  if (!eventPath(path, sizeof path, cat, name, "id", msg, cap)) return tracefsRoot() ? -EINVAL : -ENOENT;
  Bytes buf;
  int err = readFile(path, &buf, 64);
  if (err < 0) {
    snprintf(msg, cap, "no tracepoint %.*s/%.*s: %s", (int)cat.n, cat.p, (int)name.n, name.p, strerror(-err));
    return err;
  }
  uint64_t id = 0;
  size_t n = buf.size();
  while (n && (buf[n - 1] == '\n' || buf[n - 1] == ' ')) --n;
  if (!parseU64(StrRef((const char *)buf.data(), n), &id) || id > INT32_MAX) {
    snprintf(msg, cap, "%s does not hold a number", path);
    return -EINVAL;
  }
  return (int)id;
}

// The blacklist file has lines "0xSTART-0xEND\tNAME"; collects NAMEs, sorted.
static int readBlacklist(Vec<char *> *names) {
  Bytes buf;
  int err = readFile("/sys/kernel/debug/kprobes/blacklist", &buf, 16u << 20);
  if (err < 0) return err;
  forEachLine(buf, [&](StrRef line) {
    const char *tab = static_cast<const char *>(memchr(line.p, '\t', line.n));
    if (!tab) return;
    StrRef name(tab + 1, line.n - (size_t)(tab + 1 - line.p));
    char *copy = static_cast<char *>(malloc(name.n + 1));
    if (!copy) return;
    copyStr(copy, name.n + 1, name);
    if (!names->push(copy)) free(copy);
  });
  qsort(names->data(), names->size(), sizeof(char *), compareCStr);
  return 0;
}

long listKprobesBlacklist(Reply &out, char *msg, size_t cap) {
  Vec<char *> names;
  int err = readBlacklist(&names);
  if (err < 0) { snprintf(msg, cap, "cannot read debugfs kprobes/blacklist: %s", strerror(-err)); return err; }
  for (char *n : names) out.payloadLine(n);
  long count = (long)names.size();
  freeAll(names);
  return count;
}

long listFilterFunctions(Reply &out, char *msg, size_t cap) {
  const char *root = tracefsRoot();
  if (!root) { snprintf(msg, cap, "tracefs is not mounted"); return -ENOENT; }
  char path[256];
  snprintf(path, sizeof path, "%s/available_filter_functions", root);
  return emitFileLines(out, path, msg, cap);
}

static bool inFilter(StrRef filter, const char *cat) {
  if (filter.eq("all")) return true;
  if (filter.eq("none")) return false;
  size_t i = 0, l = strlen(cat);
  while (i <= filter.n) {
    size_t j = i;
    while (j < filter.n && filter.p[j] != ',') ++j;
    if (j - i == l && memcmp(filter.p + i, cat, l) == 0) return true;
    i = j + 1;
  }
  return false;
}

// "\tfield:char prev_comm[16];\toffset:8;\tsize:16;\tsigned:0;"
static void emitField(Reply &out, const char *cat, const char *ev, StrRef line) {
  const char *f = static_cast<const char *>(memmem(line.p, line.n, "field:", 6));
  if (!f) return;
  f += 6;
  const char *end = line.p + line.n;
  const char *semi = static_cast<const char *>(memchr(f, ';', end - f));
  if (!semi) return;
  StrRef decl(f, semi - f);
  long vals[3] = {0, 0, 0};
  const char *keys[3] = {"offset:", "size:", "signed:"};
  for (int k = 0; k < 3; ++k) {
    const char *kp = static_cast<const char *>(memmem(semi, end - semi, keys[k], strlen(keys[k])));
    if (!kp) return;
    vals[k] = strtol(kp + strlen(keys[k]), nullptr, 10);
  }
  out.beginPayload();
  out.textf("field %s %s %ld %ld %ld ", cat, ev, vals[0], vals[1], vals[2]);
  out.text(decl);
  out.endPayload();
}

long targetProfile(Reply &out, StrRef tpFilter, StrRef kfuncs, char *msg, size_t cap) {
  long lines = 0;
  out.payloadLine("bpfd-profile version=1");
  out.payloadf("arch %s", runningArch());
  out.payloadf("release %s", kernelRelease());
  out.payloadf("version_code %u", kernelVersionCode());
  out.payloadf("btf_vmlinux %d", haveVmlinuxBtf() ? 1 : 0);
  lines += 5;
  if (!tpFilter.eq("none")) {
    char dir[256];
    if (!eventsDir(dir, sizeof dir, msg, cap)) return -ENOENT;
    Vec<char *> cats;
    listDirs(dir, &cats);
    for (char *cat : cats) {
      if (out.readerGone()) break;  // the link died: stop reading tracefs
      if (!inFilter(tpFilter, cat)) continue;
      char cdir[512];
      snprintf(cdir, sizeof cdir, "%s/%s", dir, cat);
      Vec<char *> evs;
      listDirs(cdir, &evs);
      for (char *ev : evs) {
        if (out.gone()) break;
        char path[768];
        snprintf(path, sizeof path, "%s/%s/format", cdir, ev);
        Bytes buf;
        if (readFile(path, &buf, 1u << 20) < 0) continue;
        long id = -1;
        forEachLine(buf, [&](StrRef l) {
          if (l.starts("ID: ")) id = strtol(l.p + 4, nullptr, 10);
        });
        out.payloadf("tracepoint %s %s %ld", cat, ev, id);
        ++lines;
        forEachLine(buf, [&](StrRef l) {
          if (memmem(l.p, l.n, "field:", 6)) { emitField(out, cat, ev, l); ++lines; }
        });
      }
      freeAll(evs);
    }
    freeAll(cats);
  }
  if (kfuncs.eq("all") && !out.readerGone()) {
    const char *root = tracefsRoot();
    char path[256];
    snprintf(path, sizeof path, "%s/available_filter_functions", root ? root : "/sys/kernel/tracing");
    Bytes buf;
    int err = readFile(path, &buf, 64u << 20);
    if (err < 0) { snprintf(msg, cap, "cannot read %s: %s", path, strerror(-err)); return err; }
    Vec<char *> black;
    readBlacklist(&black);
    forEachLine(buf, [&](StrRef l) {
      // "name" or "name [module]"
      size_t n = 0;
      while (n < l.n && l.p[n] != ' ') ++n;
      if (n == 0 || n > 255) return;
      char name[256];
      copyStr(name, sizeof name, StrRef(l.p, n));
      char *key = name;
      if (bsearch(&key, black.data(), black.size(), sizeof(char *), compareCStr)) return;
      out.beginPayload();
      out.text("kfunc ");
      out.text(l);
      out.endPayload();
      ++lines;
    });
    freeAll(black);
  }
  out.payloadLine("end");
  return lines + 1;
}

} // namespace bpfd
