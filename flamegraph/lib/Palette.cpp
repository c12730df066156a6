//===- Palette.cpp - frame colours ----------------------------------------===//
//
// A frame's colour comes from a hash of its name, so the same function has
// the same colour in every graph and neighbours differ. User frames take the
// warm hues of a flame (red to yellow), kernel frames aqua, so where a stack
// enters the kernel shows at a glance; delimiter frames are grey.
//
//===----------------------------------------------------------------------===//
#include "Internal.h"

#include <cmath>

using namespace flamegraph;

static uint64_t fnv1a(std::string_view S) {
  uint64_t H = 0xcbf29ce484222325ull;
  for (unsigned char C : S) {
    H ^= C;
    H *= 0x100000001b3ull;
  }
  return H;
}

/// HSL (H in degrees, S and L in 0..1) to 8-bit RGB.
static detail::Rgb fromHsl(double H, double S, double L) {
  double Chroma = (1 - std::fabs(2 * L - 1)) * S;
  double HP = std::fmod(H, 360.0) / 60.0;
  double X = Chroma * (1 - std::fabs(std::fmod(HP, 2.0) - 1));
  double R = 0, G = 0, B = 0;
  if (HP < 1) { R = Chroma; G = X; }
  else if (HP < 2) { R = X; G = Chroma; }
  else if (HP < 3) { G = Chroma; B = X; }
  else if (HP < 4) { G = X; B = Chroma; }
  else if (HP < 5) { R = X; B = Chroma; }
  else { R = Chroma; B = X; }
  double M = L - Chroma / 2;
  auto Byte = [](double V) { return static_cast<unsigned>(std::lround(std::fmin(1, std::fmax(0, V)) * 255)); };
  return {Byte(R + M), Byte(G + M), Byte(B + M)};
}

detail::Rgb detail::frameColor(std::string_view Name, FrameKind Kind) {
  if (Kind == FrameKind::Delimiter)
    return {170, 170, 170};
  uint64_t H = fnv1a(Name);
  // Three independent fractions in [0, 1) from the hash's bits.
  double A = static_cast<double>(H & 0xFFFF) / 65536.0;
  double B = static_cast<double>((H >> 16) & 0xFFFF) / 65536.0;
  double C = static_cast<double>((H >> 32) & 0xFFFF) / 65536.0;
  if (Kind == FrameKind::Kernel)
    return fromHsl(172 + 26 * A, 0.45 + 0.25 * B, 0.52 + 0.10 * C);
  return fromHsl(2 + 50 * A, 0.78 + 0.17 * B, 0.52 + 0.10 * C);
}
