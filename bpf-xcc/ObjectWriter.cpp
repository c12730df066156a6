//===- ObjectWriter.cpp - Target-triple IR to a BPF ELF object ------------===//
#include "ObjectWriter.h"

#include "bpfconv/stamp.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Verifier.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Target/TargetOptions.h"

extern "C" {
void LLVMInitializeBPFTargetInfo();
void LLVMInitializeBPFTarget();
void LLVMInitializeBPFTargetMC();
void LLVMInitializeBPFAsmPrinter();
void LLVMInitializeBPFAsmParser();
}

using namespace llvm;

namespace bpfxcc {

std::string targetStamp(const ObjectPlan &Plan) {
  auto Line = [](const char *Key, StringRef Value) {
    return std::string(Key) + "=" + Value.str() + "\n";
  };
  std::string S = Line(bpfconv::kStampArch, Plan.Arch->Name);
  if (!Plan.Release.empty())
    S += Line(bpfconv::kStampKernel, Plan.Release);
  S += Line(bpfconv::kStampVersionCode, std::to_string(Plan.VersionCode));
  S += Line(bpfconv::kStampProducer, "bpf-xcc");
  if (Plan.Core)
    S += Line(bpfconv::kStampCore, "btf");
  for (const auto &[Fn, Sections] : Plan.Attach)
    for (const std::string &Sec : Sections)
      S += Line(bpfconv::kStampAttach, Fn + " " + Sec);
  return S;
}

static std::string asmBytes(StringRef Text) {
  std::string Out;
  for (unsigned char C : Text) {
    Out += Out.empty() ? "\t.byte " : ",";
    Out += std::to_string(C);
  }
  return Out;
}

static void addSectionGlobal(Module &M, StringRef Name, StringRef Section,
                             Constant *Init) {
  auto *GV = new GlobalVariable(M, Init->getType(), /*isConstant=*/false,
                                GlobalValue::ExternalLinkage, Init, Name);
  GV->setSection(Section);
  GV->setAlignment(Align(4));
}

static bool hasSection(const Module &M, StringRef Section) {
  for (const GlobalVariable &GV : M.globals())
    if (GV.getSection() == Section)
      return true;
  return false;
}

Error writeObject(Module &M, const ObjectPlan &Plan, raw_pwrite_stream &OS) {
  static bool Initialised = [] {
    LLVMInitializeBPFTargetInfo();
    LLVMInitializeBPFTarget();
    LLVMInitializeBPFTargetMC();
    LLVMInitializeBPFAsmPrinter();
    LLVMInitializeBPFAsmParser();
    return true;
  }();
  (void)Initialised;

  std::string Triple = Plan.Arch->bpfTriple().str();
  std::string Err;
  const Target *T = TargetRegistry::lookupTarget(Triple, Err);
  if (!T)
    return createStringError(inconvertibleErrorCode(),
                             "BPF target not available: %s", Err.c_str());
  // v3 (32-bit jumps and ALU) needs Linux 5.1.
  StringRef CPU = Plan.VersionCode >= 0x50100 ? "v3" : "generic";
  std::unique_ptr<TargetMachine> TM(T->createTargetMachine(
      Triple, CPU, "", TargetOptions(), Reloc::PIC_, std::nullopt,
      CodeGenOptLevel::Default));

  // The module was laid out for the target's triple; from here on it is BPF.
  M.setTargetTriple(Triple);
  M.setDataLayout(TM->createDataLayout());
  for (Function &F : M) {
    for (StringRef A : {"target-cpu", "target-features", "tune-cpu"})
      F.removeFnAttr(A);
    auto It = Plan.Attach.find(F.getName().str());
    if (!F.isDeclaration() && It != Plan.Attach.end() && !It->second.empty())
      F.setSection(It->second.front());
  }

  if (!hasSection(M, "license")) {
    Constant *GPL = ConstantDataArray::getString(M.getContext(), "GPL");
    addSectionGlobal(M, "_license", "license", GPL);
  }
  if (!hasSection(M, "version"))
    addSectionGlobal(M, "_version", "version",
                     ConstantInt::get(Type::getInt32Ty(M.getContext()),
                                      Plan.VersionCode));
  M.appendModuleInlineAsm("\t.section " + std::string(bpfconv::kStampSection) +
                          ",\"\",@progbits\n" +
                          asmBytes(targetStamp(Plan)) + "\n\t.text");

  if (verifyModule(M, &errs()))
    return createStringError(inconvertibleErrorCode(),
                             "internal error: generated module is invalid");

  // Optimise with the BPF target's own pipeline additions.
  {
    LoopAnalysisManager LAM;
    FunctionAnalysisManager FAM;
    CGSCCAnalysisManager CGAM;
    ModuleAnalysisManager MAM;
    PassBuilder PB(TM.get());
    PB.registerModuleAnalyses(MAM);
    PB.registerCGSCCAnalyses(CGAM);
    PB.registerFunctionAnalyses(FAM);
    PB.registerLoopAnalyses(LAM);
    PB.crossRegisterProxies(LAM, FAM, CGAM, MAM);
    ModulePassManager MPM = PB.buildPerModuleDefaultPipeline(OptimizationLevel::O2);
    MPM.run(M, MAM);
  }

  legacy::PassManager PM;
  if (TM->addPassesToEmitFile(PM, OS, nullptr, CodeGenFileType::ObjectFile))
    return createStringError(inconvertibleErrorCode(),
                             "the BPF target cannot emit object files");
  PM.run(M);
  return Error::success();
}

Error writeObjectFile(Module &M, const ObjectPlan &Plan, StringRef OutPath) {
  std::error_code EC;
  ToolOutputFile Out(OutPath, EC, sys::fs::OF_None);
  if (EC)
    return createStringError(EC, "cannot open '%s' for writing: %s",
                             OutPath.str().c_str(), EC.message().c_str());
  if (Error E = writeObject(M, Plan, Out.os()))
    return E;
  Out.keep();
  return Error::success();
}

} // namespace bpfxcc
