//===- SvgRenderer.cpp - a Profile as a standalone interactive SVG --------===//
//
// Classic flame-graph layout: the root "all" at the bottom, each stack's
// frames above their caller, a frame's width proportional to its samples,
// children in name order from the left. Every frame is one
//
//   <g class="f" data-name=".." data-kind="user" data-samples="N"
//      data-offset="N" data-depth="D"><title>name (N samples, P%)</title>
//     <rect .../><text ...>label</text></g>
//
// data-offset is the samples left of the frame on its row: with data-samples
// it is the frame's extent in the unzoomed graph, all the viewer's script
// needs to zoom and to measure search matches.
//
//===----------------------------------------------------------------------===//
#include "Internal.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <vector>

using namespace flamegraph;
using detail::appendXmlEscaped;

namespace {

constexpr double XPad = 10;        // left and right margins
constexpr double TopMargin = 64;   // title, subtitle and controls
constexpr double BottomMargin = 28; // the status line
constexpr double LabelPad = 3;
constexpr double CharWidth = 0.59; // of the font size: Verdana's average

std::string fixed2(double V) {
  char Buf[64];
  std::snprintf(Buf, sizeof Buf, "%.2f", V);
  return Buf;
}

const char *kindName(FrameKind K) {
  switch (K) {
  case FrameKind::User: return "user";
  case FrameKind::Kernel: return "kernel";
  case FrameKind::Delimiter: return "delimiter";
  }
  return "user";
}

class Renderer {
public:
  Renderer(const Profile &P, const RenderOptions &O) : P(P), O(O) {
    Width = std::max(O.Width, 100u);
    FrameHeight = std::max(O.FrameHeight, 4u);
    FontSize = std::max(O.FontSize, 1u);
    PlotWidth = Width - 2 * XPad;
    Total = P.totalSamples();
  }

  std::string render() {
    // Lay out first: the image's height depends on the deepest frame drawn.
    if (Total > 0)
      layout();
    unsigned Rows = Total > 0 ? ShownDepth + 1 : 0;
    Height = TopMargin + Rows * FrameHeight + BottomMargin;

    header();
    Out += "<g id=\"frames\">\n";
    for (const Frame &F : Frames)
      frame(F);
    Out += "</g>\n";
    footer();
    return std::move(Out);
  }

private:
  /// Keeps the frames wide enough to draw (a frame is never wider than the
  /// one below it, so no kept frame floats), in pre-order: a frame, then the
  /// frames above it, left to right. Frames with samples never share both
  /// offset and depth, so the order is total.
  void layout() {
    P.forEachFrame([&](const Frame &F) {
      if (F.Samples == 0 || width(F.Samples) < O.MinWidth) {
        ++OmittedFrames;
        return;
      }
      Frames.push_back(F);
      ShownDepth = std::max(ShownDepth, F.Depth);
    });
    std::sort(Frames.begin(), Frames.end(), [](const Frame &A, const Frame &B) {
      return A.Offset != B.Offset ? A.Offset < B.Offset : A.Depth < B.Depth;
    });
  }

  double width(uint64_t Samples) const {
    return static_cast<double>(Samples) / static_cast<double>(Total) * PlotWidth;
  }

  void text(const char *Attrs, std::string_view Content) {
    Out += "<text ";
    Out += Attrs;
    Out += ">";
    appendXmlEscaped(Out, Content);
    Out += "</text>\n";
  }

  void header() {
    std::string W = fixed2(Width), H = fixed2(Height);
    Out += "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n";
    Out += "<svg version=\"1.1\" xmlns=\"http://www.w3.org/2000/svg\" width=\"" + W +
           "\" height=\"" + H + "\" viewBox=\"0 0 " + W + " " + H + "\"";
    Out += " data-total=\"" + std::to_string(Total) + "\"";
    Out += " data-count-name=\"";
    appendXmlEscaped(Out, O.CountName);
    Out += "\" data-xpad=\"" + fixed2(XPad) + "\" data-plot-width=\"" + fixed2(PlotWidth) +
           "\" data-font-size=\"" + std::to_string(FontSize) + "\" data-omitted=\"" +
           std::to_string(OmittedFrames) + "\" data-ignored-lines=\"" +
           std::to_string(P.ignoredLines()) + "\">\n";
    Out += "<style type=\"text/css\"><![CDATA[\n";
    Out += detail::ViewerStyle;
    Out += "g.f text { font-size: " + std::to_string(FontSize) + "px; }\n";
    Out += "]]></style>\n";
    Out += "<defs><linearGradient id=\"background\" y1=\"0\" y2=\"1\" x1=\"0\" x2=\"0\">"
           "<stop stop-color=\"#f4f4f4\" offset=\"5%\"/><stop stop-color=\"#f2eccf\" "
           "offset=\"95%\"/></linearGradient></defs>\n";
    Out += "<rect x=\"0\" y=\"0\" width=\"" + W + "\" height=\"" + H +
           "\" fill=\"url(#background)\"/>\n";

    std::string Attrs = "id=\"title\" x=\"" + fixed2(Width / 2) + "\" y=\"24\"";
    text(Attrs.c_str(), O.Title);
    Attrs = "id=\"subtitle\" x=\"" + fixed2(Width / 2) + "\" y=\"44\"";
    text(Attrs.c_str(), subtitle());
    Attrs = "id=\"reset\" class=\"control off\" x=\"" + fixed2(XPad) + "\" y=\"24\"";
    text(Attrs.c_str(), "Reset Zoom");
    Attrs = "id=\"search\" class=\"control\" x=\"" + fixed2(Width - XPad) + "\" y=\"24\"";
    text(Attrs.c_str(), "Search");
    Attrs = "id=\"matched\" x=\"" + fixed2(Width - XPad) + "\" y=\"" + fixed2(Height - 10) + "\"";
    text(Attrs.c_str(), "");
    Attrs = "id=\"details\" x=\"" + fixed2(XPad) + "\" y=\"" + fixed2(Height - 10) + "\"";
    text(Attrs.c_str(), Total > 0 ? "Click a frame to zoom, Search (or /) to highlight"
                                  : "");
  }

