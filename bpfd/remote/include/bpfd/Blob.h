//===- bpfd/Blob.h - the protocol's binary blobs ----------------*- C++ -*-===//
//
// docs/protocol.md: bytes travel as one word of standard base64 (RFC 4648,
// '=' padding); an empty blob is written "-".
//
//===----------------------------------------------------------------------===//
#ifndef BPFD_BLOB_H
#define BPFD_BLOB_H

#include "bpfd/Error.h"

#include <cstddef>
#include <string>

namespace bpfd {

/// The bytes of the blob word \p Word ("-": none); EPROTO if it is not base64.
Expected<std::string> decodeBlob(const std::string &Word);

/// The blob word of \p Size bytes at \p Data: "-" for none, else base64.
std::string encodeBlob(const void *Data, size_t Size);
inline std::string encodeBlob(const std::string &Bytes) {
  return encodeBlob(Bytes.data(), Bytes.size());
}

} // namespace bpfd

#endif // BPFD_BLOB_H
