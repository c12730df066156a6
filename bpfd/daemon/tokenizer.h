// Splits one protocol line into tokens, like bpftool's batch mode:
// blanks separate, '...' and "..." quote, '\' escapes, unquoted '#' comments.
#ifndef BPFD_DAEMON_TOKENIZER_H
#define BPFD_DAEMON_TOKENIZER_H

#include "support.h"

namespace bpfd {

constexpr size_t kMaxTokens = 64;

struct TokenizedLine {
  StrRef tok[kMaxTokens];
  size_t count = 0;
};

enum class TokenizeError { None, TooManyTokens, UnterminatedQuote, TrailingEscape };

// Tokenizes line[0..len) in place (quotes and escapes are removed by
// compacting the buffer); tokens point into line.
TokenizeError tokenizeLine(char *line, size_t len, TokenizedLine *out);
const char *tokenizeErrorText(TokenizeError e);

} // namespace bpfd

#endif
