//===- Internal.h - shared pieces of the SVG renderer -----------*- C++ -*-===//
#ifndef BPFD_FLAMEGRAPH_INTERNAL_H
#define BPFD_FLAMEGRAPH_INTERNAL_H

#include "flamegraph/FlameGraph.h"

#include <cstddef>
#include <string>
#include <string_view>

namespace flamegraph {
namespace detail {

/// Appends Text as XML character data or an attribute value: & < > " '
/// escaped, control characters XML 1.0 forbids and invalid UTF-8 replaced by
/// U+FFFD, so that any frame name gives a well-formed document.
void appendXmlEscaped(std::string &Out, std::string_view Text);

/// The first MaxChars characters (code points) of UTF-8 Text, or all of it.
std::string_view utf8Prefix(std::string_view Text, size_t MaxChars);
/// Number of code points of UTF-8 Text (stray bytes count one each).
size_t utf8Length(std::string_view Text);

struct Rgb {
  unsigned R, G, B;
};
/// A frame's colour: stable for a name (a hash of it), warm for user frames,
/// aqua for kernel frames, grey for delimiters.
Rgb frameColor(std::string_view Name, FrameKind Kind);

/// The viewer's style sheet and script, embedded in every SVG.
extern const char ViewerStyle[];
extern const char ViewerScript[];

} // namespace detail
} // namespace flamegraph

#endif // BPFD_FLAMEGRAPH_INTERNAL_H
