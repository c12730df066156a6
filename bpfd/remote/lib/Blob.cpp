//===- Blob.cpp - the protocol's binary blobs -----------------------------===//
#include "bpfd/Blob.h"

#include <cerrno>
#include <cstdint>

namespace bpfd {

namespace {

int sextet(char C) {
  if (C >= 'A' && C <= 'Z')
    return C - 'A';
  if (C >= 'a' && C <= 'z')
    return C - 'a' + 26;
  if (C >= '0' && C <= '9')
    return C - '0' + 52;
  if (C == '+')
    return 62;
  if (C == '/')
    return 63;
  return -1;
}

const char Sextets[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

} // namespace

std::string encodeBlob(const void *Data, size_t Size) {
  if (!Size)
    return "-";
  const unsigned char *In = static_cast<const unsigned char *>(Data);
  std::string Out;
  Out.reserve((Size + 2) / 3 * 4);
  for (size_t I = 0; I < Size; I += 3) {
    uint32_t Group = uint32_t(In[I]) << 16;
    if (I + 1 < Size)
      Group |= uint32_t(In[I + 1]) << 8;
    if (I + 2 < Size)
      Group |= uint32_t(In[I + 2]);
    Out += Sextets[Group >> 18 & 63];
    Out += Sextets[Group >> 12 & 63];
    Out += I + 1 < Size ? Sextets[Group >> 6 & 63] : '=';
    Out += I + 2 < Size ? Sextets[Group & 63] : '=';
  }
  return Out;
}

Expected<std::string> decodeBlob(const std::string &Word) {
  if (Word == "-")
    return std::string();
  if (Word.empty() || Word.size() % 4)
    return Error::failure(EPROTO, "malformed blob: " + std::to_string(Word.size()) +
                                      " characters, not a multiple of 4");
  std::string Out;
  Out.reserve(Word.size() / 4 * 3);
  for (size_t I = 0; I < Word.size(); I += 4) {
    bool Last = I + 4 == Word.size();
    size_t Pad = 0;
    if (Last)
      Pad = Word[I + 3] == '=' ? (Word[I + 2] == '=' ? 2 : 1) : 0;
    uint32_t Group = 0;
    for (size_t J = 0; J < 4; ++J) {
      int V = J >= 4 - Pad ? 0 : sextet(Word[I + J]);
      if (V < 0)
        return Error::failure(EPROTO, "malformed blob: '" + std::string(1, Word[I + J]) +
                                          "' at " + std::to_string(I + J) + " is not base64");
      Group = Group << 6 | uint32_t(V);
    }
    Out += char(Group >> 16);
    if (Pad < 2)
      Out += char(Group >> 8 & 0xff);
    if (Pad < 1)
      Out += char(Group & 0xff);
  }
  return Out;
}

} // namespace bpfd
