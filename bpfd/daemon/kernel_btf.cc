#include "kernel_btf.h"

#include "kernel_info.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>

namespace bpfd {

namespace {

constexpr size_t kMaxVmlinuxBtf = 256u << 20;
constexpr size_t kMaxModuleBtf = 16u << 20;

} // namespace

bool KernelBtf::load(char *err, size_t errCap, bool *missing) {
  if (missing) *missing = false;
  if (loaded_) return true;
  const char *path = "/sys/kernel/btf/vmlinux";
  int r = readFile(path, &data_, kMaxVmlinuxBtf);
  if (r < 0) {
    if (missing) *missing = r == -ENOENT;
    snprintf(err, errCap, "the kernel has no BTF (%s: %s)", path, strerror(-r));
    return false;
  }
  char why[160];
  if (!vmlinux_.parse(data_.data(), data_.size(), why, sizeof why)) {
    snprintf(err, errCap, "%s: %s", path, why);
    return false;
  }
  loaded_ = true;
  return true;
}

bool visitModuleBtf(const Btf &vmlinux, Bytes *data, Btf *mod,
                    bool (*visit)(const Btf &mod, const char *module, void *ctx), void *ctx) {
  DIR *d = opendir("/sys/kernel/btf");
  if (!d) return false;
  bool done = false;
  char path[300], why[64];
  while (struct dirent *e = done ? nullptr : readdir(d)) {
    if (e->d_name[0] == '.' || !strcmp(e->d_name, "vmlinux")) continue;
    snprintf(path, sizeof path, "/sys/kernel/btf/%s", e->d_name);
    if (readFile(path, data, kMaxModuleBtf) < 0 || !mod->parse(data->data(), data->size(), why, sizeof why, &vmlinux))
      continue;
    done = visit(*mod, e->d_name, ctx);
  }
  closedir(d);
  return done;
}

} // namespace bpfd
