//===- Program.cpp - Attach points of BCC probe functions -----------------===//
#include "bpf-xcc/Program.h"

#include "bpfconv/section.h"

using namespace llvm;

namespace bpfxcc {

static std::string syscallEntry(StringRef Name, const ArchInfo &Arch,
                                bool SyscallWrappers) {
  return ((SyscallWrappers ? Arch.SyscallPrefix : StringRef("sys_")) + Name)
      .str();
}

// BCC's Python (BPF._syscall_prefixes, v0.26): the prefixes a kernel's
// syscall entry points may carry. fix_syscall_fnname() replaces any of them
// by the running kernel's own.
static constexpr StringRef SyscallPrefixes[] = {
    "sys_",         "__x64_sys_",   "__x32_compat_sys_", "__ia32_compat_sys_",
    "__arm64_sys_", "__s390x_sys_", "__s390_sys_"};

/// BCC's fix_syscall_fnname(): a kernel function named as a syscall entry
/// point with any architecture's prefix names the target's own entry point
/// (sys_clone -> __arm64_sys_clone); other names are kept.
static std::string fixSyscallName(StringRef Name, const ArchInfo &Arch,
                                  bool SyscallWrappers) {
  for (StringRef Prefix : SyscallPrefixes)
    if (Name.starts_with(Prefix))
      return syscallEntry(Name.drop_front(Prefix.size()), Arch,
                          SyscallWrappers);
  return Name.str();
}

Error parseAttachOption(StringRef Option, const ArchInfo &Arch,
                        bool SyscallWrappers, AttachMap &Out) {
  auto [Fn, Spec] = Option.split('=');
  if (Fn.empty() || Spec.empty())
    return createStringError(inconvertibleErrorCode(),
                             "--attach '%s': expected FUNCTION=SECTION",
                             Option.str().c_str());
  auto [Kind, Target] = Spec.split('/');
  if (Spec.ends_with("/")) // 'kprobe/': bpfd refused it at load, far from here
    return createStringError(inconvertibleErrorCode(),
                             "--attach '%s': nothing after the last '/' of '%s'",
                             Option.str().c_str(), Spec.str().c_str());
  std::string Section;
  if (Kind == "syscall" && !Target.empty())
    Section = "kprobe/" + syscallEntry(Target, Arch, SyscallWrappers);
  else if (Kind == "syscall-ret" && !Target.empty())
    Section = "kretprobe/" + syscallEntry(Target, Arch, SyscallWrappers);
  else if (Kind == "kprobe" || Kind == "kretprobe" || Kind == "tracepoint" ||
           Kind == "raw_tracepoint" || Kind == "fentry" || Kind == "fexit" ||
           Kind == "perf_event" || Kind == "uprobe" || Kind == "uretprobe")
    Section = Spec.str();
  else if (Target.empty() && (Kind == "socket" || Kind == "classifier" ||
                              Kind == "tc" || Kind == "xdp"))
    Section = Kind.str(); // packet programs: BCC's SOCKET_FILTER, SCHED_CLS, XDP
  else
    return createStringError(
        inconvertibleErrorCode(),
        "--attach '%s': unknown attach kind '%s' (kprobe, kretprobe, "
        "tracepoint, raw_tracepoint, fentry, fexit, perf_event, uprobe, "
        "uretprobe, syscall, syscall-ret, socket, classifier, tc, xdp)",
        Option.str().c_str(), Kind.str().c_str());
  // The section must mean what the option meant to bpfd too (bpfconv:
  // the one reading of section names, fentry/ and fexit/ included).
  bpfconv::SectionInfo Info;
  char Why[320];
  if (bpfconv::parseSection(bpfconv::Span(Section.data(), Section.size()),
                            &Info, Why, sizeof Why) < 0)
    return createStringError(inconvertibleErrorCode(), "--attach '%s': %s",
                             Option.str().c_str(), (const char *)Why);
  Out[Fn.str()].push_back(Section);
  return Error::success();
}

// The target of kfunc__REST / kretfunc__REST. BCC 0.26's loader looks REST
// up in vmlinux's BTF (bpf-xcc also reads REST = vmlinux__FN as FN); since
// 0.28 (bcc_prog_load_xattr) REST is MODULE__FN, split at its first "__",
// and an empty MODULE or "vmlinux" means vmlinux. A module's function gets
// libbpf's section form, fentry/MODULE:FN. A REST without "__" (which 0.28's
// loader cannot read) is taken as a vmlinux function.
static std::string trampolineTarget(StringRef Rest, const BccRelease &Bcc) {
  if (!Bcc.has(BccFeature::KfuncModuleNames)) {
    Rest.consume_front("vmlinux__");
    return Rest.str();
  }
  size_t Sep = Rest.find("__");
  if (Sep == StringRef::npos)
    return Rest.str();
  StringRef Module = Rest.take_front(Sep), Fn = Rest.drop_front(Sep + 2);
  if (Module.empty() || Module == "vmlinux")
    return Fn.str();
  return (Module + ":" + Fn).str();
}

std::string attachFromName(StringRef Fn, const ArchInfo &Arch,
                           bool SyscallWrappers, const BccRelease &Bcc) {
  StringRef Rest;
  // As BCC's _trace_autoload(): kprobe__/kretprobe__ targets go through
  // fix_syscall_fnname().
  if (Fn.starts_with("kprobe__"))
    return "kprobe/" + fixSyscallName(Fn.drop_front(8), Arch, SyscallWrappers);
  if (Fn.starts_with("kretprobe__"))
    return "kretprobe/" +
           fixSyscallName(Fn.drop_front(11), Arch, SyscallWrappers);
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
  // BCC's BPF_PROG-based macros name the function PREFIX + the kernel
  // function (KFUNC_PROBE: kfunc__FN, since 0.28 kfunc__vmlinux__FN;
  // KRETFUNC_PROBE alike; KMOD_RET: kmod_ret__FN, LSM_PROBE: lsm__HOOK,
  // BPF_ITER: bpf_iter__TARGET) and its loader strips the prefix to find the
  // BTF id; the sections are libbpf's.
  for (auto [Prefix, Kind] :
       {std::pair<StringRef, StringRef>{"kfunc__", "fentry/"},
        {"kretfunc__", "fexit/"}})
    if ((Rest = Fn).consume_front(Prefix) && !Rest.empty()) {
      std::string Target = trampolineTarget(Rest, Bcc);
      return Target.empty() ? "" : (Kind + Target).str();
    }
  for (auto [Prefix, Kind] :
       {std::pair<StringRef, StringRef>{"kmod_ret__", "fmod_ret/"},
        {"lsm__", "lsm/"},
        {"bpf_iter__", "iter/"}})
    if ((Rest = Fn).consume_front(Prefix) && !Rest.empty()) {
      // Before 0.28 every trampoline name went through the same reading,
      // kmod_ret__vmlinux__FN included.
      if (!Bcc.has(BccFeature::KfuncModuleNames))
        Rest.consume_front("vmlinux__");
      return (Kind + Rest).str();
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
  // Packet programs: BCC's Python picks the type at load_func(); without
  // --attach a socket buffer program is a socket filter (libbpf's
  // "socket"), tc programs take --attach FN=classifier.
  if (Ctx == "__sk_buff")
    return "socket";
  if (Ctx == "xdp_md")
    return "xdp";
  return "";
}

} // namespace bpfxcc
