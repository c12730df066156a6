#include "uprobe_target.h"

#include "kernel_info.h"

#include <dirent.h>
#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

namespace bpfd {

namespace {

#if defined(__aarch64__)
constexpr unsigned kMachine = EM_AARCH64;
#define BPFD_MULTIARCH "aarch64-linux-gnu"
#elif defined(__x86_64__)
constexpr unsigned kMachine = EM_X86_64;
#define BPFD_MULTIARCH "x86_64-linux-gnu"
#elif defined(__s390x__)
constexpr unsigned kMachine = EM_S390;
#define BPFD_MULTIARCH "s390x-linux-gnu"
#elif defined(__powerpc64__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
constexpr unsigned kMachine = EM_PPC64;
#define BPFD_MULTIARCH "powerpc64le-linux-gnu"
#elif defined(__riscv) && __riscv_xlen == 64
constexpr unsigned kMachine = EM_RISCV;
#define BPFD_MULTIARCH "riscv64-linux-gnu"
#elif defined(__arm__)
constexpr unsigned kMachine = EM_ARM;
#define BPFD_MULTIARCH "arm-linux-gnueabihf"
#else
constexpr unsigned kMachine = EM_NONE; // any 64-bit ELF
#define BPFD_MULTIARCH "unknown"
#endif

// The ELF class of this machine's programs: 64-bit, or 32-bit where bpfd
// itself is (armhf). Binaries and libraries of the other class are refused.
#if UINTPTR_MAX == 0xffffffffu
using Ehdr = Elf32_Ehdr;
using Phdr = Elf32_Phdr;
using Shdr = Elf32_Shdr;
using Sym = Elf32_Sym;
constexpr unsigned char kElfClass = ELFCLASS32;
#define BPFD_ELF_BITS "32"
#define BPFD_ST_TYPE ELF32_ST_TYPE
#else
using Ehdr = Elf64_Ehdr;
using Phdr = Elf64_Phdr;
using Shdr = Elf64_Shdr;
using Sym = Elf64_Sym;
constexpr unsigned char kElfClass = ELFCLASS64;
#define BPFD_ELF_BITS "64"
#define BPFD_ST_TYPE ELF64_ST_TYPE
#endif

// Where BCC's fallback and the dynamic loaders look, most specific first.
const char *const kLibraryDirs[] = {"/lib/" BPFD_MULTIARCH, "/usr/lib/" BPFD_MULTIARCH,
                                    "/lib64", "/usr/lib64", "/lib", "/usr/lib",
                                    "/system/lib64", "/vendor/lib64"};

// A read-only mapping of a whole file.
struct MappedFile {
  const uint8_t *p = nullptr;
  size_t n = 0;
  ~MappedFile() {
    if (p) munmap(const_cast<uint8_t *>(p), n);
  }
  int open(const char *path) {
    int fd = ::open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return -errno;
    struct stat st;
    int err = fstat(fd, &st) < 0 ? -errno : !S_ISREG(st.st_mode) ? -EINVAL : 0;
    if (!err && (st.st_size == 0 || (uint64_t)st.st_size > (1ull << 31)))
      err = -ENOEXEC;
    if (!err) {
      void *m = mmap(nullptr, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
      if (m == MAP_FAILED) err = -errno;
      else { p = static_cast<const uint8_t *>(m); n = (size_t)st.st_size; }
    }
    close(fd);
    return err;
  }
  bool has(uint64_t off, uint64_t len) const { return off <= n && len <= n - off; }
};

// A file that starts as an ELF file of this machine's class (of any machine).
bool isElfFile(const char *path) {
  int fd = open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0) return false;
  unsigned char ident[EI_NIDENT];
  bool ok = read(fd, ident, sizeof ident) == (ssize_t)sizeof ident && !memcmp(ident, ELFMAG, SELFMAG) &&
            ident[EI_CLASS] == kElfClass;
  close(fd);
  return ok;
}

// An ELF file of this machine and class (a library of another ABI, a linker
// script named libc.so or a library of the other class does not count).
bool isOurElf(const char *path) {
  int fd = open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0) return false;
  Ehdr eh;
  bool ok = read(fd, &eh, sizeof eh) == (ssize_t)sizeof eh && !memcmp(eh.e_ident, ELFMAG, SELFMAG) &&
            eh.e_ident[EI_CLASS] == kElfClass && (kMachine == EM_NONE || eh.e_machine == kMachine);
  close(fd);
  return ok;
}

// "lib<NAME>.so" exactly or followed by a version: ".so.6", ".so.1.1".
bool isLibraryFile(StrRef file, StrRef name) {
  if (file.n < name.n + 6 || memcmp(file.p, "lib", 3) || memcmp(file.p + 3, name.p, name.n) ||
      memcmp(file.p + 3 + name.n, ".so", 3))
    return false;
  return file.n == name.n + 6 || file.p[name.n + 6] == '.';
}

// glibc's ld.so.cache in its "new" format (written alone since glibc 2.32,
// after the old one before): entries of {flags, key, value, osversion,
// hwcap}, strings relative to the new header.
bool findInLdCache(StrRef name, char *path, size_t cap) {
  Bytes buf;
  if (readFile("/etc/ld.so.cache", &buf, 16u << 20) < 0) return false;
  static const char kMagic[] = "glibc-ld.so.cache1.1";
  const void *hit = memmem(buf.data(), buf.size(), kMagic, sizeof kMagic - 1);
  if (!hit) return false;
  const uint8_t *base = static_cast<const uint8_t *>(hit);
  size_t avail = buf.size() - (size_t)(base - buf.data());
  constexpr size_t kHeader = 48, kEntry = 24;
  if (avail < kHeader) return false;
  uint32_t count;
  memcpy(&count, base + 20, 4);
  if (count > (avail - kHeader) / kEntry) return false;
  for (uint32_t i = 0; i < count; ++i) {
    uint32_t key, value;
    memcpy(&key, base + kHeader + i * kEntry + 4, 4);
    memcpy(&value, base + kHeader + i * kEntry + 8, 4);
    if (key >= avail || value >= avail) continue;
    const char *k = reinterpret_cast<const char *>(base + key);
    const char *v = reinterpret_cast<const char *>(base + value);
    size_t kn = strnlen(k, avail - key), vn = strnlen(v, avail - value);
    if (kn == avail - key || vn == avail - value || vn >= cap) continue;
    if (!isLibraryFile(StrRef(k, kn), name) || !isOurElf(v)) continue;
    memcpy(path, v, vn + 1);
    return true;
  }
  return false;
}

// The first folder of kLibraryDirs holding lib<NAME>.so*; in a folder the
// smallest such name that is an ELF library of this machine.
bool findInLibraryDirs(StrRef name, char *path, size_t cap) {
  for (const char *dir : kLibraryDirs) {
    DIR *d = opendir(dir);
    if (!d) continue;
    char best[256] = "";
    while (struct dirent *e = readdir(d)) {
      char full[512];
      if (!isLibraryFile(StrRef(e->d_name), name) || (best[0] && strcmp(e->d_name, best) >= 0)) continue;
      snprintf(full, sizeof full, "%s/%s", dir, e->d_name);
      if (isOurElf(full)) copyStr(best, sizeof best, StrRef(e->d_name));
    }
    closedir(d);
    if (best[0] && (size_t)snprintf(path, cap, "%s/%s", dir, best) < cap) return true;
  }
  return false;
}

int findBinary(StrRef binary, char *path, size_t cap, char *msg, size_t msgCap) {
  if (memchr(binary.p, '/', binary.n)) {
    if (binary.n >= cap) { snprintf(msg, msgCap, "uprobe binary path is too long"); return -ENAMETOOLONG; }
    copyStr(path, cap, binary);
    if (access(path, R_OK) < 0) {
      int err = -errno;
      snprintf(msg, msgCap, "uprobe binary %s: %s", path, strerror(-err));
      return err;
    }
    // A folder or a file that is no ELF file can hold no probe.
    struct stat st;
    if (stat(path, &st) < 0 || !S_ISREG(st.st_mode)) {
      snprintf(msg, msgCap, "uprobe binary %s is not a regular file", path);
      return -EINVAL;
    }
    if (!isElfFile(path)) {
      snprintf(msg, msgCap, "uprobe binary %s is not a " BPFD_ELF_BITS "-bit ELF file", path);
      return -ENOEXEC;
    }
    return 0;
  }
  if (findInLdCache(binary, path, cap) || findInLibraryDirs(binary, path, cap)) return 0;
  snprintf(msg, msgCap, "no library lib%.*s.so* for this machine in /etc/ld.so.cache or the library folders",
           (int)binary.n, binary.p);
  return -ENOENT;
}

// A symbol's (or a virtual address's) file offset, from the PT_LOAD segment
// holding it.
int fileOffset(const MappedFile &f, const Ehdr &eh, uint64_t vaddr, uint64_t *offset) {
  if (eh.e_phentsize != sizeof(Phdr) || !f.has(eh.e_phoff, (uint64_t)eh.e_phnum * sizeof(Phdr)))
    return -ENOEXEC;
  for (unsigned i = 0; i < eh.e_phnum; ++i) {
    Phdr ph;
    memcpy(&ph, f.p + eh.e_phoff + i * sizeof ph, sizeof ph);
    if (ph.p_type == PT_LOAD && vaddr >= ph.p_vaddr && vaddr - ph.p_vaddr < ph.p_filesz) {
      *offset = vaddr - ph.p_vaddr + ph.p_offset;
      return 0;
    }
  }
  return -ENXIO;
}

// st_value of the defined function SYMBOL, from .symtab, else .dynsym.
bool findSymbol(const MappedFile &f, const Ehdr &eh, StrRef symbol, uint64_t *value) {
  static const uint32_t kTables[] = {SHT_SYMTAB, SHT_DYNSYM};
  for (uint32_t want : kTables) {
    for (unsigned i = 0; i < eh.e_shnum; ++i) {
      Shdr sh, strh;
      memcpy(&sh, f.p + eh.e_shoff + i * sizeof sh, sizeof sh);
      if (sh.sh_type != want || sh.sh_link >= eh.e_shnum || sh.sh_entsize != sizeof(Sym) ||
          !f.has(sh.sh_offset, sh.sh_size))
        continue;
      memcpy(&strh, f.p + eh.e_shoff + sh.sh_link * sizeof strh, sizeof strh);
      if (!f.has(strh.sh_offset, strh.sh_size)) continue;
      const char *strs = reinterpret_cast<const char *>(f.p + strh.sh_offset);
      for (uint64_t k = 0; k < sh.sh_size / sizeof(Sym); ++k) {
        Sym s;
        memcpy(&s, f.p + sh.sh_offset + k * sizeof s, sizeof s);
        if (BPFD_ST_TYPE(s.st_info) != STT_FUNC || s.st_shndx == SHN_UNDEF || s.st_name >= strh.sh_size ||
            strnlen(strs + s.st_name, strh.sh_size - s.st_name) != symbol.n ||
            memcmp(strs + s.st_name, symbol.p, symbol.n))
          continue;
        *value = s.st_value;
        // A Thumb function's symbol has bit 0 set; its code starts below.
        if (kMachine == EM_ARM) *value &= ~(uint64_t)1;
        // ppc64le (ELFv2): calls inside the binary enter at the local entry
        // point, past the TOC set-up st_other counts (as BCC and perf probe).
        if (kMachine == EM_PPC64) *value += ((1u << ((s.st_other & 0xe0) >> 5)) >> 2) << 2;
        return true;
      }
    }
  }
  return false;
}

} // namespace

