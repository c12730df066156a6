// bpfd-object: host-side helper for bpfd's LOAD_OBJECT (never touches a kernel).
//   bpfd-object plan FILE.o     prints the load plan bpfd makes of the object
//   bpfd-object upload FILE.o [attach=0|1]
//                               prints the protocol lines that upload and load it
#include "base64.h"
#include "elf_object.h"

#include <errno.h>
#include <stdio.h>

using namespace bpfd;

static const char *attachName(AttachKind k) {
  return k == AttachKind::None ? "none" : bpfconv::attachKindName(k);
}

static const char kUsage[] =
    "usage: bpfd-object plan FILE.o\n"
    "       bpfd-object upload FILE.o [attach=0|1]\n"
    "plan:   prints the load plan bpfd's LOAD_OBJECT makes of a BPF ELF object\n"
    "        (maps, programs, map references, calls, target stamp); parse only.\n"
    "upload: prints OBJECT_BEGIN, OBJECT_CHUNK... and LOAD_OBJECT lines that send\n"
    "        the object to bpfd (docs/protocol.md).\n";

static int upload(const Bytes &data, const char *attachArg) {
  printf("OBJECT_BEGIN %zu\n", data.size());
  const size_t chunk = 48 * 1024;
  for (size_t off = 0; off < data.size(); off += chunk) {
    size_t n = data.size() - off < chunk ? data.size() - off : chunk;
    Vec<char> enc;
    base64Encode(data.data() + off, n, &enc);
    printf("OBJECT_CHUNK %.*s\n", (int)enc.size(), enc.data());
  }
  printf("LOAD_OBJECT -%s%s\n", attachArg ? " " : "", attachArg ? attachArg : "");
  return 0;
}

int main(int argc, char **argv) {
  if (argc >= 2 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) {
    fputs(kUsage, stdout);
    return 0;
  }
  bool isPlan = argc == 3 && !strcmp(argv[1], "plan");
  bool isUpload = (argc == 3 || argc == 4) && !strcmp(argv[1], "upload");
  if (!isPlan && !isUpload) {
    fputs("bpfd-object: usage: bpfd-object plan FILE.o | upload FILE.o [attach=0|1] (see --help)\n", stderr);
    return 2;
  }
  if (argc == 4 && strcmp(argv[3], "attach=0") && strcmp(argv[3], "attach=1")) {
    fprintf(stderr, "bpfd-object: upload takes attach=0 or attach=1, not '%s'\n", argv[3]);
    return 2;
  }
  const char *path = argv[2];
  FILE *f = fopen(path, "rb");
  if (!f) { fprintf(stderr, "bpfd-object: cannot open %s: %s\n", path, strerror(errno)); return 1; }
  Bytes data;
  char buf[65536];
  size_t n;
  while ((n = fread(buf, 1, sizeof buf, f)) > 0) data.append(reinterpret_cast<uint8_t *>(buf), n);
  // A folder opens, then fails to read (EISDIR): it was uploaded as 0 bytes.
  bool readFailed = ferror(f);
  int readErr = errno;
  fclose(f);
  if (readFailed) { fprintf(stderr, "bpfd-object: cannot read %s: %s\n", path, strerror(readErr)); return 1; }
  if (data.empty()) { fprintf(stderr, "bpfd-object: %s is empty\n", path); return 1; }
  if (data.size() > (32u << 20)) { fprintf(stderr, "bpfd-object: %s is over bpfd's 32 MiB limit\n", path); return 1; }
  if (isUpload) return upload(data, argc == 4 ? argv[3] : nullptr);
  ObjectPlan plan;
  char err[512];
  if (!parseBpfObject(data.data(), data.size(), &plan, err, sizeof err)) {
    fprintf(stderr, "%s: error: %s\n", path, err);
    return 1;
  }
  if (plan.license[0]) printf("license %s\n", plan.license);
  else printf("license none (no license section: the kernel refuses GPL-only helpers)\n");
  if (plan.hasVersion) printf("version %u\n", plan.kernVersion);
  printf("target arch=%s kernel=%s\n", plan.targetArch[0] ? plan.targetArch : "-",
         plan.targetKernel[0] ? plan.targetKernel : "-");
  printf("btf %zu\n", plan.btfSize);
  if (plan.btfExtError[0]) printf("btf_ext %s\n", plan.btfExtError);
  for (auto &m : plan.maps)
    printf("map %s type=%u key_size=%u value_size=%u max_entries=%u flags=%u pinning=%u%s btf_key=%u btf_value=%u\n",
           m.name, m.type, m.keySize, m.valueSize, m.maxEntries, m.flags, m.pinning,
           m.origin == MapOrigin::DataSection ? (m.freeze ? " data=ro" : " data=rw") : "", m.btfKey, m.btfValue);
  for (auto &p : plan.progs) {
    char btfAttach[48] = "";
    if (bpfconv::attachesByBtf(p.attach))
      snprintf(btfAttach, sizeof btfAttach, " attach_type=%u%s", p.attachType, p.sleepable ? " sleepable" : "");
    printf("prog %s section=%s type=%u attach=%s:%s insns=%zu func_info=%zu line_info=%zu core=%zu%s%s\n", p.name,
           p.section, p.type, attachName(p.attach), p.target, p.insnCount, p.funcCount, p.lineCount, p.coreCount,
           p.btfExtIncomplete ? " (incomplete .BTF.ext: none)" : "", btfAttach);
    for (size_t i = 0; i < p.refCount; ++i) {
      const MapRef &r = plan.refs[p.refStart + i];
      printf("  ref insn=%u map=%s%s", r.insn, plan.maps[r.map].name, r.value ? " value" : "");
      if (r.value) printf(" offset=%u", r.offset);
      printf("\n");
    }
    const struct bpf_insn *code = plan.insns.data() + p.insnStart;
    for (size_t i = 0; i < p.insnCount; ++i)
      if (code[i].code == (BPF_JMP | BPF_CALL) && code[i].src_reg == BPF_PSEUDO_CALL)
        printf("  call insn=%zu target=%lld\n", i, (long long)i + code[i].imm + 1);
    for (size_t i = 0; i < p.coreCount; ++i) {
      const uint32_t *c = plan.coreRelos.data() + 4 * (p.coreStart + i);
      printf("  core insn=%u type=%u kind=%u\n", c[0], c[1], c[3]);
    }
    for (size_t i = 0; i < p.funcCount; ++i)
      printf("  func_info insn=%u type=%u\n", plan.funcInfo[2 * (p.funcStart + i)], plan.funcInfo[2 * (p.funcStart + i) + 1]);
  }
  for (auto &a : plan.attach) printf("attach %s %s\n", plan.progs[a.prog].name, a.section);
  return 0;
}
