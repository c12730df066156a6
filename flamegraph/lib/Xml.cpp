//===- Xml.cpp - XML escaping and UTF-8 handling of frame names -----------===//
//
// Frame names come from symbolizers (C++ templates hold < > & and quotes)
// and, through BCC's decode('utf-8', 'replace'), should be UTF-8; but a
// single invalid byte would make the browser reject the whole SVG, so names
// are repaired here rather than trusted.
//
//===----------------------------------------------------------------------===//
#include "Internal.h"

using namespace flamegraph;

static constexpr std::string_view Replacement = "\xEF\xBF\xBD"; // U+FFFD

/// Length of the valid UTF-8 sequence at the start of S, or 0.
static size_t validSequence(std::string_view S) {
  unsigned char C = static_cast<unsigned char>(S[0]);
  size_t Len;
  uint32_t CP;
  if (C < 0x80)
    return 1;
  if (C >= 0xC2 && C <= 0xDF) {
    Len = 2;
    CP = C & 0x1F;
  } else if (C >= 0xE0 && C <= 0xEF) {
    Len = 3;
    CP = C & 0x0F;
  } else if (C >= 0xF0 && C <= 0xF4) {
    Len = 4;
    CP = C & 0x07;
  } else {
    return 0;
  }
  if (S.size() < Len)
    return 0;
  for (size_t I = 1; I < Len; ++I) {
    unsigned char K = static_cast<unsigned char>(S[I]);
    if ((K & 0xC0) != 0x80)
      return 0;
    CP = (CP << 6) | (K & 0x3F);
  }
  // Overlong forms, surrogates, beyond U+10FFFF, and U+FFFE/U+FFFF (not XML).
  if ((Len == 3 && CP < 0x800) || (Len == 4 && CP < 0x10000) || (CP >= 0xD800 && CP <= 0xDFFF) ||
      CP > 0x10FFFF || CP == 0xFFFE || CP == 0xFFFF)
    return 0;
  return Len;
}

void detail::appendXmlEscaped(std::string &Out, std::string_view Text) {
  size_t I = 0;
  while (I < Text.size()) {
    char C = Text[I];
    switch (C) {
    case '&': Out += "&amp;"; ++I; continue;
    case '<': Out += "&lt;"; ++I; continue;
    case '>': Out += "&gt;"; ++I; continue;
    case '"': Out += "&quot;"; ++I; continue;
    case '\'': Out += "&apos;"; ++I; continue;
    default: break;
    }
    unsigned char U = static_cast<unsigned char>(C);
    if (U < 0x20 || U == 0x7F) {
      // Tab stays (as a reference, so attribute normalisation keeps it).
      if (C == '\t')
        Out += "&#9;";
      else
        Out += Replacement;
      ++I;
      continue;
    }
    size_t Len = validSequence(Text.substr(I));
    if (Len == 0) {
      Out += Replacement;
      ++I;
      continue;
    }
    Out.append(Text.data() + I, Len);
    I += Len;
  }
}

static size_t sequenceLength(std::string_view S) {
  size_t Len = validSequence(S);
  return Len ? Len : 1;
}

std::string_view detail::utf8Prefix(std::string_view Text, size_t MaxChars) {
  size_t I = 0;
  for (size_t N = 0; N < MaxChars && I < Text.size(); ++N)
    I += sequenceLength(Text.substr(I));
  return Text.substr(0, I);
}

size_t detail::utf8Length(std::string_view Text) {
  size_t N = 0;
  for (size_t I = 0; I < Text.size(); ++N)
    I += sequenceLength(Text.substr(I));
  return N;
}
