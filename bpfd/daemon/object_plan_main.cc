// bpfd-object-plan FILE: prints how bpfd would load a BPF ELF object (maps,
// programs, relocations, target stamp) without touching any kernel.
#include "elf_object.h"

#include <stdio.h>

using namespace bpfd;

static const char *attachName(AttachKind k) {
  switch (k) {
  case AttachKind::Kprobe: return "kprobe";
  case AttachKind::Kretprobe: return "kretprobe";
  case AttachKind::Tracepoint: return "tracepoint";
  case AttachKind::RawTracepoint: return "raw_tracepoint";
  case AttachKind::None: return "none";
  }
  return "?";
}

int main(int argc, char **argv) {
  if (argc != 2 || !strcmp(argv[1], "--help")) {
    fprintf(argc == 2 ? stdout : stderr, "usage: bpfd-object-plan FILE.o\n"
            "Prints the load plan bpfd's LOAD_OBJECT makes of a BPF ELF object (parse only).\n");
    return argc == 2 ? 0 : 2;
  }
  FILE *f = fopen(argv[1], "rb");
  if (!f) { fprintf(stderr, "bpfd-object-plan: cannot open %s\n", argv[1]); return 1; }
  Bytes data;
  char buf[65536];
  size_t n;
  while ((n = fread(buf, 1, sizeof buf, f)) > 0) data.append(reinterpret_cast<uint8_t *>(buf), n);
  fclose(f);
  ObjectPlan plan;
  char err[512];
  if (!parseBpfObject(data.data(), data.size(), &plan, err, sizeof err)) {
    fprintf(stderr, "%s: error: %s\n", argv[1], err);
    return 1;
  }
  printf("license %s\n", plan.license);
  if (plan.hasVersion) printf("version %u\n", plan.kernVersion);
  printf("target arch=%s kernel=%s\n", plan.targetArch[0] ? plan.targetArch : "-",
         plan.targetKernel[0] ? plan.targetKernel : "-");
  printf("btf %zu\n", plan.btfSize);
  for (auto &m : plan.maps)
    printf("map %s type=%u key_size=%u value_size=%u max_entries=%u flags=%u pinning=%u%s\n", m.name, m.type,
           m.keySize, m.valueSize, m.maxEntries, m.flags, m.pinning,
           m.origin == MapOrigin::DataSection ? (m.freeze ? " data=ro" : " data=rw") : "");
  for (auto &p : plan.progs) {
    printf("prog %s section=%s type=%u attach=%s:%s insns=%zu\n", p.name, p.section, p.type,
           attachName(p.attach), p.target, p.insnCount);
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
  }
  return 0;
}
