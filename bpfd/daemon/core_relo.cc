#include "core_relo.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>

namespace bpfd {

namespace {

enum : uint32_t {
  KIND_UNKN = 0, KIND_INT, KIND_PTR, KIND_ARRAY, KIND_STRUCT, KIND_UNION, KIND_ENUM, KIND_FWD, KIND_TYPEDEF,
  KIND_FUNC_PROTO = 13, KIND_ENUM64 = 19,
};

// enum bpf_core_relo_kind
enum : uint32_t {
  FIELD_BYTE_OFFSET, FIELD_BYTE_SIZE, FIELD_EXISTS, FIELD_SIGNED, FIELD_LSHIFT_U64, FIELD_RSHIFT_U64,
  TYPE_ID_LOCAL, TYPE_ID_TARGET, TYPE_EXISTS, TYPE_SIZE, ENUMVAL_EXISTS, ENUMVAL_VALUE, TYPE_MATCHES,
};

bool isEnumKind(uint32_t kind) { return kind == ENUMVAL_EXISTS || kind == ENUMVAL_VALUE; }
const char *const kKindNames[] = {"byte_off",      "byte_sz",        "field_exists", "signed",
                                  "lshift_u64",    "rshift_u64",     "local_type_id", "target_type_id",
                                  "type_exists",   "type_size",      "enumval_exists", "enumval_value",
                                  "type_matches"};
constexpr uint32_t kMaxAccess = 64;

uint32_t rd32(const uint8_t *p) { uint32_t v; memcpy(&v, p, 4); return v; }

struct Access {
  uint32_t n;
  uint32_t idx[kMaxAccess];
};

// "0:1:2": the root's index (pointer arithmetic), then member or element indices.
bool parseAccess(StrRef s, Access *a) {
  a->n = 0;
  size_t i = 0;
  while (i < s.n) {
    uint64_t v = 0;
    size_t b = i;
    for (; i < s.n && s.p[i] >= '0' && s.p[i] <= '9'; ++i)
      if ((v = v * 10 + (uint64_t)(s.p[i] - '0')) > 0xffffffffu) return false;
    if (i == b || a->n == kMaxAccess) return false;
    a->idx[a->n++] = (uint32_t)v;
    if (i < s.n && (s.p[i++] != ':' || i == s.n)) return false;
  }
  return a->n > 0;
}

// libbpf's "essential" name: the name before a "___flavour" suffix.
StrRef essential(StrRef n) {
  for (size_t i = n.n >= 5 ? n.n - 4 : 0; i-- > 0;) {
    const char *s = n.p + i;
    if (s[0] != '_' && s[1] == '_' && s[2] == '_' && s[3] == '_' && s[4] != '_') return StrRef(n.p, i + 1);
  }
  return n;
}

bool composite(const Btf::TypeHdr *t) {
  return t && (Btf::kind(t) == KIND_STRUCT || Btf::kind(t) == KIND_UNION);
}

// One step of an access after the root: a member (by name; empty for an
// anonymous struct/union, which the target's named lookup goes through) or
// an array element.
struct Step {
  bool member;
  StrRef name;
  uint32_t idx;
};

struct CoreField {
  uint64_t bitOff;
  uint32_t type;    // the field's type, modifiers skipped
  uint32_t bitSize; // a bitfield's width, 0 otherwise
};

bool walkLocal(const Btf &b, uint32_t root, const Access &a, Step *steps, CoreField *f) {
  uint32_t cur = b.skipModifiers(root);
  uint64_t sz = 0;
  if (!cur || (a.idx[0] && !b.typeSize(cur, &sz))) return false;
  f->bitOff = (uint64_t)a.idx[0] * sz * 8;
  f->bitSize = 0;
  for (uint32_t i = 1; i < a.n; ++i) {
    const Btf::TypeHdr *t = b.type(cur);
    if (composite(t)) {
      if (a.idx[i] >= Btf::vlen(t)) return false;
      const uint8_t *m = b.extra(cur) + 12 * a.idx[i];
      uint32_t off = rd32(m + 8);
      f->bitSize = Btf::kflag(t) ? off >> 24 : 0;
      f->bitOff += Btf::kflag(t) ? off & 0xffffff : off;
      steps[i] = {true, b.name(rd32(m)), a.idx[i]};
      cur = rd32(m + 4);
    } else if (t && Btf::kind(t) == KIND_ARRAY) {
      uint32_t elem = rd32(b.extra(cur));
      if (!b.typeSize(elem, &sz)) return false;
      f->bitOff += (uint64_t)a.idx[i] * sz * 8;
      f->bitSize = 0;
      steps[i] = {false, StrRef(), a.idx[i]};
      cur = elem;
    } else {
      return false;
    }
    if (!(cur = b.skipModifiers(cur))) return false;
  }
  f->type = cur;
  return true;
}

bool findMember(const Btf &b, uint32_t id, StrRef name, uint64_t *off, uint32_t *type, uint32_t *bitSize,
                int depth) {
  const Btf::TypeHdr *t = b.type(id);
  if (!composite(t)) return false;
  for (uint32_t i = 0; i < Btf::vlen(t); ++i) {
    const uint8_t *m = b.extra(id) + 12 * i;
    StrRef mname = b.name(rd32(m));
    uint32_t moff = rd32(m + 8), bs = Btf::kflag(t) ? moff >> 24 : 0;
    if (Btf::kflag(t)) moff &= 0xffffff;
    if (mname.n && mname.eq2(name)) {
      *off = moff;
      *type = rd32(m + 4);
      *bitSize = bs;
      return true;
    }
    uint64_t inner;
    if (!mname.n && depth < 8 && findMember(b, b.skipModifiers(rd32(m + 4)), name, &inner, type, bitSize, depth + 1)) {
      *off = moff + inner;
      return true;
    }
  }
  return false;
}

bool walkTarget(const Btf &b, uint32_t cand, const Access &a, const Step *steps, CoreField *f) {
  uint32_t cur = cand;
  uint64_t sz = 0;
  if (a.idx[0] && !b.typeSize(cur, &sz)) return false;
  f->bitOff = (uint64_t)a.idx[0] * sz * 8;
  f->bitSize = 0;
  for (uint32_t i = 1; i < a.n; ++i) {
    if (steps[i].member) {
      if (!steps[i].name.n) {
        if (i + 1 == a.n) return false;
        continue;
      }
      uint64_t off;
      uint32_t mt;
      if (!findMember(b, cur, steps[i].name, &off, &mt, &f->bitSize, 0)) return false;
      f->bitOff += off;
      cur = mt;
    } else {
      const Btf::TypeHdr *t = b.type(cur);
      if (!t || Btf::kind(t) != KIND_ARRAY) return false;
      uint32_t elem = rd32(b.extra(cur)), nelems = rd32(b.extra(cur) + 8);
      if ((nelems && steps[i].idx >= nelems) || !b.typeSize(elem, &sz)) return false;
      f->bitOff += (uint64_t)steps[i].idx * sz * 8;
      f->bitSize = 0;
      cur = elem;
    }
    if (!(cur = b.skipModifiers(cur))) return false;
  }
  f->type = cur;
  return true;
}

bool sameKind(uint32_t a, uint32_t b) {
  bool ea = a == KIND_ENUM || a == KIND_ENUM64, eb = b == KIND_ENUM || b == KIND_ENUM64;
  return a == b || (ea && eb);
}

// Enumerator idx of enum id: its name and value (ENUM values sign-extended).
bool enumerator(const Btf &b, uint32_t id, uint32_t idx, StrRef *name, uint64_t *value) {
  const Btf::TypeHdr *t = b.type(id);
  if (!t || idx >= Btf::vlen(t)) return false;
  if (Btf::kind(t) == KIND_ENUM) {
    const uint8_t *e = b.extra(id) + 8 * idx;
    *name = b.name(rd32(e));
    *value = (uint64_t)(int64_t)(int32_t)rd32(e + 4);
    return true;
  }
  if (Btf::kind(t) != KIND_ENUM64) return false;
  const uint8_t *e = b.extra(id) + 12 * idx;
  *name = b.name(rd32(e));
  *value = rd32(e + 4) | (uint64_t)rd32(e + 8) << 32;
  return true;
}

bool isSigned(const Btf &b, uint32_t id) {
  const Btf::TypeHdr *t = b.type(id);
  if (!t) return false;
  if (Btf::kind(t) == KIND_INT) return rd32(b.extra(id)) >> 24 & 1;
  return (Btf::kind(t) == KIND_ENUM || Btf::kind(t) == KIND_ENUM64) && Btf::kflag(t);
}

// libbpf's names_match: the same essential name; an anonymous target only
// for an anonymous local.
bool namesMatch(const Btf &lb, uint32_t lnameOff, const Btf &tb, uint32_t tnameOff) {
  StrRef t = tb.name(tnameOff), l = lb.name(lnameOff);
  if (!t.n) return !l.n;
  return essential(l).eq2(essential(t));
}

int typesMatch(const Btf &lb, uint32_t lid, const Btf &tb, uint32_t tid, bool behindPtr, int level);

// Every enumerator of the local enum has one of the same essential name in the
// target, and the sizes agree (an enum may match an enum64).
int enumsMatch(const Btf &lb, uint32_t lid, const Btf &tb, uint32_t tid) {
  const Btf::TypeHdr *lt = lb.type(lid), *tt = tb.type(tid);
  if (lt->sizeOrType != tt->sizeOrType || Btf::vlen(lt) > Btf::vlen(tt)) return 0;
  size_t lstep = Btf::kind(lt) == KIND_ENUM ? 8 : 12, tstep = Btf::kind(tt) == KIND_ENUM ? 8 : 12;
  for (uint32_t i = 0; i < Btf::vlen(lt); ++i) {
    bool matched = false;
    for (uint32_t j = 0; j < Btf::vlen(tt) && !matched; ++j)
      matched = namesMatch(lb, rd32(lb.extra(lid) + lstep * i), tb, rd32(tb.extra(tid) + tstep * j));
    if (!matched) return 0;
  }
  return 1;
}

// Every local member has a target member of the same name whose type matches.
int compositesMatch(const Btf &lb, uint32_t lid, const Btf &tb, uint32_t tid, bool behindPtr, int level) {
  const Btf::TypeHdr *lt = lb.type(lid), *tt = tb.type(tid);
  if (Btf::vlen(lt) > Btf::vlen(tt)) return 0;
  for (uint32_t i = 0; i < Btf::vlen(lt); ++i) {
    const uint8_t *lm = lb.extra(lid) + 12 * i;
    bool matched = false;
    for (uint32_t j = 0; j < Btf::vlen(tt) && !matched; ++j) {
      const uint8_t *tm = tb.extra(tid) + 12 * j;
      if (!namesMatch(lb, rd32(lm), tb, rd32(tm))) continue;
      int r = typesMatch(lb, rd32(lm + 4), tb, rd32(tm + 4), behindPtr, level - 1);
      if (r < 0) return r;
      matched = r > 0;
    }
    if (!matched) return 0;
  }
  return 1;
}

// libbpf's __bpf_core_types_match (TYPE_MATCHES): modifiers and typedefs
// stripped, names matched, then by kind: ints of the same size and
// signedness; pointers and arrays (of as many elements) by what they hold;
// structs and unions by every local member (behind a pointer, by name and
// kind only, a forward declaration matching too); enums by every local
// enumerator's name and the size; function prototypes by each parameter and
// the return type. 1: match, 0: none, -EINVAL: too deep or malformed.
int typesMatch(const Btf &lb, uint32_t lid, const Btf &tb, uint32_t tid, bool behindPtr, int level) {
  if (level <= 0) return -EINVAL;
  for (int depth = 32; depth > 0; --depth) {
    // skipModifiers gives 0 for void: void matches void only.
    uint32_t l = lid ? lb.skipModifiers(lid) : 0, t = tid ? tb.skipModifiers(tid) : 0;
    if (!l || !t) return !l && !t;
    const Btf::TypeHdr *lt = lb.type(l), *tt = tb.type(t);
    if (!lt || !tt) return -EINVAL;
    if (!namesMatch(lb, lt->nameOff, tb, tt->nameOff)) return 0;
    uint32_t lk = Btf::kind(lt), tk = Btf::kind(tt);
    switch (lk) {
    case KIND_UNKN: return lk == tk;
    case KIND_FWD:
      if (behindPtr && lk != tk) return (tk == KIND_STRUCT && !Btf::kflag(lt)) || (tk == KIND_UNION && Btf::kflag(lt));
      return lk == tk && Btf::kflag(lt) == Btf::kflag(tt);
    case KIND_ENUM: case KIND_ENUM64:
      return (tk == KIND_ENUM || tk == KIND_ENUM64) ? enumsMatch(lb, l, tb, t) : 0;
    case KIND_STRUCT: case KIND_UNION:
      if (behindPtr) return lk == tk || (tk == KIND_FWD && (lk == KIND_UNION) == Btf::kflag(tt));
      return lk == tk ? compositesMatch(lb, l, tb, t, behindPtr, level) : 0;
    case KIND_INT:
      return lk == tk && lt->sizeOrType == tt->sizeOrType &&
             (rd32(lb.extra(l)) >> 24 & 1) == (rd32(tb.extra(t)) >> 24 & 1);
    case KIND_PTR:
      if (lk != tk) return 0;
      behindPtr = true;
      lid = lt->sizeOrType;
      tid = tt->sizeOrType;
      continue;
    case KIND_ARRAY:
      if (lk != tk || rd32(lb.extra(l) + 8) != rd32(tb.extra(t) + 8)) return 0;
      lid = rd32(lb.extra(l));
      tid = rd32(tb.extra(t));
      continue;
    case KIND_FUNC_PROTO: {
      if (lk != tk || Btf::vlen(lt) != Btf::vlen(tt)) return 0;
      for (uint32_t i = 0; i < Btf::vlen(lt); ++i) {
        int r = typesMatch(lb, rd32(lb.extra(l) + 8 * i + 4), tb, rd32(tb.extra(t) + 8 * i + 4), behindPtr,
                           level - 1);
        if (r <= 0) return r;
      }
      lid = lt->sizeOrType;
      tid = tt->sizeOrType;
      continue;
    }
    default:
      return 0;
    }
  }
  return -EINVAL;
}

// libbpf's field arithmetic: a bitfield is read as the smallest naturally
// aligned load of at least its type's size holding all its bits, then
// shifted left and right. wholeSize: the field's size if it is no bitfield
// (a load of it may be resized), else 0.
bool fieldValue(const Btf &b, const CoreField &f, uint32_t kind, uint64_t *val, uint64_t *wholeSize) {
  uint64_t byteSz;
  if (!b.typeSize(f.type, &byteSz) || !byteSz) return false;
  uint64_t bitSz = f.bitSize, byteOff = f.bitOff / 8;
  *wholeSize = bitSz ? 0 : byteSz;
  if (!bitSz) {
    bitSz = byteSz * 8;
  } else {
    byteOff = f.bitOff / 8 / byteSz * byteSz;
    while (f.bitOff + bitSz - byteOff * 8 > byteSz * 8) {
      if (byteSz >= 8) return false;
      byteSz *= 2;
      byteOff = f.bitOff / 8 / byteSz * byteSz;
    }
  }
  switch (kind) {
  case FIELD_BYTE_OFFSET: *val = byteOff; break;
  case FIELD_BYTE_SIZE: *val = byteSz; break;
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
  case FIELD_LSHIFT_U64: *val = 64 - (f.bitOff + bitSz - byteOff * 8); break;
#else
  case FIELD_LSHIFT_U64: *val = (8 - byteSz) * 8 + (f.bitOff - byteOff * 8); break;
#endif
  case FIELD_RSHIFT_U64: *val = 64 - bitSz; break;
  }
  return true;
}

int sizeCode(uint64_t bytes) {
  return bytes == 1 ? BPF_B : bytes == 2 ? BPF_H : bytes == 4 ? BPF_W : bytes == 8 ? BPF_DW : -1;
}

// What a relocation looks for in the kernel's BTF.
struct CoreQuery {
  uint32_t kind;
  const Btf::TypeHdr *root; // the local root type
  StrRef want;              // its name without ___flavour
  const Access *a;
  const Step *steps;        // field kinds: the walk over the local type
  StrRef enumName;          // enum kinds: the local enumerator
  const Btf *local;         // TYPE_MATCHES: the local BTF and root type id
  uint32_t rootId;
};

// The first of b's types from id `first` on that matches q: same kind and
// essential name, and for a field the access walks over it by name, for an
// enumerator one of the same essential name.
bool search(const Btf &b, uint32_t first, const CoreQuery &q, uint32_t *target, CoreField *tf, uint64_t *value) {
  bool field = q.kind <= FIELD_RSHIFT_U64, isEnum = isEnumKind(q.kind);
  for (uint32_t id = first; id <= b.typeCount(); ++id) {
    const Btf::TypeHdr *t = b.type(id);
    if (!sameKind(Btf::kind(t), Btf::kind(q.root)) || !essential(b.name(t->nameOff)).eq2(q.want)) continue;
    bool found = !field && !isEnum;
    if (field) found = walkTarget(b, id, *q.a, q.steps, tf);
    if (q.kind == TYPE_MATCHES) found = typesMatch(*q.local, q.rootId, b, id, false, 32) > 0;
    StrRef n;
    uint64_t v;
    for (uint32_t i = 0; isEnum && !found && enumerator(b, id, i, &n, &v); ++i)
      if (essential(n).eq2(essential(q.enumName))) { found = true; *value = v; }
    if (found) { *target = id; return true; }
  }
  return false;
}

// What a failed relocation names: kind, local type, access string, instruction.
struct Where {
  char *err;
  size_t errCap;
  const char *kind;
  StrRef type, spec;
  uint32_t insn;
  bool fail(const char *fmt, ...) __attribute__((format(printf, 2, 3))) {
    int n = snprintf(err, errCap, "CO-RE relocation %s of '%.*s' access %.*s at insn %u: ", kind, (int)type.n,
                     type.p, (int)spec.n, spec.p, insn);
    if (n >= 0 && (size_t)n < errCap) {
      va_list ap;
      va_start(ap, fmt);
      vsnprintf(err + n, errCap - n, fmt, ap);
      va_end(ap);
    }
    return false;
  }
};

struct ModuleSearch {
  uint32_t firstOwn; // a module's own types come after vmlinux's
  const CoreQuery &q;
  uint32_t *target;
  CoreField *field;
  uint64_t *value;
};

// Module BTF (split on vmlinux's kernel), for types no vmlinux type matches:
// the first module with a match is left parsed in mod (its bytes in data).
bool searchModules(const Btf &kernel, Bytes *data, Btf *mod, const CoreQuery &q, uint32_t *target, CoreField *field,
                   uint64_t *value) {
  ModuleSearch ms = {kernel.typeCount() + 1, q, target, field, value};
  return visitModuleBtf(kernel, data, mod, [](const Btf &m, const char *, void *ctx) {
    auto *c = static_cast<ModuleSearch *>(ctx);
    return search(m, c->firstOwn, c->q, c->target, c->field, c->value);
  }, &ms);
}

} // namespace

bool CoreResolver::apply(struct bpf_insn *code, size_t count, const uint32_t rec[4], char *err, size_t errCap) {
  uint32_t insn = rec[0], typeId = rec[1], kind = rec[3];
  StrRef spec = local_.name(rec[2]);
  const char *kindName = kind < sizeof kKindNames / sizeof *kKindNames ? kKindNames[kind] : "unknown";
  const Btf::TypeHdr *lt = local_.type(typeId);
  StrRef tname = lt ? local_.name(lt->nameOff) : StrRef();
  Where where = {err, errCap, kindName, tname, spec, insn};
  if (errCap) err[0] = 0;
#define CORE_FAIL(...) return where.fail(__VA_ARGS__)
  Access a;
  if (insn >= count) CORE_FAIL("the instruction is outside the program");
  if (!lt || !parseAccess(spec, &a)) CORE_FAIL("bad type or access string");
  if (kind > TYPE_MATCHES) CORE_FAIL("kind %u is not supported by bpfd", kind);

  bool fieldKind = kind <= FIELD_RSHIFT_U64, enumKind = isEnumKind(kind);
  // The local root: a field access starts at the struct; a type relocation
  // is of the type as named (a typedef included).
  uint32_t root = fieldKind || local_.kind(lt) != KIND_TYPEDEF ? local_.skipModifiers(typeId) : typeId;
  const Btf::TypeHdr *rt = local_.type(root);
  Step steps[kMaxAccess];
  CoreField lf = {}, tf = {};
  StrRef enumName;
  uint64_t value = 0;
  if (!rt) CORE_FAIL("no local type");
  if (fieldKind && !walkLocal(local_, root, a, steps, &lf)) CORE_FAIL("the access does not fit the local type");
  if (enumKind && (a.n != 1 || !enumerator(local_, root, a.idx[0], &enumName, &value)))
    CORE_FAIL("the access names no enumerator");

  bool found = false;
  uint32_t target = 0;
  const Btf *tb = &kernelBtf(); // where the target was found: vmlinux, or a module's split BTF
  if (kind == TYPE_ID_LOCAL) {
    found = true;
    value = typeId;
  } else {
    char why[200];
    if (!loadKernelBtf(why, sizeof why)) CORE_FAIL("%s", why);
    CoreQuery q = {kind, rt, essential(local_.name(rt->nameOff)), &a, steps, enumName, &local_, root};
    if (!q.want.n) CORE_FAIL("the local type has no name");
    found = search(kernelBtf(), 1, q, &target, &tf, &value);
    if (!found && (found = searchModules(kernelBtf(), &modData_, &mod_, q, &target, &tf, &value))) tb = &mod_;
  }

  uint64_t tsize = 0, lsize = 0;
  if (found) {
    switch (kind) {
    case FIELD_BYTE_OFFSET: case FIELD_BYTE_SIZE: case FIELD_LSHIFT_U64: case FIELD_RSHIFT_U64: {
      uint64_t unused;
      if (!fieldValue(*tb, tf, kind, &value, &tsize)) CORE_FAIL("the kernel's field cannot be loaded (size, or a bitfield over 8 bytes)");
      if (kind == FIELD_BYTE_OFFSET) fieldValue(local_, lf, kind, &unused, &lsize);
      break;
    }
    case FIELD_EXISTS: case TYPE_EXISTS: case ENUMVAL_EXISTS: case TYPE_MATCHES: value = 1; break;
    case FIELD_SIGNED: value = isSigned(*tb, tf.type); break;
    case TYPE_ID_TARGET: value = target; break;
    case TYPE_SIZE:
      if (!tb->typeSize(target, &value)) CORE_FAIL("the kernel's type has no size");
      break;
    default: break; // TYPE_ID_LOCAL, ENUMVAL_VALUE: set above
    }
  } else if (kind == FIELD_EXISTS || kind == TYPE_EXISTS || kind == ENUMVAL_EXISTS || kind == TYPE_MATCHES) {
    found = true;
    value = 0;
  }

  struct bpf_insn &in = code[insn];
  bool wide = in.code == (BPF_LD | BPF_IMM | BPF_DW);
  if (wide && insn + 1 >= count) CORE_FAIL("ld_imm64 at the end of the program");
  if (!found) { // the kernel lacks it: fails verification only if reached
    // Said in err (the load names it if the verifier reaches the call):
    // a field by its path of named members, "file.f_ref.refcnt".
    char what[160];
    StrRef base = enumKind ? enumName : tname;
    int n = snprintf(what, sizeof what, "%.*s", (int)base.n, base.p);
    for (uint32_t i = 1; fieldKind && i < a.n && n > 0 && (size_t)n < sizeof what; ++i)
      if (steps[i].member && steps[i].name.n)
        n += snprintf(what + n, sizeof what - n, ".%.*s", (int)steps[i].name.n, steps[i].name.p);
    where.fail("the kernel's BTF has no %s '%s'", fieldKind ? "field" : enumKind ? "enumerator" : "type", what);
    memset(&in, 0, sizeof in);
    in.code = BPF_JMP | BPF_CALL;
    in.imm = (int32_t)kCorePoison;
    if (wide) code[insn + 1] = in;
    return true;
  }
  switch (BPF_CLASS(in.code)) {
  case BPF_ALU: case BPF_ALU64:
    if (BPF_SRC(in.code) != BPF_K || value > INT32_MAX) CORE_FAIL("value %llu does not fit the instruction", (unsigned long long)value);
    in.imm = (int32_t)value;
    return true;
  case BPF_LDX: case BPF_ST: case BPF_STX:
    if (kind != FIELD_BYTE_OFFSET || value > INT16_MAX) CORE_FAIL("value %llu does not fit the instruction", (unsigned long long)value);
    in.off = (int16_t)value;
    // A load or store of the whole field takes the kernel's field size.
    if (lsize != tsize && sizeCode(lsize) == (int)BPF_SIZE(in.code)) {
      if (sizeCode(tsize) < 0) CORE_FAIL("the kernel's field is %llu bytes, no load size", (unsigned long long)tsize);
      in.code = (uint8_t)(BPF_CLASS(in.code) | BPF_MODE(in.code) | sizeCode(tsize));
    }
    return true;
  case BPF_LD:
    if (!wide) break;
    in.imm = (int32_t)(uint32_t)value;
    code[insn + 1].imm = (int32_t)(value >> 32);
    return true;
  }
  CORE_FAIL("instruction code 0x%02x takes no CO-RE value", in.code);
#undef CORE_FAIL
}

} // namespace bpfd
