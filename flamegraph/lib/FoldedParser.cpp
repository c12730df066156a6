//===- FoldedParser.cpp - folded-stack text into a Profile ----------------===//
//
// A folded line is `frame;frame;...;frame COUNT`: the count is the last
// blank-separated token (frame names may hold spaces). What is not a folded
// line is skipped and counted: BCC tools print a header ("Sampling at 49
// Hertz of all threads by user + kernel stack... Hit Ctrl-C to end.") and
// notes on the same stdout. A line with a ';' is a stack, so one without a
// count there is an error.
//
//===----------------------------------------------------------------------===//
#include "flamegraph/FlameGraph.h"

#include <limits>
#include <vector>

using namespace flamegraph;

// BCC's stacks are at most 127 frames, user and kernel each: a line of more
// is not a tool's output (and would make a graph thousands of rows high).
static constexpr size_t MaxFrames = 4096;

static bool isBlank(char C) { return C == ' ' || C == '\t' || C == '\r' || C == '\v' || C == '\f'; }

static std::string_view trim(std::string_view S) {
  while (!S.empty() && isBlank(S.front()))
    S.remove_prefix(1);
  while (!S.empty() && isBlank(S.back()))
    S.remove_suffix(1);
  return S;
}

static bool allDigits(std::string_view S) {
  if (S.empty())
    return false;
  for (char C : S)
    if (C < '0' || C > '9')
      return false;
  return true;
}

/// Parses an all-digit token; false if it does not fit in 64 bits.
static bool parseCount(std::string_view S, uint64_t &Out) {
  uint64_t V = 0;
  for (char C : S) {
    unsigned D = static_cast<unsigned>(C - '0');
    if (V > (std::numeric_limits<uint64_t>::max() - D) / 10)
      return false;
    V = V * 10 + D;
  }
  Out = V;
  return true;
}

static bool looksNumeric(std::string_view S) {
  return !S.empty() && ((S[0] >= '0' && S[0] <= '9') || S[0] == '-' || S[0] == '+' || S[0] == '.');
}

static bool fail(std::string &Err, uint64_t Line, const std::string &What) {
  Err = "line " + std::to_string(Line) + ": " + What;
  return false;
}

bool flamegraph::parseFolded(std::string_view Text, Profile &Out, std::string &Err) {
  std::vector<std::string_view> Frames;
  uint64_t LineNo = 0;
  size_t Pos = 0;
  while (Pos < Text.size()) {
    size_t End = Text.find('\n', Pos);
    if (End == std::string_view::npos)
      End = Text.size();
    std::string_view Line = trim(Text.substr(Pos, End - Pos));
    Pos = End + 1;
    ++LineNo;
    if (Line.empty())
      continue;

    bool HasSemicolon = Line.find(';') != std::string_view::npos;
    size_t Space = Line.find_last_of(" \t");
    std::string_view CountText =
        Space == std::string_view::npos ? std::string_view() : Line.substr(Space + 1);
    if (!allDigits(CountText)) {
      if (!HasSemicolon) {
        Out.addIgnoredLine(); // a header or note, not a stack
        continue;
      }
      if (looksNumeric(CountText))
        return fail(Err, LineNo, "bad count '" + std::string(CountText) + "'");
      return fail(Err, LineNo, "no count");
    }
    uint64_t Count;
    if (!parseCount(CountText, Count) ||
        Out.totalSamples() > std::numeric_limits<uint64_t>::max() - Count)
      return fail(Err, LineNo, "count out of range");

    // Frames, root first; empty ones (`a;;b`, a trailing ';') are dropped.
    std::string_view Stack = trim(Line.substr(0, Space));
    Frames.clear();
    size_t Start = 0;
    while (Start <= Stack.size()) {
      size_t Semi = Stack.find(';', Start);
      if (Semi == std::string_view::npos)
        Semi = Stack.size();
      if (Semi > Start)
        Frames.push_back(Stack.substr(Start, Semi - Start));
      Start = Semi + 1;
    }
    if (Frames.empty())
      return fail(Err, LineNo, "empty stack");
    if (Frames.size() > MaxFrames)
      return fail(Err, LineNo, "more than " + std::to_string(MaxFrames) + " frames");
    Out.addStack(Frames.data(), Frames.size(), Count);
  }
  return true;
}
