//===- ObjectInfo.h - What bpf-run needs to know of a BPF object ----------===//
//
// Reads a BPF ELF object on the host: its maps (from the BTF-defined `.maps`
// section, with key and value types), its programs, the target stamp
// (`.bpfd.target`) and the presentation hints bpf-xcc leaves in `.bpfd.meta`:
//   __bpfd_event_<map>    pointer to the struct a perf map's events carry
//   __bpfd_log2hist_<map> the map is a BCC log2 histogram
//   __bpfd_linhist_<map>  the map is a BCC linear histogram
//
//===----------------------------------------------------------------------===//
#ifndef BPF_RUN_OBJECTINFO_H
#define BPF_RUN_OBJECTINFO_H

#include "llvm/ADT/StringRef.h"
#include "llvm/DebugInfo/BTF/BTFParser.h"
#include "llvm/Object/ObjectFile.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/MemoryBuffer.h"

#include <map>
#include <memory>
#include <string>
#include <vector>

namespace bpfrun {

enum class HistogramKind { None, Log2, Linear };

struct MapInfo {
  std::string Name;
  uint32_t Type = 0; // BPF_MAP_TYPE_*
  uint32_t KeySize = 0, ValueSize = 0, MaxEntries = 0;
  uint32_t KeyType = 0, ValueType = 0; // BTF ids, 0 when only sizes are known
  uint32_t EventType = 0;              // perf and ringbuf maps: BTF id of the event struct
  HistogramKind Histogram = HistogramKind::None;
  std::string HistogramLabel = "value"; // the bucket column's name, like BCC's val_type
  // A program deletes from this map (bpf_map_delete_elem): it pairs entry and
  // return probes (BCC's infotmp, start...) and is no result to show.
  bool DeletedByProgram = false;
};

// One `attach=FN SECTION` line of `.bpfd.target`: bpf-xcc records every
// attach point of a function; the function's ELF section holds the first.
struct AttachPoint {
  std::string Function;
  std::string Section; // kprobe/F, kretprobe/F, tracepoint/C/N, raw_tracepoint/N...
};

struct ProgramInfo {
  std::string Name;
  std::string Section;
};

class ObjectInfo {
public:
  static llvm::Expected<std::unique_ptr<ObjectInfo>> load(llvm::StringRef Path);
  // The same from bytes in memory; Name names them in errors.
  static llvm::Expected<std::unique_ptr<ObjectInfo>>
  loadBuffer(std::unique_ptr<llvm::MemoryBuffer> Buffer, llvm::StringRef Name);

  const llvm::BTFParser &btf() const { return Btf; }
  const std::vector<MapInfo> &maps() const { return Maps; }
  const std::vector<ProgramInfo> &programs() const { return Programs; }
  MapInfo *findMap(llvm::StringRef Name);
  // key=value lines of `.bpfd.target` (empty when the object has none).
  const std::map<std::string, std::string> &stamp() const { return Stamp; }
  // The attach points the stamp records, in its order.
  const std::vector<AttachPoint> &attachPoints() const { return Attach; }
  // The stack trace maps (BPF_STACK_TRACE), in object order.
  std::vector<const MapInfo *> stackMaps() const;
  llvm::StringRef bytes() const { return Buffer->getBuffer(); }
  // bpfel (true) or bpfeb: the byte order of the object and of its target.
  bool isLittleEndian() const { return Obj->isLittleEndian(); }
  // A BTF type id by name (struct, union, typedef, int...), 0 if none.
  uint32_t findTypeByName(llvm::StringRef Name) const;

private:
  llvm::Error readMaps();
  llvm::Error readMeta();
  llvm::Error readPrograms();
  void readStamp();
  void readMapDeletes();

  std::unique_ptr<llvm::MemoryBuffer> Buffer;
  std::unique_ptr<llvm::object::ObjectFile> Obj;
  llvm::BTFParser Btf;
  bool HasBtf = false;
  std::vector<MapInfo> Maps;
  std::vector<ProgramInfo> Programs;
  std::map<std::string, std::string> Stamp;
  std::vector<AttachPoint> Attach;
};

// Names of BPF_MAP_TYPE_* values, "type<N>" for unknown ones.
std::string mapTypeName(uint32_t Type);

enum : uint32_t {
  MapTypeHash = 1,
  MapTypeArray = 2,
  MapTypePerfEventArray = 4,
  MapTypePercpuHash = 5,
  MapTypePercpuArray = 6,
  MapTypeStackTrace = 7,
  MapTypeLruHash = 9,
  MapTypeLruPercpuHash = 10,
  MapTypeRingbuf = 27,
};

} // namespace bpfrun

#endif
