//===- AbiAttach.cpp - libbcc's program loading and attaching -------------===//
//
// Programs are loaded on the device (BPF_PROG_LOAD) and attached there
// (BPF_ATTACH_*); the descriptors BCC's Python keeps stand for the device's
// handles (HostFds.h). Tracing (fentry/fexit: BCC's kfuncs) and LSM
// programs are loaded for their BTF target and attached with
// BPF_ATTACH_BTF.
//
//===----------------------------------------------------------------------===//
#include "Device.h"
#include "HostFds.h"
#include "Module.h"
#include "UsdtSemaphores.h"

#include "bpf-xcc/Arch.h"
#include "bpf-xcc/Program.h"
#include "bpfconv/section.h"
#include "llvm/Support/Error.h"

#include <cerrno>
#include <cstring>
#include <linux/bpf.h>

using namespace bpfdbcc;

static int attachment(const std::string &Line, const std::string &Name,
                      bool ClosedByTool = false) {
  auto R = Device::get().command(Line);
  if (!R) {
    warn(Name + ": " + R.error().message());
    return setErrno(R.error());
  }
  if (!R->ok()) {
    warn(Name + ": " + R->Message);
    return setErrno(*R);
  }
  HostHandle H;
  H.Kind = HandleKind::Attachment;
  H.Device = R->Ret;
  H.Name = Name;
  H.ClosedByTool = ClosedByTool;
  return newHostFd(H);
}

static bool progOf(int Fd, HostHandle &H) {
  if (!lookupHostFd(Fd, H))
    return false;
  if (H.Kind != HandleKind::Prog) {
    errno = EBADF;
    return false;
  }
  return true;
}

// BCC's bcc_prog_load_xattr() loads a TRACING or LSM program for the
// kernel function its name gives: kfunc__FN (fentry), kretfunc__FN (fexit),
// kmod_ret__FN (fmod_ret), lsm__HOOK (lsm); since BCC 0.28 kfunc__MOD__FN
// and kretfunc__MOD__FN, FN in module MOD's BTF (the tool's release:
// toolBccRelease()). bpf-xcc's attachFromName() is this toolkit's reading of BCC's
// names; its section (fentry/FN, fexit/FN, fmod_ret/FN, lsm/HOOK) is what
// bpfd looks the target up for. False (errno EINVAL, said on stderr) for a
// name that gives none.
static bool btfTargetOf(const std::string &Name, std::string &Section) {
  std::string ArchName = Device::env("BPFD_BCC_ARCH");
  auto Arch = bpfxcc::lookupArch(ArchName);
  if (!Arch) {
    warn("loading " + Name + ": the device's arch '" + ArchName + "': " +
         llvm::toString(Arch.takeError()));
    errno = EINVAL;
    return false;
  }
  auto Bcc = toolBccRelease();
  if (!Bcc) {
    warn("loading " + Name + ": " + llvm::toString(Bcc.takeError()));
    errno = EINVAL;
    return false;
  }
  Section = bpfxcc::attachFromName(Name, *Arch, true, *Bcc);
  bpfconv::SectionInfo Info;
  char Why[320];
  if (Section.empty() ||
      bpfconv::parseSection(bpfconv::Span(Section.data(), Section.size()), &Info, Why,
                            sizeof Why) < 0 ||
      !bpfconv::attachesByBtf(Info.kind)) {
    warn("loading " + Name + ": a tracing or LSM program's name gives its kernel target "
         "(kfunc__FN, kretfunc__FN, kmod_ret__FN, lsm__HOOK)" +
         (Section.empty() ? std::string() : ", not " + Section));
    errno = EINVAL;
    return false;
  }
  return true;
}

