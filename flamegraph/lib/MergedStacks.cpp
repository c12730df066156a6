//===- MergedStacks.cpp - Merged folded stacks, the flame graph's frames --===//
//
// A stack is kept as a sequence of frame codes, code = interned name * 3 +
// kind, all stacks in one array; equal sequences are merged by a hash set of
// stack indices. The frames of the flame graph are the distinct prefixes of
// the stacks: sorted frame by frame (names in byte order, then kind; a stack
// after the longer stacks it is a prefix of, so a frame's own samples lie
// right of its children), stacks that share a prefix are neighbours, and one
// pass over them with a running sample offset finds every frame's extent,
// with no call tree in memory.
//
// A frame's kind is read from its spelling here: a `_[k]` suffix (stripped),
// or the delimiter frames `-` (switches between user and kernel parts) and
// `--` (offwaketime's waker stack, which starts with its kernel frames).
//
//===----------------------------------------------------------------------===//
#include "flamegraph/FlameGraph.h"

#include <algorithm>
#include <deque>
#include <limits>
#include <unordered_map>
#include <unordered_set>
#include <vector>

using namespace flamegraph;

static constexpr std::string_view KernelSuffix = "_[k]";

namespace {
struct StackRec {
  size_t Begin; // into Impl::Codes
  uint32_t Size;
  uint64_t Count;
};
} // namespace

struct Profile::Impl {
  // Interned names: the deque never moves its strings, so views stay valid.
  std::deque<std::string> Names;
  std::unordered_map<std::string_view, uint32_t> NameIds;

  std::vector<uint32_t> Codes;
  std::vector<StackRec> Stacks;

  struct Hash {
    const Impl *I;
    size_t operator()(size_t S) const {
      const StackRec &R = I->Stacks[S];
      uint64_t H = 0xcbf29ce484222325ull;
      for (uint32_t K = 0; K < R.Size; ++K) {
        H ^= I->Codes[R.Begin + K];
        H *= 0x100000001b3ull;
      }
      return static_cast<size_t>(H ^ (H >> 29));
    }
  };
  struct Equal {
    const Impl *I;
    bool operator()(size_t A, size_t B) const {
      const StackRec &RA = I->Stacks[A], &RB = I->Stacks[B];
      return RA.Size == RB.Size && std::equal(I->Codes.begin() + RA.Begin,
                                              I->Codes.begin() + RA.Begin + RA.Size,
                                              I->Codes.begin() + RB.Begin);
    }
  };
  std::unordered_set<size_t, Hash, Equal> Unique{16, Hash{this}, Equal{this}};

  uint32_t intern(std::string_view Name) {
    auto It = NameIds.find(Name);
    if (It != NameIds.end())
      return It->second;
    uint32_t Id = static_cast<uint32_t>(Names.size());
    Names.emplace_back(Name);
    NameIds.emplace(Names.back(), Id);
    return Id;
  }

  static uint32_t code(uint32_t NameId, FrameKind Kind) {
    return NameId * 3 + static_cast<uint32_t>(Kind);
  }
};

Profile::Profile() : P(std::make_unique<Impl>()) {}
Profile::~Profile() = default;
Profile::Profile(Profile &&) = default;
Profile &Profile::operator=(Profile &&) = default;

uint64_t Profile::uniqueStacks() const { return P->Unique.size(); }

void Profile::addStack(const std::string_view *Frames, size_t NumFrames, uint64_t Count) {
  // The candidate goes at the end of the arrays; if it is a known stack it
  // is taken back and its count added there.
  size_t Begin = P->Codes.size();
  bool InKernel = false;
  for (size_t I = 0; I < NumFrames; ++I) {
    std::string_view Name = Frames[I];
    if (Name.empty())
      continue;
    FrameKind Kind;
    if (Name == "-") {
      InKernel = !InKernel;
      Kind = FrameKind::Delimiter;
    } else if (Name == "--") {
      InKernel = true;
      Kind = FrameKind::Delimiter;
    } else if (Name.size() > KernelSuffix.size() &&
               Name.substr(Name.size() - KernelSuffix.size()) == KernelSuffix) {
      Name.remove_suffix(KernelSuffix.size());
      Kind = FrameKind::Kernel;
    } else {
      Kind = InKernel ? FrameKind::Kernel : FrameKind::User;
    }
    P->Codes.push_back(Impl::code(P->intern(Name), Kind));
  }
  uint32_t Size = static_cast<uint32_t>(P->Codes.size() - Begin);
  P->Stacks.push_back({Begin, Size, Count});
  auto [It, New] = P->Unique.insert(P->Stacks.size() - 1);
  if (!New) {
    P->Stacks[*It].Count += Count;
    P->Stacks.pop_back();
    P->Codes.resize(Begin);
  }
  Total += Count;
  ++StacksAdded;
  MaxDepth = std::max(MaxDepth, Size);
}

void Profile::forEachFrame(const std::function<void(const Frame &)> &Visit) const {
  if (P->Stacks.empty())
    return;
  const Impl &I = *P;

  // Sort keys: a name's rank in byte order, times 3, plus its kind.
  std::vector<uint32_t> ByName(I.Names.size());
  for (uint32_t N = 0; N < ByName.size(); ++N)
    ByName[N] = N;
  std::sort(ByName.begin(), ByName.end(),
            [&](uint32_t A, uint32_t B) { return I.Names[A] < I.Names[B]; });
  std::vector<uint32_t> Rank(I.Names.size());
  for (uint32_t R = 0; R < ByName.size(); ++R)
    Rank[ByName[R]] = R;
  auto Key = [&](uint32_t Code) { return Rank[Code / 3] * 3 + Code % 3; };

  std::vector<size_t> Order(I.Stacks.size());
  for (size_t S = 0; S < Order.size(); ++S)
    Order[S] = S;
  std::sort(Order.begin(), Order.end(), [&](size_t A, size_t B) {
    const StackRec &RA = I.Stacks[A], &RB = I.Stacks[B];
    uint32_t N = std::min(RA.Size, RB.Size);
    for (uint32_t K = 0; K < N; ++K) {
      uint32_t KA = Key(I.Codes[RA.Begin + K]), KB = Key(I.Codes[RB.Begin + K]);
      if (KA != KB)
        return KA < KB;
    }
    return RA.Size > RB.Size; // the longer (extending) stack first
  });

  // Open frames of the current stack: their codes and start offsets.
  struct Open {
    uint32_t Code;
    uint64_t Start;
  };
  std::vector<Open> Path;
  uint64_t Offset = 0;
  auto Close = [&](size_t Depth) { // closes the open frames at Depth and above
    while (Path.size() > Depth) {
      const Open &O = Path.back();
      Visit(Frame{I.Names[O.Code / 3], static_cast<FrameKind>(O.Code % 3),
                  static_cast<uint32_t>(Path.size()), O.Start, Offset - O.Start});
      Path.pop_back();
    }
  };
  for (size_t S : Order) {
    const StackRec &R = I.Stacks[S];
    size_t Common = 0;
    while (Common < Path.size() && Common < R.Size &&
           Path[Common].Code == I.Codes[R.Begin + Common])
      ++Common;
    Close(Common);
    for (size_t K = Common; K < R.Size; ++K)
      Path.push_back({I.Codes[R.Begin + K], Offset});
    Offset += R.Count;
  }
  Close(0);
  Visit(Frame{"all", FrameKind::User, 0, 0, Offset});
}
