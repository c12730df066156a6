// libFuzzer target: the protocol line tokenizer, tag and number parsing, and
// base64 round trips. Parse only, never a system call.
#include "base64.h"
#include "tokenizer.h"

using namespace bpfd;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size > (1u << 20)) return 0;
  char *line = static_cast<char *>(malloc(size ? size : 1));
  memcpy(line, data, size);
  TokenizedLine t;
  if (tokenizeLine(line, size, &t) == TokenizeError::None) {
    for (size_t i = 0; i < t.count; ++i) {
      StrRef tok = t.tok[i];
      if (tok.p < line || tok.p + tok.n > line + size) __builtin_trap();
      int64_t s;
      uint64_t u;
      parseI64(tok, &s);
      parseU64(tok, &u);
      Bytes dec;
      if (base64Decode(tok, &dec, 1u << 16)) {
        Vec<char> enc;
        base64Encode(dec.data(), dec.size(), &enc);
        Bytes again;
        if (!base64Decode(StrRef(enc.data(), enc.size()), &again, 1u << 16) || again.size() != dec.size() ||
            (dec.size() && memcmp(again.data(), dec.data(), dec.size()) != 0))
          __builtin_trap();
      }
    }
  }
  free(line);
  return 0;
}
