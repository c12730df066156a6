//===- BccRelease.cpp - The BCC release table -----------------------------===//
#include "bpf-xcc/BccRelease.h"

#include "llvm/ADT/STLExtras.h"

using namespace llvm;

namespace bpfxcc {

namespace {
/// One row of the table.
struct BccFeatureInfo {
  BccFeature Feature;
  /// The first BCC release that has it.
  BccRelease Since;
  /// Given to every release (a superset older programs cannot tell).
  bool EveryRelease;
  /// Defined to 1 for the helpers header when the release has the feature
  /// ("" for none).
  const char *Macro;
  const char *What;
};
} // namespace

// Read in iovisor/bcc between v0.26.0 and v0.37.0 (src/cc/export/helpers.h,
// bpf_workaround.h, src/cc/frontends/clang/, src/cc/libbpf.c); each row
// names the commit's first release. Changes that alter neither what a
// program compiles to nor which programs compile are not rows (docs/bpf-xcc.md,
// "BCC releases").
static const BccFeatureInfo Features[] = {
    {BccFeature::KfuncModuleNames, {0, 28, 0}, false,
     "__BPF_XCC_BCC_KFUNC_MODULE_NAMES",
     "KFUNC_PROBE names kfunc__vmlinux__EVENT; MODULE_KFUNC_PROBE(MOD, EVENT); "
     "kfunc__MOD__FN is FN in MOD's BTF"},
    {BccFeature::ProbeParamsOnUse, {0, 28, 0}, false, "",
     "kprobe parameters are read only when used"},
    {BccFeature::RingbufQuery, {0, 28, 0}, true, "",
     "map.ringbuf_query(flags)"},
    {BccFeature::ArmKasanShadowShift, {0, 29, 0}, false,
     "__BPF_XCC_BCC_ARM_KASAN_SHADOW_SHIFT",
     "arm64 KASAN kernels: KASAN_SHADOW_SCALE_SHIFT from CONFIG_KASAN_*"},
    {BccFeature::SharedTableFlags, {0, 31, 0}, true, "",
     "BPF_TABLE_SHARED(..., flags)"},
};

Expected<BccRelease> BccRelease::parse(StringRef Text) {
  StringRef S = Text.trim();
  S.consume_front("v");
  // A Debian version's upstream part: 0.31.0+ds-7.
  S = S.take_until([](char C) { return C == '+' || C == '-' || C == '~'; });
  SmallVector<StringRef, 3> Parts;
  S.split(Parts, '.');
  BccRelease R;
  unsigned *Fields[] = {&R.Major, &R.Minor, &R.Patch};
  bool Bad = Parts.size() < 2 || Parts.size() > 3;
  for (size_t I = 0; !Bad && I < Parts.size(); ++I)
    Bad = Parts[I].empty() || Parts[I].getAsInteger(10, *Fields[I]) ||
          *Fields[I] > 99;
  if (Parts.size() == 2)
    R.Patch = 0;
  if (Bad)
    return createStringError(inconvertibleErrorCode(),
                             "BCC release '%s': expected MAJOR.MINOR[.PATCH] "
                             "(e.g. 0.37.0)",
                             Text.str().c_str());
  if (R < BccRelease())
    return createStringError(inconvertibleErrorCode(),
                             "BCC release %s: bpf-xcc compiles as BCC 0.26.0 "
                             "and later releases do",
                             R.str().c_str());
  return R;
}

std::string BccRelease::str() const {
  return std::to_string(Major) + "." + std::to_string(Minor) + "." +
         std::to_string(Patch);
}

bool BccRelease::has(BccFeature F) const {
  const BccFeatureInfo *I = find_if(
      Features, [&](const BccFeatureInfo &Row) { return Row.Feature == F; });
  return I != std::end(Features) && (I->EveryRelease || !(*this < I->Since));
}

std::vector<std::string> BccRelease::macroFlags() const {
  std::vector<std::string> Flags{"-D__BPF_XCC_BCC_VERSION=" +
                                 std::to_string(code())};
  for (const BccFeatureInfo &Row : Features)
    if (*Row.Macro && has(Row.Feature))
      Flags.push_back(std::string("-D") + Row.Macro + "=1");
  return Flags;
}

} // namespace bpfxcc
