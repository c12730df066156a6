//===- UsdtProgram.cpp - bpf-xcc --usdt: a USDT program offline -----------===//
#include "UsdtProgram.h"
#include "bpf-xcc/Usdt.h"
#include "UsdtRewrite.h"

#include "llvm/ADT/StringExtras.h"

#include <map>
#include <set>

using namespace llvm;

namespace bpfxcc {

static Error err(const Twine &Msg) {
  return createStringError(inconvertibleErrorCode(), Msg);
}

namespace {
struct Spec {
  std::string Binary, Provider, Probe, Fn;
  bool Named = false; ///< PROVIDER:PROBE given
};

Spec parseSpec(StringRef S) {
  Spec Out;
  size_t Eq = S.rfind('=');
  if (Eq != StringRef::npos && S.find('/', Eq) == StringRef::npos) {
    Out.Fn = S.drop_front(Eq + 1).str();
    S = S.take_front(Eq);
  }
  auto [Rest, Probe] = S.rsplit(':');
  if (Rest.size() != S.size()) {
    auto [Bin, Provider] = Rest.rsplit(':');
    if (Bin.size() != Rest.size()) {
      Out.Binary = Bin.str();
      Out.Provider = Provider.str();
      Out.Probe = Probe.str();
      Out.Named = true;
      return Out;
    }
  }
  Out.Binary = S.str();
  return Out;
}
} // namespace

Error applyUsdtOptions(ArrayRef<std::string> Specs, StringRef FileName,
                       const std::map<std::string, std::string> &DevicePaths, std::string &Source,
                       std::vector<std::string> &Attach) {
  if (Specs.empty())
    return Error::success();
  std::vector<UsdtReadargUse> Uses;
  if (auto R = rewriteUsdtReadargs(FileName, Source, &Uses); !R)
    return R.takeError();
  std::set<std::string> ReadingFns;
  for (const UsdtReadargUse &U : Uses)
    ReadingFns.insert(U.Fn);

  std::map<std::string, usdt::BinaryProbes> Binaries;
  std::set<std::string> Done;
  std::string Readers = usdt::ProgramHeader;
  for (const std::string &Text : Specs) {
    Spec S = parseSpec(Text);
    if (S.Binary.empty())
      return err("--usdt '" + Text + "': expected BINARY[:PROVIDER:PROBE][=FN]");
    auto It = Binaries.find(S.Binary);
    if (It == Binaries.end()) {
      auto B = usdt::readProbesFile(S.Binary);
      if (!B)
        return B.takeError();
      It = Binaries.emplace(S.Binary, std::move(*B)).first;
    }
    const usdt::BinaryProbes &B = It->second;
    const usdt::Probe *P = nullptr;
    if (S.Named) {
      auto Found = usdt::findProbes(B, S.Provider, S.Probe);
      if (Found.empty())
        return err("--usdt '" + Text + "': " + S.Binary + " has no USDT probe " +
                   (S.Provider.empty() ? "" : S.Provider + ":") + S.Probe);
      if (Found.size() > 1)
        return err("--usdt '" + Text + "': " + S.Probe + " is a probe of more than one " +
                   "provider in " + S.Binary + ": name the provider");
      P = Found.front();
    } else {
      if (B.Probes.size() != 1)
        return err("--usdt '" + Text + "': " + S.Binary + " has " +
                   Twine(B.Probes.size()) + " USDT probes: name one as BINARY:PROVIDER:PROBE");
      P = &B.Probes.front();
    }
    std::string Fn = S.Fn;
    if (Fn.empty()) {
      if (ReadingFns.size() != 1)
        return err("--usdt '" + Text + "': name the BPF function the probe is enabled for (" +
                   "=FN): " + Twine(ReadingFns.size()) +
                   " functions of the program call bpf_usdt_readarg");
      Fn = *ReadingFns.begin();
    }
    if (!Done.insert(P->Provider + ":" + P->Name + "=" + Fn).second)
      continue;
    if (Error E = usdt::generateReaders(B, *P, Fn, usdt::AddressResolver(), Readers))
      return E;
    auto Device = DevicePaths.find(S.Binary);
    const std::string &Path = Device == DevicePaths.end() ? S.Binary : Device->second;
    // A probe guarded by a semaphore fires only while it is raised: the
    // kernel does that while the uprobe is in (ref_ctr_offset).
    std::string RefCtr =
        P->SemaphoreOffset ? "?ref_ctr=0x" + utohexstr(P->SemaphoreOffset, true) : std::string();
    for (const usdt::Location &L : P->Locations) {
      Attach.push_back(Fn + "=uprobe/" + Path + ":0x" + utohexstr(L.Address, true) + RefCtr);
    }
  }
  Source = Readers + "#line 1 \"" + FileName.str() + "\"\n" + Source;
  return Error::success();
}

Error listUsdt(StringRef Path, raw_ostream &OS) {
  auto B = usdt::readProbesFile(Path);
  if (!B)
    return B.takeError();
  for (const usdt::Probe &P : B->Probes) {
    OS << P.Provider << ":" << P.Name << " locations=" << P.Locations.size();
    if (P.Semaphore)
      OS << " semaphore=0x" << utohexstr(P.Semaphore, true) << " semaphore_offset=0x"
         << utohexstr(P.SemaphoreOffset, true);
    OS << "\n";
    for (const usdt::Location &L : P.Locations) {
      OS << "  0x" << utohexstr(L.Address, true) << " '" << L.ArgText << "'\n";
      for (size_t I = 0; I < L.Args.size(); ++I) {
        const usdt::Argument &A = L.Args[I];
        OS << "    arg" << I + 1 << " " << A.Text << ": ";
        if (!A.Error.empty()) {
          OS << "not supported (" << A.Error << ")\n";
          continue;
        }
        OS << A.ctypeName();
        if (A.Constant)
          OS << " constant " << *A.Constant;
        else if (!A.DerefOffset && A.HighReg)
          OS << " registers " << *A.HighReg << ":" << *A.BaseReg;
        else if (!A.DerefOffset)
          OS << " register " << *A.BaseReg;
        else {
          OS << " memory";
          if (A.DerefIdent)
            OS << " " << *A.DerefIdent;
          OS << " " << *A.BaseReg << (*A.DerefOffset < 0 ? "" : "+") << *A.DerefOffset;
          if (A.IndexReg)
            OS << " + " << *A.IndexReg << "*" << A.Scale.value_or(1);
        }
        OS << "\n";
      }
    }
  }
  return Error::success();
}

} // namespace bpfxcc
