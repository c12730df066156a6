//===- flamegraph/FlameGraph.h - folded stacks to an SVG flame graph -*- C++ -*-===//
//
// BCC's `profile -f`, `offcputime -f`, `stackcount -f` (and `offwaketime -f`)
// print folded stacks: one line per unique stack, frames root-first separated
// by ';', then a space and a count:
//
//   workload;main;do_read;vfs_read_[k] 42
//
// parseFolded() reads such text into a Profile, a call tree in which equal
// stacks are merged; renderSvg() draws the Profile as one standalone,
// interactive SVG file (docs/flamegraph.md).
//
//   flamegraph::Profile P;
//   std::string Err;
//   if (!flamegraph::parseFolded(Text, P, Err)) { report("line 3: no count"); }
//   flamegraph::RenderOptions O;
//   O.Title = "profile";
//   std::string Svg = flamegraph::renderSvg(P, O);
//
//===----------------------------------------------------------------------===//
#ifndef BPFD_FLAMEGRAPH_FLAMEGRAPH_H
#define BPFD_FLAMEGRAPH_FLAMEGRAPH_H

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>

namespace flamegraph {

/// Where a frame runs. A frame is Kernel when its name ends in `_[k]` (BCC's
/// `-a` annotation, stripped from the name) or when it follows a delimiter
/// frame into the kernel part of a stack: `-` separates the user and kernel
/// stacks with BCC's `-d` (a second `-` switches back), `--` starts
/// offwaketime's waker stack, kernel frames first. The delimiters stay in the
/// graph as Delimiter frames.
enum class FrameKind : uint8_t { User, Kernel, Delimiter };

/// One frame of the flame graph: a function at one position of the stacks
/// that pass through it.
struct Frame {
  std::string_view Name;
  FrameKind Kind;
  /// 0 for the root "all", 1 for the stacks' first frames, ...
  uint32_t Depth;
  /// Samples left of this frame on its row: with Samples, the frame's extent.
  uint64_t Offset;
  /// Samples of every stack through this frame.
  uint64_t Samples;
};

/// Folded stacks, equal ones merged. Stacks are kept as sequences of
/// interned frame names (a few bytes a frame, whatever the names' length), so
/// that hundreds of thousands of distinct deep stacks stay small; the frames
/// of the flame graph are computed from them by forEachFrame().
class Profile {
public:
  Profile();
  ~Profile();
  Profile(Profile &&);
  Profile &operator=(Profile &&);

  /// Adds Count samples to the stack Frames (root first, names as folded text
  /// spells them: `_[k]` suffixes and delimiters are read here). A stack equal
  /// to one added before is merged with it. Empty frame names are skipped.
  void addStack(const std::string_view *Frames, size_t NumFrames, uint64_t Count);
  /// Counts a line that was not a folded stack.
  void addIgnoredLine() { ++IgnoredLines; }

  /// Every sample: the root frame "all".
  uint64_t totalSamples() const { return Total; }
  /// Stacks added, and the distinct ones among them.
  uint64_t stacksAdded() const { return StacksAdded; }
  uint64_t uniqueStacks() const;
  /// Non-blank lines that were not folded stacks (a tool's header such as
  /// "Sampling at 49 Hertz of all threads... Hit Ctrl-C to end.").
  uint64_t ignoredLines() const { return IgnoredLines; }
  /// Frames of the deepest stack (the root "all" not counted).
  uint32_t maxDepth() const { return MaxDepth; }

  /// Visits every frame of the flame graph once: the root "all" (if there is
  /// a stack) and each distinct stack prefix. At every level frames are
  /// ordered by name, then kind, from the left; a frame's own samples (stacks
  /// that end in it) lie right of its children. Visiting order: a frame after
  /// all the frames above it (post-order), left to right.
  void forEachFrame(const std::function<void(const Frame &)> &Visit) const;

private:
  struct Impl;
  std::unique_ptr<Impl> P;
  uint64_t Total = 0;
  uint64_t StacksAdded = 0;
  uint64_t IgnoredLines = 0;
  uint32_t MaxDepth = 0;
};

/// Reads folded stacks from Text into Out (added to what Out holds). Blank
/// lines are skipped; lines that are not folded stacks (no ';' and no count)
/// are counted in Out.ignoredLines(). A line that holds a ';' but no valid
/// count is an error: false, with Err = "line N: no count" (or "line N: bad
/// count 'X'", "line N: count out of range", "line N: empty stack", "line N:
/// more than 4096 frames"), N counted from 1 in Text. Out is then incomplete.
bool parseFolded(std::string_view Text, Profile &Out, std::string &Err);

struct RenderOptions {
  std::string Title = "Flame Graph";
  /// Width of the image in pixels (at least 100).
  unsigned Width = 1200;
  /// Height of one row of frames (at least 4), and the labels' font size, in
  /// pixels.
  unsigned FrameHeight = 16;
  unsigned FontSize = 12;
  /// Frames narrower than this many pixels (and all above them) are left out
  /// and counted in the subtitle.
  double MinWidth = 0.1;
  /// What a count is: "samples" (profile, stackcount) or e.g. "us"
  /// (offcputime's microseconds).
  std::string CountName = "samples";
};

/// A standalone SVG document (no external resources) of P: one <g> per frame
/// holding a <title>, a <rect> and a label; click to zoom, search by regular
/// expression, hover details. An empty profile gives a valid SVG that says
/// "No samples".
std::string renderSvg(const Profile &P, const RenderOptions &Options);

} // namespace flamegraph

#endif // BPFD_FLAMEGRAPH_FLAMEGRAPH_H
