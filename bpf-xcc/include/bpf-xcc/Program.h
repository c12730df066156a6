//===- Program.h - What a compiled BCC program holds -------------*- C++ -*-===//
//
// The facts the rewriter learns about a program (its maps and its probe
// functions) and the attach points each probe function gets in the object.
//
//===----------------------------------------------------------------------===//
#ifndef BPF_XCC_PROGRAM_H
#define BPF_XCC_PROGRAM_H

#include "bpf-xcc/Arch.h"
#include "bpf-xcc/BccRelease.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <map>
#include <string>
#include <vector>

namespace bpfxcc {

/// A map declared with BPF_TABLE and friends.
struct MapInfo {
  std::string Name;
  std::string Kind;    ///< BCC's kind: "hash", "array", "perf_output", ...
  std::string MapType; ///< BPF_MAP_TYPE_* it becomes.
  /// BCC's JSON descriptions of the key and leaf types (MapTypeJson.h).
  std::string KeyDesc, LeafDesc;
  /// "name#type" per field of the struct perf_submit()/ringbuf_output()
  /// sends through this map; empty if none.
  std::vector<std::string> EventFields;
};

/// A function that becomes a BPF program: its own section in the object.
struct ProbeFunction {
  std::string Name;
  /// Type of the context its first parameter points to ("pt_regs",
  /// "bpf_raw_tracepoint_args", "tracepoint__sched__sched_switch", ...).
  std::string ContextType;
};

/// What the analysis pass learns and writes (BccRewriter.h).
struct RewriteResult {
  std::string Source; ///< The rewritten main file (prologue not included).
  std::string Prologue;
  std::vector<MapInfo> Maps;
  std::vector<ProbeFunction> Probes;
  bool Failed = false;
};

/// Attach points: function name -> libbpf-style section specs
/// ("kprobe/vfs_read", "tracepoint/sched/sched_switch", ...).
using AttachMap = std::map<std::string, std::vector<std::string>>;

/// Parses one --attach FN=SPEC. SPEC is a libbpf section name
/// (kprobe/FN, kretprobe/FN, tracepoint/CAT/EV, raw_tracepoint/EV,
/// fentry/FN, fexit/FN, perf_event) or syscall/NAME / syscall-ret/NAME,
/// which names the architecture's syscall entry point.
llvm::Error parseAttachOption(llvm::StringRef Option, const ArchInfo &Arch,
                              bool SyscallWrappers, AttachMap &Out);

/// The attach point BCC derives from a function's name (kprobe__do_sys_open,
/// tracepoint__sched__sched_switch, syscall__execve, ...), or "" when the
/// name says nothing. \p Bcc is the release whose loader reads the name:
/// kfunc__FN before 0.28, kfunc__MOD__FN since (fentry/MOD:FN for a module,
/// libbpf's form; fentry/FN for vmlinux).
std::string attachFromName(llvm::StringRef Function, const ArchInfo &Arch,
                           bool SyscallWrappers,
                           const BccRelease &Bcc = BccRelease());

/// The section of a probe function without a known attach point, from its
/// context type ("kprobe" for pt_regs, ...).
std::string sectionFromContext(llvm::StringRef ContextType);

} // namespace bpfxcc

#endif
