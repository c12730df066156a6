#include "tokenizer.h"

namespace bpfd {

static bool isBlank(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

TokenizeError tokenizeLine(char *line, size_t len, TokenizedLine *out) {
  out->count = 0;
  size_t i = 0;
  while (i < len) {
    while (i < len && isBlank(line[i])) ++i;
    if (i >= len || line[i] == '#') break;
    if (out->count == kMaxTokens) return TokenizeError::TooManyTokens;
    // Token characters are compacted to start at 'w'; w never passes i.
    size_t start = i, w = i;
    char quote = 0;
    while (i < len) {
      char c = line[i];
      if (quote) {
        if (c == quote) { quote = 0; ++i; continue; }
        if (c == '\\' && quote == '"') {
          if (i + 1 >= len) return TokenizeError::TrailingEscape;
          line[w++] = line[i + 1];
          i += 2;
          continue;
        }
        line[w++] = c;
        ++i;
        continue;
      }
      if (isBlank(c) || c == '#') break;
      if (c == '\'' || c == '"') { quote = c; ++i; continue; }
      if (c == '\\') {
        if (i + 1 >= len) return TokenizeError::TrailingEscape;
        line[w++] = line[i + 1];
        i += 2;
        continue;
      }
      line[w++] = c;
      ++i;
    }
    if (quote) return TokenizeError::UnterminatedQuote;
    out->tok[out->count++] = StrRef(line + start, w - start);
  }
  return TokenizeError::None;
}

const char *tokenizeErrorText(TokenizeError e) {
  switch (e) {
  case TokenizeError::None: return "no error";
  case TokenizeError::TooManyTokens: return "too many tokens (at most 64)";
  case TokenizeError::UnterminatedQuote: return "unterminated quote";
  case TokenizeError::TrailingEscape: return "line ends in an escape";
  }
  return "bad line";
}

} // namespace bpfd
