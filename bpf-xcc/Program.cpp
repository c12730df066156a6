//===- Program.cpp - Attach points of BCC probe functions -----------------===//
#include "Program.h"

using namespace llvm;

namespace bpfxcc {

static std::string syscallEntry(StringRef Name, const ArchInfo &Arch,
                                bool SyscallWrappers) {
  return ((SyscallWrappers ? Arch.SyscallPrefix : StringRef("sys_")) + Name)
      .str();
}

Error parseAttachOption(StringRef Option, const ArchInfo &Arch,
                        bool SyscallWrappers, AttachMap &Out) {
  auto [Fn, Spec] = Option.split('=');
  if (Fn.empty() || Spec.empty())
    return createStringError(inconvertibleErrorCode(),
                             "--attach '%s': expected FUNCTION=SECTION",
                             Option.str().c_str());
  auto [Kind, Target] = Spec.split('/');
  std::string Section;
  if (Kind == "syscall" && !Target.empty())
    Section = "kprobe/" + syscallEntry(Target, Arch, SyscallWrappers);
  else if (Kind == "syscall-ret" && !Target.empty())
    Section = "kretprobe/" + syscallEntry(Target, Arch, SyscallWrappers);
  else if (Kind == "kprobe" || Kind == "kretprobe" || Kind == "tracepoint" ||
           Kind == "raw_tracepoint" || Kind == "fentry" || Kind == "fexit" ||
           Kind == "perf_event" || Kind == "uprobe" || Kind == "uretprobe")
    Section = Spec.str();
  else
    return createStringError(
        inconvertibleErrorCode(),
        "--attach '%s': unknown attach kind '%s' (kprobe, kretprobe, "
        "tracepoint, raw_tracepoint, fentry, fexit, perf_event, uprobe, "
        "uretprobe, syscall, syscall-ret)",
        Option.str().c_str(), Kind.str().c_str());
  Out[Fn.str()].push_back(Section);
  return Error::success();
}

std::string attachFromName(StringRef Fn, const ArchInfo &Arch,
                           bool SyscallWrappers) {
  StringRef Rest;
  if (Fn.starts_with("kprobe__"))
    return ("kprobe/" + Fn.drop_front(8)).str();
  if (Fn.starts_with("kretprobe__"))
    return ("kretprobe/" + Fn.drop_front(11)).str();
  if (Fn.starts_with("syscall__"))
    return "kprobe/" + syscallEntry(Fn.drop_front(9), Arch, SyscallWrappers);
  if ((Rest = Fn).consume_front("tracepoint__")) {
    size_t Sep = Rest.find("__");
    if (Sep != StringRef::npos)
      return ("tracepoint/" + Rest.take_front(Sep) + "/" + Rest.drop_front(Sep + 2))
          .str();
  }
  if ((Rest = Fn).consume_front("raw_tracepoint__"))
    return ("raw_tracepoint/" + Rest).str();
  // KFUNC_PROBE: kfunc__vmlinux__FN; MODULE_KFUNC_PROBE: kfunc__MOD__FN.
  for (auto [Prefix, Kind] : {std::pair<StringRef, StringRef>{"kfunc__", "fentry/"},
                              {"kretfunc__", "fexit/"}})
    if ((Rest = Fn).consume_front(Prefix)) {
      size_t Sep = Rest.find("__");
      return (Kind + (Sep == StringRef::npos ? Rest : Rest.drop_front(Sep + 2))).str();
    }
  return "";
}

std::string sectionFromContext(StringRef Ctx) {
  if (Ctx == "pt_regs")
    return "kprobe";
  if (Ctx == "bpf_perf_event_data")
    return "perf_event";
  if (Ctx == "bpf_raw_tracepoint_args")
    return "raw_tracepoint";
  if (Ctx.starts_with("tracepoint__"))
    return "tracepoint";
  return "";
}

} // namespace bpfxcc
