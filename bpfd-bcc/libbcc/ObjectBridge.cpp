//===- ObjectBridge.cpp - bpfd's object parser, seen from libbcc -----------===//
//
// This file includes bpfd's daemon headers and nothing of the C++ library.
//
//===----------------------------------------------------------------------===//
#include "ObjectBridge.h"

#include "elf_object.h"

#include <stdio.h>

namespace bpfdbcc {

bool parseObject(const uint8_t *Data, size_t Size, PlanSink &Sink, char *Err,
                 size_t ErrCap) {
  bpfd::ObjectPlan Plan;
  if (!bpfd::parseBpfObject(Data, Size, &Plan, Err, ErrCap))
    return false;
  for (size_t I = 0; I < Plan.maps.size(); ++I) {
    const bpfd::MapSpec &S = Plan.maps[I];
    PlanMap M;
    M.Name = S.name;
    M.Type = S.type;
    M.KeySize = S.keySize;
    M.ValueSize = S.valueSize;
    M.MaxEntries = S.maxEntries;
    M.Flags = S.flags;
    M.DataSection = S.origin == bpfd::MapOrigin::DataSection;
    M.Init = S.init;
    M.InitSize = S.initSize;
    Sink.map(M);
  }
  for (size_t I = 0; I < Plan.progs.size(); ++I) {
    const bpfd::ProgSpec &S = Plan.progs[I];
    bpfd::Vec<PlanRef> Refs;
    PlanProg P;
    P.Name = S.name;
    P.Section = S.section;
    P.Insns = Plan.insns.data() + S.insnStart;
    P.InsnCount = S.insnCount;
    for (size_t K = 0; K < S.refCount; ++K) {
      const bpfd::MapRef &R = Plan.refs[S.refStart + K];
      if (!Refs.push(PlanRef{R.insn, R.map, R.value, R.offset})) {
        snprintf(Err, ErrCap, "program '%s': out of memory", S.name);
        return false;
      }
    }
    P.Refs = Refs.data();
    P.RefCount = Refs.size();
    Sink.prog(P);
  }
  Sink.license(Plan.license, Plan.hasVersion, Plan.kernVersion);
  return true;
}

} // namespace bpfdbcc
