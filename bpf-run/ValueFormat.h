//===- ValueFormat.h - Bytes from the device, printed by their BTF type ---===//
#ifndef BPF_RUN_VALUEFORMAT_H
#define BPF_RUN_VALUEFORMAT_H

#include "BtfTypes.h"

#include "llvm/ADT/ArrayRef.h"

#include <optional>
#include <string>
#include <vector>

namespace bpfrun {

// What a column's name and type say it holds, as BCC tools' Python reads it.
enum class ColumnRole {
  Plain,
  Timestamp, // u64 named ts/timestamp/*_ts...: bpf_ktime_get_ns() in some unit
  PidTgid,   // u64 named pid_tgid/tgid_pid: shown as the PID (high 32 bits)
  MaybePidTgid, // u64 named id: shown as the PID when its value looks like one
  StackId,   // int named *stack_id/*stackid: an id in a BPF_STACK_TRACE map
  IpAddress, // 4 or 16 bytes named *addr: an IPv4/IPv6 address in network order
};

// One printable leaf of a (possibly nested) struct: a column of a table.
struct Column {
  std::string Name; // "pid", "key.comm", ...
  uint64_t Offset = 0;
  uint64_t Size = 0;
  uint32_t Type = 0; // BTF id (unresolved)
  ColumnRole Role = ColumnRole::Plain;
};

// The PID of a bpf_get_current_pid_tgid() value, if V looks like one (both
// halves in 1..4194304, the kernel's PID_MAX_LIMIT).
std::optional<uint64_t> pidOfPidTgid(uint64_t V);
// "(time)", "(pid)", "(pid?)", "(stack)" or "".
const char *roleTag(ColumnRole Role);

class ValueFormat {
public:
  ValueFormat(const BtfTypes &Types, bool LittleEndian)
      : Types(Types), LittleEndian(LittleEndian) {}

  // The most columns of one value (a crafted struct could multiply them).
  static constexpr size_t MaxColumns = 1024;

  // The columns of a value of type Id: its struct members, flattened; a
  // single column named Prefix for anything else. Empty if Id has no size.
  // At most MaxColumns.
  std::vector<Column> columns(uint32_t Id, const std::string &Prefix) const;

  // The text of one column of Data (which holds the whole value).
  std::string format(const Column &C, llvm::ArrayRef<uint8_t> Data) const;
  // A value of type Id at Data[0..).
  std::string format(uint32_t Id, llvm::ArrayRef<uint8_t> Data) const;
  // The value of an integer (or enum, pointer) column, for sorting and
  // arithmetic; 0 for anything else or short data.
  uint64_t number(const Column &C, llvm::ArrayRef<uint8_t> Data) const;
  bool isNumeric(uint32_t Id) const;
  bool isSigned(uint32_t Id) const;
  bool isByteArray(uint32_t Id) const;

  uint64_t readUnsigned(llvm::ArrayRef<uint8_t> Data, uint64_t Offset, uint64_t Size) const;
  const BtfTypes &types() const { return Types; }

private:
  void flatten(uint32_t Id, const std::string &Name, uint64_t Offset,
               std::vector<Column> &Out, int Depth) const;

  const BtfTypes &Types;
  bool LittleEndian;
};

} // namespace bpfrun

#endif