int resolveUprobe(StrRef binary, StrRef symbol, char *path, size_t pathCap, uint64_t *offset, char *msg,
                  size_t cap) {
  int err = findBinary(binary, path, pathCap, msg, cap);
  if (err < 0) return err;
  *offset = 0;
  if (!symbol.n) return 0;
  // @0xOFFSET: a file offset, as a resolution gave it (RESOLVE_UPROBE).
  if (symbol.n > 1 && symbol.p[0] == '@') {
    if (!parseU64(StrRef(symbol.p + 1, symbol.n - 1), offset)) {
      snprintf(msg, cap, "uprobe file offset '%.*s' is not @NUMBER", (int)symbol.n, symbol.p);
      return -EINVAL;
    }
    return 0;
  }
  // SYMBOL, SYMBOL+OFFSET or 0xADDRESS.
  StrRef name = symbol;
  uint64_t extra = 0, vaddr = 0;
  const char *plus = static_cast<const char *>(memchr(symbol.p, '+', symbol.n));
  if (plus) {
    name = StrRef(symbol.p, (size_t)(plus - symbol.p));
    if (!parseU64(StrRef(plus + 1, symbol.n - name.n - 1), &extra) || !name.n) {
      snprintf(msg, cap, "uprobe symbol '%.*s' is not SYMBOL+OFFSET", (int)symbol.n, symbol.p);
      return -EINVAL;
    }
  }
  bool isAddress = name.starts("0x") && parseU64(name, &vaddr);
  MappedFile f;
  err = f.open(path);
  if (err < 0) { snprintf(msg, cap, "cannot map uprobe binary %s: %s", path, strerror(-err)); return err; }
  Ehdr eh;
  if (f.n >= sizeof eh) memcpy(&eh, f.p, sizeof eh);
  if (f.n < sizeof eh || memcmp(eh.e_ident, ELFMAG, SELFMAG) || eh.e_ident[EI_CLASS] != kElfClass ||
      eh.e_shentsize != sizeof(Shdr) || !f.has(eh.e_shoff, (uint64_t)eh.e_shnum * sizeof(Shdr))) {
    snprintf(msg, cap, "uprobe binary %s is not a " BPFD_ELF_BITS "-bit ELF file", path);
    return -ENOEXEC;
  }
  if (!isAddress && !findSymbol(f, eh, name, &vaddr)) {
    snprintf(msg, cap, "no function '%.*s' in the symbols of %s", (int)name.n, name.p, path);
    return -ENOENT;
  }
  err = fileOffset(f, eh, vaddr, offset);
  if (err < 0) {
    snprintf(msg, cap, "address 0x%llx of '%.*s' is in no loaded segment of %s", (unsigned long long)vaddr,
             (int)name.n, name.p, path);
    return err;
  }
  *offset += extra;
  return 0;
}

} // namespace bpfd
