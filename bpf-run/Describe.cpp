//===- Describe.cpp - bpf-run --describe: an object as bpf-run sees it ----===//
#include "Describe.h"
#include "BtfTypes.h"
#include "ValueFormat.h"

using namespace llvm;

namespace bpfrun {

void describeObject(raw_ostream &OS, const ObjectInfo &Obj) {
  BtfTypes Types(Obj.btf());
  ValueFormat Fmt(Types, Obj.isLittleEndian());
  for (const auto &[Key, Value] : Obj.stamp())
    OS << "stamp " << Key << "=" << Value << "\n";
  for (const ProgramInfo &P : Obj.programs())
    OS << "program " << P.Name << " section=" << P.Section << "\n";
  for (const AttachPoint &A : Obj.attachPoints())
    OS << "attach " << A.Function << " " << A.Section << "\n";
  for (const MapInfo &M : Obj.maps()) {
    OS << "map " << M.Name << " type=" << mapTypeName(M.Type) << " key_size=" << M.KeySize
       << " value_size=" << M.ValueSize << " max_entries=" << M.MaxEntries;
    if (M.KeyType)
      OS << " key=" << Types.spell(M.KeyType);
    if (M.ValueType)
      OS << " value=" << Types.spell(M.ValueType);
    if (M.Histogram != HistogramKind::None)
      OS << " histogram=" << (M.Histogram == HistogramKind::Log2 ? "log2" : "linear");
    if (M.DeletedByProgram)
      OS << " scratch";
    OS << "\n";
    for (const auto &[Part, Type] : {std::pair{"key", M.KeyType}, {"value", M.ValueType}}) {
      std::string Roles;
      if (Type)
        for (const Column &C : Fmt.columns(Type, Part))
          if (C.Role != ColumnRole::Plain)
            Roles += " " + C.Name + roleTag(C.Role);
      if (!Roles.empty())
        OS << "  " << Part << ":" << Roles << "\n";
    }
    if (M.EventType) {
      OS << "  events " << Types.spell(M.EventType) << ":";
      for (const Column &C : Fmt.columns(M.EventType, ""))
        OS << " " << C.Name << roleTag(C.Role) << "@" << C.Offset << "/"
           << C.Size;
      OS << "\n";
    }
  }
}

} // namespace bpfrun
