//===- main.cpp - bpf-run: run a BCC-style tool on a device through bpfd --===//
//
//   bpf-run [--remote SPEC] [--arch A] [--kernel DIR | --profile F]
//           PROGRAM.c|OBJECT.o [--attach FN=SECTION ...] [--interval S]
//           [--duration S]
//
// Every --attach of a function is attached (bpf-xcc records them all in the
// object's .bpfd.target; bpfd's LOAD_OBJECT attaches the first).
//
// Compiles C with bpf-xcc (objects cached by program, kernel, arch and
// compiler), opens a bpfd session, loads and attaches the object, and shows
// what it collects the way BCC tools do, until Ctrl-C or the duration ends.
//
//===----------------------------------------------------------------------===//
#include "Compile.h"
#include "Describe.h"
#include "ObjectInfo.h"
#include "ValueFormat.h"
#include "Runner.h"
#include "UsdtBinaries.h"

#include "bpfconv/stamp.h"
#include "bpfd/Session.h"

#include "bpfd-cli/OptionErrors.h"

#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

#include <chrono>
#include <csignal>

using namespace llvm;
using namespace bpfrun;

static cl::OptionCategory Cat("bpf-run options");
static cl::opt<std::string> Input(cl::Positional, cl::desc("PROGRAM.c|OBJECT.o"), cl::Required,
                                  cl::cat(Cat));
static cl::opt<std::string> Remote("remote", cl::desc("bpfd remote: qemu:arm64, qemu:x86_64, "
                                                      "adb[:SERIAL], ssh:[USER@]HOST, "
                                                      "process:COMMAND (default qemu:arm64)"),
                                   cl::value_desc("SPEC"), cl::init("qemu:arm64"), cl::cat(Cat));
static cl::opt<std::string> Arch("arch", cl::desc("target architecture (default: the remote's)"),
                                 cl::cat(Cat));
static cl::opt<std::string> Kernel("kernel", cl::desc("the target's kernel headers tree"),
                                   cl::value_desc("DIR"), cl::cat(Cat));
static cl::opt<bool> Core("core", cl::desc("compile with bpf-xcc --core (docs/core.md): --kernel (default "
                                           "the arch's first cached kernel) is a reference tree, "
                                           "the device relocates the kernel reads by its BTF"),
                          cl::cat(Cat));
static cl::opt<std::string> Profile("profile", cl::desc("the target profile for bpf-xcc"),
                                    cl::value_desc("FILE"), cl::cat(Cat));
static cl::list<std::string> Attach("attach", cl::desc("attach point for bpf-xcc, e.g. "
                                                       "trace_read_entry=kprobe/vfs_read"),
                                    cl::value_desc("FN=SECTION"), cl::cat(Cat));
static cl::list<std::string> XccArgs("Xxcc", cl::desc("pass an argument to bpf-xcc (-D, -I...)"),
                                     cl::value_desc("ARG"), cl::cat(Cat));
static cl::opt<double> Interval("interval", cl::desc("print tables every S seconds"),
                                cl::value_desc("S"), cl::init(0), cl::cat(Cat));
static cl::opt<double> RunDuration("duration", cl::desc("stop after S seconds"),
                                cl::value_desc("S"), cl::init(0), cl::cat(Cat));
static cl::opt<unsigned> IntervalCount("count", cl::desc("stop after N intervals"), cl::init(0),
                               cl::cat(Cat));
static cl::opt<unsigned> Top("top", cl::desc("rows per table"), cl::init(20), cl::cat(Cat));
static cl::opt<bool> Clear("clear", cl::desc("clear tables after each interval (top-style)"),
                           cl::cat(Cat));
static cl::list<std::string> Event("event", cl::desc("type of a perf map's events"),
                                   cl::value_desc("MAP=TYPE"), cl::cat(Cat));
static cl::list<std::string> Hist("hist", cl::desc("show MAP as a histogram (LABEL names its "
                                                   "buckets, like BCC's val_type: usecs...)"),
                                  cl::value_desc("MAP[:log2|linear[:LABEL]]"), cl::cat(Cat));
static cl::opt<unsigned> GuestDisk("guest-disk", cl::desc("qemu: give the guest a blank "
                                                          "virtio-blk disk of MIB MiB (/dev/vda)"),
                                   cl::value_desc("MIB"), cl::init(0), cl::cat(Cat));
static cl::opt<std::string> Workload("workload", cl::desc("qemu: a command the guest runs beside "
                                                          "bpfd, e.g. \"/bin/workload -i 100 "
                                                          "open:/etc/hostname\""),
                                     cl::value_desc("COMMAND"), cl::cat(Cat));
static cl::list<std::string> GuestFiles("guest-file", cl::desc("qemu: add the host file HOST to "
                                                               "the guest at /GUEST (repeatable)"),
                                       cl::value_desc("HOST=/GUEST"), cl::cat(Cat));
