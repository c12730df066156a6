//===- bpfd/Blob.h - the protocol's binary blobs ----------------*- C++ -*-===//
//
// docs/protocol.md: bytes travel as one word of standard base64 (RFC 4648,
// '=' padding); an empty blob is written "-".
//
//===----------------------------------------------------------------------===//
#ifndef BPFD_BLOB_H
#define BPFD_BLOB_H

#include "bpfd/Error.h"

#include <string>

namespace bpfd {

/// The bytes of the blob word \p Word; EPROTO if it is not base64.
Expected<std::string> decodeBlob(const std::string &Word);

} // namespace bpfd

#endif // BPFD_BLOB_H
