//===- KeyDecoder.h - a map key's bytes to a metric's label values --------===//
//
// Each label takes its Size bytes at its Offset in the key through its
// decoders in turn: uint/int (the device's byte order, 1, 2, 4 or 8 bytes),
// string (up to the first NUL, printable ASCII kept, others as '?'), hex,
// ksym (an address to the kernel symbol holding it, from the device's
// kallsyms), majorminor (a kernel dev_t, "MAJOR:MINOR"), static_map (text to
// text).
//
//===----------------------------------------------------------------------===//
#ifndef BPFD_EXPORTER_KEYDECODER_H
#define BPFD_EXPORTER_KEYDECODER_H

#include "Config.h"

#include "bpfd/KernelSymbols.h"

#include <cstdint>
#include <string>
#include <vector>

namespace exporter {

struct DecodeContext {
  bool BigEndian = false;
  /// The device's kernel symbols, for ksym; null if not read.
  const bpfd::KernelSymbols *Symbols = nullptr;
};

/// An unsigned number of 1 to 8 bytes at Data in the device's byte order.
uint64_t readUnsigned(const uint8_t *Data, size_t Size, bool BigEndian);

enum class DecodeResult {
  Ok,
  Dropped, ///< a static_map without the value (and no allow_unknown)
  Short,   ///< the key is shorter than the label's bytes
};

/// The label values of Labels read from Key, in order, into Out.
DecodeResult decodeLabels(const std::vector<LabelConfig> &Labels, const std::string &Key,
                          const DecodeContext &Ctx, std::vector<std::string> &Out);

/// True if any label of Labels decodes through ksym.
bool needsKernelSymbols(const std::vector<LabelConfig> &Labels);

} // namespace exporter

#endif // BPFD_EXPORTER_KEYDECODER_H
