#include "btf.h"

#include <stdio.h>

namespace bpfd {

enum : uint32_t {
  KIND_INT = 1, KIND_PTR, KIND_ARRAY, KIND_STRUCT, KIND_UNION, KIND_ENUM, KIND_FWD,
  KIND_TYPEDEF, KIND_VOLATILE, KIND_CONST, KIND_RESTRICT, KIND_FUNC, KIND_FUNC_PROTO,
  KIND_VAR, KIND_DATASEC, KIND_FLOAT, KIND_DECL_TAG, KIND_TYPE_TAG, KIND_ENUM64,
};

static uint32_t rd32(const uint8_t *p) { uint32_t v; memcpy(&v, p, 4); return v; }

bool Btf::parse(const uint8_t *data, size_t size, char *err, size_t errCap, const Btf *base) {
  offsets_.clear();
  base_ = base;
  baseCount_ = base ? base->typeCount() : 0;
  baseStrs_ = base ? base->strsLen_ : 0;
  if (size < 24) { snprintf(err, errCap, ".BTF: %zu bytes is shorter than its header", size); return false; }
  uint16_t magic; memcpy(&magic, data, 2);
  if (magic != 0xeB9F) { snprintf(err, errCap, ".BTF: bad magic 0x%x", magic); return false; }
  uint32_t hdrLen = rd32(data + 4), typeOff = rd32(data + 8), typeLen = rd32(data + 12),
           strOff = rd32(data + 16), strLen = rd32(data + 20);
  if (hdrLen < 24 || hdrLen > size || (uint64_t)hdrLen + typeOff + typeLen > size ||
      (uint64_t)hdrLen + strOff + strLen > size || (typeLen & 3)) {
    snprintf(err, errCap, ".BTF: header sections out of bounds");
    return false;
  }
  if ((uintptr_t)(data + hdrLen + typeOff) % 4) {
    snprintf(err, errCap, ".BTF: type section is not 4-byte aligned");
    return false;
  }
  types_ = data + hdrLen + typeOff;
  typesLen_ = typeLen;
  strs_ = reinterpret_cast<const char *>(data + hdrLen + strOff);
  strsLen_ = strLen;
  size_t off = 0;
  while (off < typesLen_) {
    if (typesLen_ - off < sizeof(TypeHdr)) { snprintf(err, errCap, ".BTF: truncated type at %zu", off); return false; }
    TypeHdr t; memcpy(&t, types_ + off, sizeof t);
    if (off & 3) { snprintf(err, errCap, ".BTF: misaligned type"); return false; }
    size_t extraLen = 0, vl = vlen(&t);
    switch (kind(&t)) {
    case KIND_INT: case KIND_VAR: case KIND_DECL_TAG: extraLen = 4; break;
    case KIND_ARRAY: extraLen = 12; break;
    case KIND_STRUCT: case KIND_UNION: case KIND_DATASEC: case KIND_ENUM64: extraLen = 12 * vl; break;
    case KIND_ENUM: case KIND_FUNC_PROTO: extraLen = 8 * vl; break;
    case KIND_PTR: case KIND_FWD: case KIND_TYPEDEF: case KIND_VOLATILE: case KIND_CONST:
    case KIND_RESTRICT: case KIND_FUNC: case KIND_FLOAT: case KIND_TYPE_TAG: break;
    default:
      snprintf(err, errCap, ".BTF: type %zu has unknown kind %u", offsets_.size() + 1, kind(&t));
      return false;
    }
    if (typesLen_ - off - sizeof t < extraLen) { snprintf(err, errCap, ".BTF: truncated type data"); return false; }
    if (offsets_.size() >= (1u << 20) || !offsets_.push((uint32_t)off)) {
      snprintf(err, errCap, ".BTF: too many types");
      return false;
    }
    off += sizeof t + extraLen;
  }
  return true;
}

const Btf::TypeHdr *Btf::type(uint32_t id) const {
  if (id == 0) return nullptr;
  if (id <= baseCount_) return base_->type(id);
  id -= baseCount_;
  if (id > offsets_.size()) return nullptr;
  return reinterpret_cast<const TypeHdr *>(types_ + offsets_[id - 1]);
}

StrRef Btf::name(uint32_t off) const {
  if (base_ && off < baseStrs_) return base_->name(off);
  off -= (uint32_t)baseStrs_;
  if (off >= strsLen_) return StrRef("", 0);
  const char *p = strs_ + off;
  size_t n = strnlen(p, strsLen_ - off);
  return StrRef(p, n);
}

uint32_t Btf::skipModifiers(uint32_t id) const {
  for (int depth = 0; depth < 32; ++depth) {
    const TypeHdr *t = type(id);
    if (!t) return 0;
    uint32_t k = kind(t);
    if (k != KIND_TYPEDEF && k != KIND_VOLATILE && k != KIND_CONST && k != KIND_RESTRICT &&
        k != KIND_TYPE_TAG)
      return id;
    id = t->sizeOrType;
  }
  return 0;
}

bool Btf::typeSize(uint32_t id, uint64_t *size, int depth) const {
  if (depth > 32) return false;
  id = skipModifiers(id);
  const TypeHdr *t = type(id);
  if (!t) return false;
  switch (kind(t)) {
  case KIND_INT: case KIND_STRUCT: case KIND_UNION: case KIND_ENUM: case KIND_ENUM64:
  case KIND_FLOAT: case KIND_DATASEC:
    *size = t->sizeOrType;
    return true;
  case KIND_PTR:
    *size = 8;
    return true;
  case KIND_ARRAY: {
    uint32_t elem = rd32(extra(id)), nelems = rd32(extra(id) + 8);
    uint64_t es;
    if (!typeSize(elem, &es, depth + 1)) return false;
    if (es && nelems > (1ull << 32) / es) return false;
    *size = es * nelems;
    return true;
  }
  default:
    return false;
  }
}

// `__uint(name, N)` is `int (*name)[N]`: a pointer to an array of N elements.
bool Btf::arrayLenOfPtr(uint32_t ptrId, uint32_t *out) const {
  const TypeHdr *p = type(skipModifiers(ptrId));
  if (!p || kind(p) != KIND_PTR) return false;
  uint32_t arr = skipModifiers(p->sizeOrType);
  const TypeHdr *a = type(arr);
  if (!a || kind(a) != KIND_ARRAY) return false;
  *out = rd32(extra(arr) + 8);
  return true;
}

bool Btf::mapDefs(Vec<BtfMapDef> *out, char *err, size_t errCap) const {
  for (uint32_t id = 1; id <= offsets_.size(); ++id) {
    const TypeHdr *sec = type(id);
    if (kind(sec) != KIND_DATASEC || !name(sec->nameOff).eq(".maps")) continue;
    for (uint32_t i = 0; i < vlen(sec); ++i) {
      const uint8_t *vi = extra(id) + 12 * i;
      uint32_t varId = rd32(vi), varOff = rd32(vi + 4);
      const TypeHdr *var = type(varId);
      if (!var || kind(var) != KIND_VAR) {
        snprintf(err, errCap, ".BTF: .maps entry %u is not a variable", i);
        return false;
      }
      BtfMapDef def;
      memset(&def, 0, sizeof def);
      StrRef varName = name(var->nameOff);
      if (varName.n >= sizeof def.name) {
        // Cut, two names could become one map name and one pin path.
        snprintf(err, errCap, ".BTF: map '%.*s...' has a name of %zu characters, more than %zu",
                 (int)(sizeof def.name - 1), varName.p, varName.n, sizeof def.name - 1);
        return false;
      }
      copyStr(def.name, sizeof def.name, varName);
      def.secOffset = varOff;
      if (!readMapMembers(skipModifiers(var->sizeOrType), &def, 0, err, errCap)) return false;
      if (!out->push(def)) { snprintf(err, errCap, "out of memory"); return false; }
    }
  }
  return true;
}

// The members of a map definition struct (depth 1: the inner map of a map
// of maps, __array(values, struct inner), whose fields go to def->inner*).
bool Btf::readMapMembers(uint32_t structId, BtfMapDef *def, int depth, char *err, size_t errCap) const {
  const TypeHdr *st = type(structId);
  if (!st || kind(st) != KIND_STRUCT) {
    snprintf(err, errCap, ".BTF: map '%s'%s is not a struct", def->name, depth ? "'s inner map" : "");
    return false;
  }
  for (uint32_t m = 0; m < vlen(st); ++m) {
    const uint8_t *mem = extra(structId) + 12 * m;
    StrRef mname = name(rd32(mem));
    uint32_t mtype = rd32(mem + 4);
    uint32_t *field = nullptr;
    if (mname.eq("type")) field = depth ? &def->innerType : &def->type;
    else if (mname.eq("key_size")) field = depth ? &def->innerKeySize : &def->keySize;
    else if (mname.eq("value_size")) field = depth ? &def->innerValueSize : &def->valueSize;
    else if (mname.eq("max_entries")) field = depth ? &def->innerMaxEntries : &def->maxEntries;
    else if (mname.eq("map_flags")) field = depth ? &def->innerFlags : &def->flags;
    else if (mname.eq("pinning") && !depth) field = &def->pinning;
    if (field) {
      if (!arrayLenOfPtr(mtype, field)) {
        snprintf(err, errCap, ".BTF: map '%s' field '%.*s' is not __uint()", def->name, (int)mname.n, mname.p);
        return false;
      }
      continue;
    }
    if (mname.eq("key") || mname.eq("value")) {
      const TypeHdr *p = type(skipModifiers(mtype));
      uint64_t sz;
      if (!p || kind(p) != KIND_PTR || !typeSize(p->sizeOrType, &sz) || sz > (1u << 20)) {
        snprintf(err, errCap, ".BTF: map '%s' field '%.*s' has no sized type", def->name, (int)mname.n, mname.p);
        return false;
      }
      bool key = mname.eq("key");
      (key ? (depth ? def->innerKeySize : def->keySize) : (depth ? def->innerValueSize : def->valueSize)) = (uint32_t)sz;
      (key ? (depth ? def->innerKeyType : def->keyType) : (depth ? def->innerValueType : def->valueType)) =
          p->sizeOrType;
      continue;
    }
    if (mname.eq("values") && !depth) {
      // __array(values, struct inner): an array (of as many slots as
      // the definition initialises) of pointers to the inner map's
      // definition.
      uint32_t arr = skipModifiers(mtype);
      const TypeHdr *a = type(arr);
      const TypeHdr *ptr = a && kind(a) == KIND_ARRAY ? type(skipModifiers(rd32(extra(arr)))) : nullptr;
      if (!ptr || kind(ptr) != KIND_PTR || rd32(mem + 8) % 64) {
        snprintf(err, errCap, ".BTF: map '%s' field 'values' is not __array(values, ...)", def->name);
        return false;
      }
      uint32_t inner = skipModifiers(ptr->sizeOrType);
      const TypeHdr *it = type(inner);
      if (it && kind(it) == KIND_FUNC_PROTO) {
        snprintf(err, errCap, ".BTF: map '%s': __array(values) of programs (a program array's initial values) is "
                 "not supported", def->name);
        return false;
      }
      def->hasInner = true;
      def->valuesOffset = rd32(mem + 8) / 8;
      def->valuesCount = rd32(extra(arr) + 8);
      if (!readMapMembers(inner, def, 1, err, errCap)) return false;
      continue;
    }
    snprintf(err, errCap, ".BTF: map '%s' has unsupported field '%.*s'", def->name, (int)mname.n, mname.p);
    return false;
  }
  return true;
}

uint32_t Btf::findType(StrRef n, uint32_t k) const {
  for (uint32_t id = 1; id <= offsets_.size(); ++id) {
    const TypeHdr *t = type(id);
    if (kind(t) == k && name(t->nameOff).eq2(n)) return id;
  }
  return 0;
}

bool Btf::legacyMapTypes(StrRef map, uint32_t *key, uint32_t *value) const {
  char want[96];
  if (map.n > 64) return false;
  snprintf(want, sizeof want, "____btf_map_%.*s", (int)map.n, map.p);
  uint32_t id = findType(StrRef(want), KIND_STRUCT);
  if (!id) return false;
  *key = *value = 0;
  const TypeHdr *st = type(id);
  for (uint32_t m = 0; m < vlen(st); ++m) {
    const uint8_t *mem = extra(id) + 12 * m;
    StrRef mname = name(rd32(mem));
    if (mname.eq("key")) *key = rd32(mem + 4);
    else if (mname.eq("value")) *value = rd32(mem + 4);
  }
  return *key && *value;
}

// One table of .BTF.ext: u32 record size, then per section {name offset,
// count, records}.
static bool readExtTable(const uint8_t *p, uint32_t len, uint32_t minRec, const Btf &btf,
                         Vec<BtfExtSec> *out, const char *what, char *err, size_t errCap) {
  if (len == 0) return true;
  if (len < 4 || rd32(p) < minRec || rd32(p) % 4 || rd32(p) > 256) {
    snprintf(err, errCap, ".BTF.ext: %s has a bad record size", what);
    return false;
  }
  uint32_t recSize = rd32(p), off = 4;
  while (off < len) {
    if (len - off < 8) { snprintf(err, errCap, ".BTF.ext: %s truncated", what); return false; }
    BtfExtSec sec = {btf.name(rd32(p + off)), p + off + 8, rd32(p + off + 4), recSize};
    off += 8;
    if (sec.count > (len - off) / recSize) { snprintf(err, errCap, ".BTF.ext: %s of section '%.*s' out of bounds", what, (int)sec.section.n, sec.section.p); return false; }
    off += sec.count * recSize;
    if (!out->push(sec)) { snprintf(err, errCap, "out of memory"); return false; }
  }
  return true;
}

bool parseBtfExt(const uint8_t *data, size_t size, const Btf &btf, Vec<BtfExtSec> *funcs,
                 Vec<BtfExtSec> *lines, Vec<BtfExtSec> *cores, char *err, size_t errCap) {
  uint16_t magic;
  if (size < 24 || (memcpy(&magic, data, 2), magic != 0xeB9F)) {
    snprintf(err, errCap, ".BTF.ext: no header");
    return false;
  }
  uint32_t hdrLen = rd32(data + 4), fOff = rd32(data + 8), fLen = rd32(data + 12), lOff = rd32(data + 16),
           lLen = rd32(data + 20);
  if (hdrLen < 24 || hdrLen > size || (uint64_t)fOff + fLen > size - hdrLen || (uint64_t)lOff + lLen > size - hdrLen ||
      (fOff | lOff) % 4) {
    snprintf(err, errCap, ".BTF.ext: header tables out of bounds");
    return false;
  }
  if (!readExtTable(data + hdrLen + fOff, fLen, 8, btf, funcs, "func_info", err, errCap) ||
      !readExtTable(data + hdrLen + lOff, lLen, 16, btf, lines, "line_info", err, errCap))
    return false;
  if (hdrLen < 32 || !cores) return true;
  uint32_t cOff = rd32(data + 24), cLen = rd32(data + 28);
  if ((uint64_t)cOff + cLen > size - hdrLen || cOff % 4) {
    snprintf(err, errCap, ".BTF.ext: CO-RE relocations out of bounds");
    return false;
  }
  return readExtTable(data + hdrLen + cOff, cLen, 16, btf, cores, "core_relo", err, errCap);
}

void Btf::fixupDatasecs(const ElfFacts &facts) {
  for (uint32_t id = 1; id <= offsets_.size(); ++id) {
    TypeHdr *sec = const_cast<TypeHdr *>(type(id));
    if (kind(sec) != KIND_DATASEC) continue;
    StrRef secName = name(sec->nameOff);
    uint32_t size;
    if (sec->sizeOrType == 0 && facts.secSize(facts.ctx, secName, &size)) sec->sizeOrType = size;
    for (uint32_t i = 0; i < vlen(sec); ++i) {
      uint8_t *vi = const_cast<uint8_t *>(extra(id)) + 12 * i;
      const TypeHdr *var = type(rd32(vi));
      if (!var || kind(var) != KIND_VAR) continue;
      uint32_t off;
      if (facts.symOffset(facts.ctx, secName, name(var->nameOff), &off)) memcpy(vi + 4, &off, 4);
    }
  }
}

uint32_t Btf::datasecEntry(StrRef sec, StrRef n) const {
  for (uint32_t id = 1; id <= offsets_.size(); ++id) {
    const TypeHdr *t = type(id);
    if (kind(t) != KIND_DATASEC || !name(t->nameOff).eq2(sec)) continue;
    for (uint32_t i = 0; i < vlen(t); ++i) {
      uint32_t e = rd32(extra(id) + 12 * i);
      const TypeHdr *v = type(e);
      if (v && (kind(v) == KIND_VAR || kind(v) == KIND_FUNC) && name(v->nameOff).eq2(n)) return e;
    }
  }
  return 0;
}

bool Btf::kconfigType(uint32_t id, KcfgType *out) const {
  id = skipModifiers(id);
  const TypeHdr *t = type(id);
  if (!t) return false;
  out->isSigned = false;
  switch (kind(t)) {
  case KIND_INT: {
    uint32_t enc = rd32(extra(id)) >> 24 & 0xf, size = t->sizeOrType;
    if (size < 1 || size > 8 || (size & (size - 1))) return false;
    out->kind = enc & 4 ? KcfgKind::Bool : size == 1 ? KcfgKind::Char : KcfgKind::Int;
    if (out->kind == KcfgKind::Bool && size != 1) return false;
    out->isSigned = enc & 1;
    out->size = out->align = size;
    return true;
  }
  case KIND_ENUM:
    if (t->sizeOrType != 4 || !name(t->nameOff).eq("libbpf_tristate")) return false;
    out->kind = KcfgKind::Tristate;
    out->size = out->align = 4;
    return true;
  case KIND_ARRAY: {
    // Of char: a 1-byte integer that is no bool (not looked up through
    // kconfigType again: a malformed BTF's array may hold itself).
    uint32_t e = skipModifiers(rd32(extra(id))), n = rd32(extra(id) + 8);
    const TypeHdr *et = type(e);
    if (!et || kind(et) != KIND_INT || et->sizeOrType != 1 || (rd32(extra(e)) >> 24 & 4) || n == 0 || n > 4096)
      return false;
    out->kind = KcfgKind::CharArray;
    out->size = n;
    out->align = 1;
    return true;
  }
  default:
    return false;
  }
}

void Btf::fixupExternDatasec(StrRef sec, uint32_t size, void *ctx,
                             bool (*offsetOf)(void *ctx, StrRef var, uint32_t *off)) {
  for (uint32_t id = 1; id <= offsets_.size(); ++id) {
    TypeHdr *t = const_cast<TypeHdr *>(type(id));
    if (kind(t) != KIND_DATASEC || !name(t->nameOff).eq2(sec)) continue;
    t->sizeOrType = size;
    for (uint32_t i = 0; i < vlen(t); ++i) {
      uint8_t *vi = const_cast<uint8_t *>(extra(id)) + 12 * i;
      uint32_t varId = rd32(vi);
      TypeHdr *var = const_cast<TypeHdr *>(type(varId));
      if (!var || kind(var) != KIND_VAR) continue;
      uint32_t off, linkage = 1; // BTF_VAR_GLOBAL_ALLOCATED
      if (offsetOf(ctx, name(var->nameOff), &off)) memcpy(vi + 4, &off, 4);
      memcpy(const_cast<uint8_t *>(extra(varId)), &linkage, 4);
    }
    // The kernel wants the entries in offset order.
    uint8_t *vs = const_cast<uint8_t *>(extra(id));
    for (uint32_t i = 1; i < vlen(t); ++i)
      for (uint32_t j = i; j > 0 && rd32(vs + 12 * (j - 1) + 4) > rd32(vs + 12 * j + 4); --j) {
        uint8_t tmp[12];
        memcpy(tmp, vs + 12 * j, 12);
        memcpy(vs + 12 * j, vs + 12 * (j - 1), 12);
        memcpy(vs + 12 * (j - 1), tmp, 12);
      }
  }
}

void Btf::fixupKsymDatasec() {
  uint32_t intId = 0, anyVar = 0;
  for (uint32_t id = 1; id <= offsets_.size(); ++id) {
    const TypeHdr *t = type(id);
    if (!intId && kind(t) == KIND_INT && t->sizeOrType == 4 && (rd32(extra(id)) & 0xff) == 32) intId = id;
    if (!anyVar && kind(t) == KIND_VAR) anyVar = id;
  }
  if (!intId) return;
  for (uint32_t id = 1; id <= offsets_.size(); ++id) {
    TypeHdr *t = const_cast<TypeHdr *>(type(id));
    if (kind(t) != KIND_DATASEC || !name(t->nameOff).eq(".ksyms")) continue;
    for (uint32_t i = 0; i < vlen(t); ++i) {
      uint8_t *vi = const_cast<uint8_t *>(extra(id)) + 12 * i;
      uint32_t varId = rd32(vi);
      TypeHdr *var = const_cast<TypeHdr *>(type(varId));
      uint32_t off = 4 * i, size = 4, linkage = 1;
      if (var && kind(var) == KIND_FUNC) {
        // A kfunc: made a global function (the kernel refuses extern ones),
        // its unnamed parameters named, and its DATASEC entry a variable,
        // as libbpf does (it adds a dummy one; any VAR of the BTF serves).
        var->info = (var->info & ~0xffffu) | 1; // BTF_FUNC_GLOBAL
        const TypeHdr *proto = type(var->sizeOrType);
        if (proto && kind(proto) == KIND_FUNC_PROTO)
          for (uint32_t k = 0; k < vlen(proto); ++k) {
            uint8_t *param = const_cast<uint8_t *>(extra(var->sizeOrType)) + 8 * k;
            if (!rd32(param) && rd32(param + 4)) memcpy(param, &var->nameOff, 4);
          }
        if (anyVar) memcpy(vi, &anyVar, 4);
        memcpy(vi + 4, &off, 4);
        memcpy(vi + 8, &size, 4);
        continue;
      }
      if (!var || kind(var) != KIND_VAR) continue;
      var->sizeOrType = intId;
      memcpy(const_cast<uint8_t *>(extra(varId)), &linkage, 4);
      memcpy(vi + 4, &off, 4);
      memcpy(vi + 8, &size, 4);
    }
    t->sizeOrType = 4 * vlen(t);
  }
}

} // namespace bpfd
