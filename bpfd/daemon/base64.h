// Standard base64 (RFC 4648, '=' padding). The protocol writes an empty blob as "-".
#ifndef BPFD_DAEMON_BASE64_H
#define BPFD_DAEMON_BASE64_H

#include "support.h"

namespace bpfd {

// Appends the decoded bytes of s to out; false on a malformed blob or if the
// result would exceed maxBytes.
bool base64Decode(StrRef s, Bytes *out, size_t maxBytes);
// Appends the encoding of data (or "-" if n == 0) to out.
bool base64Encode(const uint8_t *data, size_t n, Vec<char> *out);

} // namespace bpfd

#endif