  std::string subtitle() const {
    if (Total == 0)
      return "No samples";
    std::string S = std::to_string(Total) + " " + O.CountName + ", " +
                    std::to_string(P.uniqueStacks()) +
                    (P.uniqueStacks() == 1 ? " unique stack" : " unique stacks");
    if (OmittedFrames > 0) {
      char Min[32];
      std::snprintf(Min, sizeof Min, "%g", O.MinWidth);
      S += "; " + std::to_string(OmittedFrames) +
           (OmittedFrames == 1 ? " frame" : " frames") + " narrower than " + Min +
           " px omitted";
    }
    return S;
  }

  /// The label that fits Width pixels: the name, or its start and "..", or
  /// nothing. The viewer's script does the same when zooming.
  std::string label(std::string_view Name, double W) const {
    double Chars = std::floor((W - 2 * LabelPad) / (FontSize * CharWidth));
    if (Chars < 3)
      return "";
    size_t Max = static_cast<size_t>(Chars);
    if (detail::utf8Length(Name) <= Max)
      return std::string(Name);
    return std::string(detail::utf8Prefix(Name, Max - 2)) + "..";
  }

  void frame(const Frame &F) {
    double X = XPad + width(F.Offset);
    double W = width(F.Samples);
    double Y = TopMargin + (ShownDepth - F.Depth) * static_cast<double>(FrameHeight);
    double Percent = 100.0 * static_cast<double>(F.Samples) / static_cast<double>(Total);
    detail::Rgb C = detail::frameColor(F.Name, F.Kind);

    Out += "<g class=\"f\" data-name=\"";
    appendXmlEscaped(Out, F.Name);
    Out += "\" data-kind=\"";
    Out += kindName(F.Kind);
    Out += "\" data-samples=\"" + std::to_string(F.Samples) + "\" data-offset=\"" +
           std::to_string(F.Offset) + "\" data-depth=\"" + std::to_string(F.Depth) + "\">";
    Out += "<title>";
    appendXmlEscaped(Out, F.Name);
    Out += " (" + std::to_string(F.Samples) + " ";
    appendXmlEscaped(Out, O.CountName);
    Out += ", " + fixed2(Percent) + "%)</title>";
    Out += "<rect x=\"" + fixed2(X) + "\" y=\"" + fixed2(Y) + "\" width=\"" + fixed2(W) +
           "\" height=\"" + std::to_string(FrameHeight - 1) + "\" fill=\"rgb(" +
           std::to_string(C.R) + "," + std::to_string(C.G) + "," + std::to_string(C.B) +
           ")\" rx=\"2\" ry=\"2\"/>";
    Out += "<text x=\"" + fixed2(X + LabelPad) + "\" y=\"" +
           fixed2(Y + FrameHeight / 2.0 + FontSize * 0.35) + "\">";
    appendXmlEscaped(Out, label(F.Name, W));
    Out += "</text></g>\n";
  }

  void footer() {
    Out += "<script type=\"text/ecmascript\"><![CDATA[\n";
    Out += detail::ViewerScript;
    Out += "]]></script>\n</svg>\n";
  }

  const Profile &P;
  const RenderOptions &O;
  double Width, PlotWidth, Height = 0;
  unsigned FrameHeight, FontSize;
  uint64_t Total;
  uint64_t OmittedFrames = 0;
  uint32_t ShownDepth = 0;
  std::vector<Frame> Frames;
  std::string Out;
};

} // namespace

std::string flamegraph::renderSvg(const Profile &P, const RenderOptions &Options) {
  return Renderer(P, Options).render();
}