static cl::list<std::string> Usdt(
    "usdt", cl::desc("enable the USDT probe PROVIDER:PROBE of the device's binary PATH for "
                     "function FN (bpf-xcc --usdt; the binary is read through bpfd from a "
                     "process that runs it, cached by build id); repeatable"),
    cl::value_desc("PATH[:PROVIDER:PROBE][=FN]"), cl::cat(Cat));
static cl::opt<std::string> BpfdPath("bpfd", cl::desc("the bpfd binary to deploy"),
                                     cl::value_desc("PATH"), cl::cat(Cat));
static cl::opt<std::string> Output("o", cl::desc("also keep the compiled object here"),
                                   cl::value_desc("FILE"), cl::cat(Cat));
static cl::opt<bool> Describe("describe", cl::desc("print what the object holds and how it "
                                                   "would be shown, then exit (no device)"),
                              cl::cat(Cat));
static cl::opt<bool> Verbose("v", cl::desc("progress lines on stderr"), cl::cat(Cat));

static int fail(const Twine &Msg) {
  WithColor::error(errs(), "bpf-run") << Msg << "\n";
  return 1;
}

static void onSignal(int) { requestStop(); }

// An object of another release's headers reads kernel structs at that
// release's offsets unless it carries CO-RE relocations (stamp core=btf).
static void noteKernelOffsets(const ObjectInfo &Obj, const std::string &DeviceRelease,
                              const std::function<void(const std::string &)> &Say) {
  auto Kernel = Obj.stamp().find(bpfconv::kStampKernel);
  if (Kernel == Obj.stamp().end() || DeviceRelease.empty() || Kernel->second == DeviceRelease)
    return;
  if (Obj.stamp().count(bpfconv::kStampCore))
    Say("CO-RE: compiled against " + Kernel->second + " (reference), relocated by " + DeviceRelease +
        "'s BTF");
  else
    WithColor::warning(errs(), "bpf-run")
        << "the object was compiled against " << Kernel->second << " and the device runs "
        << DeviceRelease << ": its kernel reads use " << Kernel->second
        << "'s offsets (compile with --core to relocate them)\n";
}

// --event and --hist override or add to what bpf-xcc recorded.
static Error applyOverrides(ObjectInfo &Obj) {
  for (StringRef E : Event) {
    auto [MapName, TypeName] = E.split('=');
    if (MapName.empty() || TypeName.empty())
      return createStringError(inconvertibleErrorCode(),
                               "--event takes MAP=TYPE, not '" + E + "'");
    MapInfo *M = Obj.findMap(MapName);
    if (!M)
      return createStringError(inconvertibleErrorCode(), "--event: no map '" + MapName + "'");
    uint32_t Id = Obj.findTypeByName(TypeName);
    if (!Id)
      return createStringError(inconvertibleErrorCode(),
                               "--event: no type '" + TypeName + "' in the object's BTF");
    M->EventType = Id;
  }
  for (StringRef H : Hist) {
    auto [MapName, KindAndLabel] = H.split(':');
    auto [Kind, Label] = KindAndLabel.split(':');
    MapInfo *M = Obj.findMap(MapName);
    if (!M)
      return createStringError(inconvertibleErrorCode(), "--hist: no map '" + MapName + "'");
    if (Kind.empty() || Kind == "log2")
      M->Histogram = HistogramKind::Log2;
    else if (Kind == "linear")
      M->Histogram = HistogramKind::Linear;
    else
      return createStringError(inconvertibleErrorCode(),
                               "--hist: unknown kind '" + Kind + "' (log2 or linear)");
    if (!Label.empty())
      M->HistogramLabel = Label.str();
  }
  return Error::success();
}