extern "C" {

int bcc_func_load(void *program, int prog_type, const char *name,
                  const struct bpf_insn *insns, int prog_len, const char *license,
                  unsigned kern_version, int log_level, char *log_buf,
                  unsigned log_buf_size, const char *dev_name, int attach_type) {
  (void)program;
  (void)log_level;
  (void)attach_type;
  if (!name || !insns || prog_len <= 0 || prog_len % 8) {
    errno = EINVAL;
    return -1;
  }
  if (dev_name && *dev_name) {
    warn(std::string("device offload (") + dev_name + ") is not supported");
    errno = ENOTSUP;
    return -1;
  }
  std::string Target;
  if ((prog_type == BPF_PROG_TYPE_TRACING || prog_type == BPF_PROG_TYPE_LSM) &&
      !btfTargetOf(name, Target))
    return -1;
  auto R = Device::get().command(
      "BPF_PROG_LOAD " + std::to_string(prog_type) + " " + quoteToken(name) + " " +
      quoteToken(license ? license : "GPL") + " " + std::to_string(kern_version) + " " +
      bpfd::encodeBlob(insns, size_t(prog_len)) + (Target.empty() ? "" : " " + quoteToken(Target)));
  if (!R) {
    warn(std::string("loading ") + name + ": " + R.error().message());
    return setErrno(R.error());
  }
  if (!R->ok()) {
    // As BCC: the error and the verifier's log on stderr (and in log_buf).
    // A target refused before the kernel saw the program (not in the
    // device's BTF) has no log: bpfd's message alone, naming the program
    // and the target, as BCC's "bpf: FN is not found in vmlinux BTF".
    if (!Target.empty() && R->Payload.empty()) {
      warn(R->Message);
      if (log_buf && log_buf_size)
        log_buf[0] = 0;
      return setErrno(*R);
    }
    std::string Log;
    for (const std::string &L : R->Payload)
      Log += L + "\n";
    fprintf(stderr, "bpf: Failed to load program: %s\n%s\n",
            strerror(int(-R->Ret)), Log.c_str());
    if (log_buf && log_buf_size) {
      strncpy(log_buf, Log.c_str(), log_buf_size - 1);
      log_buf[log_buf_size - 1] = 0;
    }
    return setErrno(*R);
  }
  HostHandle H;
  H.Kind = HandleKind::Prog;
  H.Device = R->Ret;
  H.Name = name;
  return newHostFd(H);
}

int bpf_attach_kprobe(int progfd, int attach_type, const char *ev_name,
                      const char *fn_name, uint64_t fn_offset, int maxactive) {
  (void)maxactive;
  HostHandle P;
  if (!progOf(progfd, P) || !fn_name)
    return -1;
  std::string Fn = fn_name;
  if (attach_type == 0)
    return attachment("BPF_ATTACH_KPROBE " + std::to_string(P.Device) + " " +
                          quoteToken(Fn) +
                          (fn_offset ? " " + std::to_string(fn_offset) : ""),
                      std::string("kprobe ") + (ev_name ? ev_name : Fn.c_str()));
  if (fn_offset) {
    errno = EINVAL;
    return -1;
  }
  return attachment("BPF_ATTACH_KRETPROBE " + std::to_string(P.Device) + " " +
                        quoteToken(Fn),
                    std::string("kretprobe ") + (ev_name ? ev_name : Fn.c_str()));
}

// kprobes and uprobes are perf events of the kernel's PMUs: closing the
// event's descriptor removes them; there is no tracefs event to delete.
int bpf_detach_kprobe(const char *ev_name) {
  (void)ev_name;
  return 0;
}
int bpf_detach_uprobe(const char *ev_name) {
  (void)ev_name;
  return 0;
}
int bpf_detach_tracepoint(const char *tp_category, const char *tp_name) {
  (void)tp_category;
  (void)tp_name;
  return 0;
}

int bpf_attach_uprobe(int progfd, int attach_type, const char *ev_name,
                      const char *binary_path, uint64_t offset, int pid) {
  HostHandle P;
  if (!progOf(progfd, P) || !binary_path)
    return -1;
  // The file offset bcc_resolve_symname() gave (bpfd's RESOLVE_UPROBE),
  // which bpfd takes as it is in the @0xOFFSET form.
  char Addr[32];
  snprintf(Addr, sizeof Addr, "@0x%llx", (unsigned long long)offset);
  // At a location of a USDT probe enabled with a semaphore: the kernel sets
  // it (ref_ctr_offset) where BCC writes /proc/PID/mem.
  uint64_t Semaphore = usdtSemaphoreFor(binary_path, offset);
  char RefCtr[32] = "";
  if (Semaphore)
    snprintf(RefCtr, sizeof RefCtr, " 0x%llx", (unsigned long long)Semaphore);
  return attachment(std::string(attach_type ? "BPF_ATTACH_URETPROBE " : "BPF_ATTACH_UPROBE ") +
                        std::to_string(P.Device) + " " + quoteToken(binary_path) + " " +
                        Addr + " " + std::to_string(pid) + RefCtr,
                    std::string(attach_type ? "uretprobe " : "uprobe ") +
                        (ev_name ? ev_name : binary_path));
}

int bpf_attach_tracepoint(int progfd, const char *tp_category, const char *tp_name) {
  HostHandle P;
  if (!progOf(progfd, P) || !tp_category || !tp_name)
    return -1;
  return attachment("BPF_ATTACH_TRACEPOINT " + std::to_string(P.Device) + " " +
                        quoteToken(tp_category) + " " + quoteToken(tp_name),
                    std::string("tracepoint ") + tp_category + ":" + tp_name);
}

int bpf_attach_raw_tracepoint(int progfd, const char *tp_name) {
  HostHandle P;
  if (!progOf(progfd, P) || !tp_name)
    return -1;
  return attachment("BPF_ATTACH_RAW_TRACEPOINT " + std::to_string(P.Device) + " " +
                        quoteToken(tp_name),
                    std::string("raw_tracepoint ") + tp_name, true);
}

int bpf_attach_perf_event(int progfd, uint32_t ev_type, uint32_t ev_config,
                          uint64_t sample_period, uint64_t sample_freq, int pid,
                          int cpu, int group_fd) {
  HostHandle P;
  if (!progOf(progfd, P))
    return -1;
  if (pid != -1 || group_fd != -1) {
    warn("perf events of one process or in a group are not supported");
    errno = ENOTSUP;
    return -1;
  }
  std::string Line = "BPF_ATTACH_PERF_EVENT " + std::to_string(P.Device) + " " +
                     std::to_string(ev_type) + " " + std::to_string(ev_config) + " ";
  Line += sample_freq ? std::to_string(sample_freq) + " freq" : std::to_string(sample_period);
  if (cpu >= 0)
    Line += " " + std::to_string(cpu);
  return attachment(Line, "perf_event " + std::to_string(ev_type) + ":" +
                              std::to_string(ev_config) + " cpu " + std::to_string(cpu));
}

// As BCC's: BPF_RAW_TRACEPOINT_OPEN without a name, the target the program
// was loaded for, on the device (BPF_ATTACH_BTF).
static int attachBtf(int progfd, const char *What) {
  HostHandle P;
  if (!progOf(progfd, P))
    return -1;
  return attachment("BPF_ATTACH_BTF " + std::to_string(P.Device),
                    std::string(What) + " " + P.Name, true);
}

int bpf_attach_kfunc(int prog_fd) { return attachBtf(prog_fd, "kfunc"); }
int bpf_attach_lsm(int prog_fd) { return attachBtf(prog_fd, "lsm"); }

int bpf_close_perf_event_fd(int fd) {
  HostHandle H;
  if (!lookupHostFd(fd, H))
    return -1;
  auto R = Device::get().command("BPF_CLOSE " + std::to_string(H.Device));
  closeHostFd(fd);
  if (!R)
    return setErrno(R.error());
  return R->ok() ? 0 : setErrno(*R);
}

} // extern "C"
