//===- KeyDecoder.cpp - a map key's bytes to a metric's label values ------===//
#include "KeyDecoder.h"

#include <cstdio>

namespace exporter {

uint64_t readUnsigned(const uint8_t *Data, size_t Size, bool BigEndian) {
  uint64_t V = 0;
  for (size_t I = 0; I < Size && I < 8; ++I) {
    size_t At = BigEndian ? I : Size - 1 - I;
    V = V << 8 | Data[At];
  }
  return V;
}

static std::string hexText(const uint8_t *Data, size_t Size) {
  static const char Digits[] = "0123456789abcdef";
  std::string Out;
  for (size_t I = 0; I < Size; ++I) {
    Out += Digits[Data[I] >> 4];
    Out += Digits[Data[I] & 15];
  }
  return Out;
}

static std::string cString(const uint8_t *Data, size_t Size) {
  std::string Out;
  for (size_t I = 0; I < Size && Data[I]; ++I)
    Out += Data[I] >= 0x20 && Data[I] < 0x7f ? (char)Data[I] : '?';
  return Out;
}

// The first decoder of a label: its bytes to text.
static std::string fromBytes(const DecoderConfig &D, const uint8_t *Data, size_t Size,
                             const DecodeContext &Ctx) {
  bool Number = Size == 1 || Size == 2 || Size == 4 || Size == 8;
  switch (D.Kind) {
  case DecoderKind::Uint:
    return Number ? std::to_string(readUnsigned(Data, Size, Ctx.BigEndian)) : hexText(Data, Size);
  case DecoderKind::Int: {
    if (!Number)
      return hexText(Data, Size);
    uint64_t V = readUnsigned(Data, Size, Ctx.BigEndian);
    if (Size < 8 && (V >> (Size * 8 - 1)) & 1)
      V |= ~uint64_t(0) << (Size * 8);
    return std::to_string((int64_t)V);
  }
  case DecoderKind::String:
    return cString(Data, Size);
  case DecoderKind::Hex:
    return hexText(Data, Size);
  case DecoderKind::Ksym: {
    uint64_t Addr = readUnsigned(Data, Size, Ctx.BigEndian);
    const bpfd::KernelSymbol *S = Ctx.Symbols ? Ctx.Symbols->containing(Addr) : nullptr;
    if (S)
      return S->Name;
    char Buf[24];
    snprintf(Buf, sizeof(Buf), "0x%llx", (unsigned long long)Addr);
    return Buf;
  }
  case DecoderKind::MajorMinor: {
    uint64_t Dev = readUnsigned(Data, Size, Ctx.BigEndian);
    return std::to_string(Dev >> 20) + ":" + std::to_string(Dev & 0xfffff);
  }
  case DecoderKind::StaticMap:
    return std::to_string(readUnsigned(Data, Size, Ctx.BigEndian));
  }
  return "";
}

DecodeResult decodeLabels(const std::vector<LabelConfig> &Labels, const std::string &Key,
                          const DecodeContext &Ctx, std::vector<std::string> &Out) {
  Out.clear();
  const uint8_t *Bytes = reinterpret_cast<const uint8_t *>(Key.data());
  for (const LabelConfig &L : Labels) {
    if ((uint64_t)L.Offset + L.Size > Key.size())
      return DecodeResult::Short;
    std::string Text;
    for (size_t I = 0; I < L.Decoders.size(); ++I) {
      const DecoderConfig &D = L.Decoders[I];
      if (I == 0) // the bytes to text (a static_map first reads them as uint)
        Text = fromBytes(D, Bytes + L.Offset, L.Size, Ctx);
      if (D.Kind == DecoderKind::StaticMap) {
        auto It = D.StaticMap.find(Text);
        if (It != D.StaticMap.end())
          Text = It->second;
        else if (!D.AllowUnknown)
          return DecodeResult::Dropped;
      }
      // Other decoders after the first read their text as it is.
    }
    Out.push_back(std::move(Text));
  }
  return DecodeResult::Ok;
}

bool needsKernelSymbols(const std::vector<LabelConfig> &Labels) {
  for (const LabelConfig &L : Labels)
    for (const DecoderConfig &D : L.Decoders)
      if (D.Kind == DecoderKind::Ksym)
        return true;
  return false;
}

} // namespace exporter