int main(int argc, char **argv) {
  cl::HideUnrelatedOptions(Cat);
  if (!bpfdcli::parseOptionsOneLine(argc, argv,
                    "bpf-run: run a BCC-style eBPF program on a device through bpfd\n\n"
                    "  bpf-run --remote qemu:arm64 filetop.c --interval 1 --clear --count 3\n",
                    "bpf-run"))
    return 1;
  // Seconds no run can take are refused first, --describe or not (-1, nan
  // and 1e30 were taken).
  for (auto [Name, Value] : {std::pair<const char *, double>{"--interval", Interval},
                             {"--duration", RunDuration}})
    if (!(Value >= 0 && Value <= 86400 * 365))
      return fail(Twine(Name) + " takes 0 to 31536000 seconds, not " + formatv("{0}", Value).str());

  auto Say = [](const std::string &Msg) { errs() << "bpf-run: " << Msg << "\n"; };
  std::string TargetArch = Arch;
  StringRef RemoteSpec = Remote;
  if (TargetArch.empty() && RemoteSpec.starts_with("qemu:"))
    TargetArch = RemoteSpec.drop_front(5).str();

  bpfd::SessionOptions SO;
  SO.BpfdPath = BpfdPath;
  SO.DiskMiB = GuestDisk;
  SmallVector<StringRef, 8> WorkloadWords;
  StringRef(Workload).split(WorkloadWords, ' ', -1, false);
  for (StringRef W : WorkloadWords)
    SO.Workload.push_back(W.str());
  for (StringRef G : GuestFiles) {
    auto [Host, Guest] = G.split('=');
    if (Host.empty() || !Guest.starts_with("/"))
      return fail("--guest-file takes HOST=/GUEST/PATH, not '" + G + "'");
    SO.GuestFiles.emplace_back(Host.str(), Guest.str());
  }
  if (Verbose)
    SO.Progress = Say;
  std::unique_ptr<bpfd::Session> Session;
  auto openSession = [&]() -> bool {
    Say("opening " + Remote);
    bpfd::Expected<std::unique_ptr<bpfd::Session>> S = bpfd::Session::open(Remote, SO);
    if (!S) {
      fail(S.error().message());
      return false;
    }
    Session = std::move(*S);
    return true;
  };

  std::string ObjectPath = Input;
  bool IsSource = StringRef(Input).ends_with(".c");
  if (!Usdt.empty() && !IsSource)
    return fail("--usdt needs a C program (an object's probes are already placed)");
  if (IsSource) {
    CompileRequest Req;
    Req.Source = Input;
    Req.Arch = TargetArch;
    Req.Kernel = Kernel;
    Req.Core = Core;
    Req.Profile = Profile;
    Req.Attach = std::vector<std::string>(Attach.begin(), Attach.end());
    Req.ExtraArgs = std::vector<std::string>(XccArgs.begin(), XccArgs.end());
    Req.Argv0 = argv[0];
    // USDT probes are read from the device's binaries: the device first.
    // A binary without a build id is copied to a scratch folder, which only
    // the compile needs.
    SmallString<128> Scratch;
    auto RemoveScratch = make_scope_exit([&] {
      if (!Scratch.empty())
        sys::fs::remove_directories(Scratch);
    });
    if (!Usdt.empty()) {
      if (Describe)
        return fail("--usdt reads the device's binaries: it cannot go with --describe");
      if (!openSession())
        return 1;
      if (std::error_code EC = sys::fs::createUniqueDirectory("bpf-run-usdt", Scratch))
        return fail("cannot create a scratch folder: " + EC.message());
      auto Args = usdtCompilerArgs(*Session, std::vector<std::string>(Usdt.begin(), Usdt.end()),
                                   cacheDir(argv[0]) + "/binaries", std::string(Scratch),
                                   /*WaitSeconds=*/10, Say);
      if (!Args) {
        (void)Session->close();
        return fail(toString(Args.takeError()));
      }
      Req.ExtraArgs.insert(Req.ExtraArgs.end(), Args->begin(), Args->end());
    }
    Expected<std::string> Obj = compileCached(Req, Say);
    if (!Obj) {
      if (Session)
        (void)Session->close();
      return fail(toString(Obj.takeError()));
    }
    ObjectPath = *Obj;
    if (!Output.empty())
      if (std::error_code EC = sys::fs::copy_file(ObjectPath, Output))
        return fail("cannot copy the object to " + Output + ": " + EC.message());
  }

  Expected<std::unique_ptr<ObjectInfo>> Obj = ObjectInfo::load(ObjectPath);
  if (!Obj)
    return fail(toString(Obj.takeError()));
  if (Error E = applyOverrides(**Obj))
    return fail(toString(std::move(E)));

  if (Describe) {
    describeObject(outs(), **Obj);
    return 0;
  }

  if (!Session && !openSession())
    return 1;
  auto GreetedAt = std::chrono::steady_clock::now();
  Say("bpfd ready on " + Remote + " after " +
      formatv("{0:f2}", Session->secondsToGreeting()).str() + " s: " + Session->greeting());

  noteKernelOffsets(**Obj, Session->greetingField("release"), Say);

  std::signal(SIGINT, onSignal);
  std::signal(SIGTERM, onSignal);
  RunOptions RO;
  RO.Interval = Interval;
  RO.Duration = RunDuration;
  RO.Count = IntervalCount;
  RO.TopRows = Top;
  RO.ClearEachInterval = Clear;
  RO.Verbose = Verbose;
  RO.Clock = DeviceClock::fromField(Session->greetingField("mono_ns"), GreetedAt);
  Error RunErr = runObject(*Session, **Obj, RO);
  bpfd::Expected<int> Status = Session->close();
  if (RunErr)
    return fail(toString(std::move(RunErr)));
  if (!Status)
    return fail(Status.error().message());
  if (*Status != 0)
    return fail("bpfd exited with status " + std::to_string(*Status));
  return 0;
}
