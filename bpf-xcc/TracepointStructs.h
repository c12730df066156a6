//===- TracepointStructs.h - Tracepoint records from the kernel tree -*- C++ -*-===//
//
// The record layout of a tracepoint, derived from the kernel tree alone (no
// device at hand), as the kernel derives it when it builds:
//  - events of include/trace/events/*.h: the header is read again with the
//    kernel's own stage macros, stage 1 (include/trace/stages/
//    stage1_struct_define.h: `struct trace_event_raw_<class>`, laid out by
//    clang for the target triple) and stage 4 (stage4_event_fields.h: the
//    `trace_event_fields` table whose type, name, size and signedness the
//    format file prints); arch/ARCH/include/asm/trace/*.h alike. Parsed
//    with the target's own char signedness (the program's passes follow
//    BCC and use BPF's signed char);
//  - syscalls' sys_enter_NAME/sys_exit_NAME (kernel/trace/trace_syscalls.c):
//    `int __syscall_nr`, then one unsigned long per argument of sys_NAME's
//    prototype in include/linux/syscalls.h, or `long ret`. The tree has no
//    SYSCALL_DEFINE: a prototype's name may differ from the definition's
//    (add_key's destringid is ringid), an unnamed argument is argN, and the
//    arch's own syscalls (mmap, rt_sigreturn, ...) are not found.
// The common fields (common_type, ...) come from struct trace_entry.
//
//===----------------------------------------------------------------------===//
#ifndef BPF_XCC_TRACEPOINTSTRUCTS_H
#define BPF_XCC_TRACEPOINTSTRUCTS_H

#include "Frontend.h"
#include "bpf-xcc/Profile.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/Error.h"

#include <map>
#include <string>
#include <vector>

namespace bpfxcc {

class TracepointStructs {
public:
  /// \p SourceDir is the tree's source folder (the one holding
  /// include/trace/events), \p ArchDir the folder under its arch/ (whose
  /// include/asm/trace/*.h define the arch's events); \p Base gives the
  /// triple, resource folder and the tree's flags every parse uses.
  TracepointStructs(llvm::StringRef SourceDir, llvm::StringRef ArchDir,
                    const FrontendInput &Base);

  /// The fields of CATEGORY:EVENT's record, common fields first, as the
  /// target's format file would list them. An error says why the tree does
  /// not give it (the caller names the tracepoint).
  llvm::Expected<std::vector<TracepointField>> fields(llvm::StringRef Category,
                                                      llvm::StringRef Event);

private:
  /// The events headers whose TRACE_SYSTEM is \p Category.
  std::vector<std::string> headersOf(llvm::StringRef Category);
  llvm::Error readEventsHeader(llvm::StringRef Category, llvm::StringRef Header);
  llvm::Error readSyscalls();
  llvm::Error
  readUnit(const FrontendInput &In, llvm::StringRef TroubleKey,
           llvm::function_ref<void(clang::ASTContext &, std::string &)> Parse);

  std::string SourceDir, ArchDir;
  FrontendInput Base;
  std::map<std::string, std::vector<std::string>> HeadersByCategory;
  bool Scanned = false;
  llvm::StringSet<> HeadersRead;
  bool SyscallsRead = false;
  /// "cat/event" -> fields.
  std::map<std::string, std::vector<TracepointField>> Events;
  /// Why a header gave nothing (parse errors), for the error message.
  std::map<std::string, std::string> HeaderTrouble;
};

/// How the tree-derived fields differ from a profile's format, one line per
/// field. Fields are matched by name, then the rest by offset: a field at
/// the same offset, size and signedness under another name is a name
/// difference, anything else a layout difference.
struct TracepointDiff {
  std::vector<std::string> Layout; ///< offset, size or signedness, or missing
  std::vector<std::string> Names;  ///< the same layout, another name
  bool empty() const { return Layout.empty() && Names.empty(); }
};
TracepointDiff compareTracepointFields(llvm::ArrayRef<TracepointField> Tree,
                                       llvm::ArrayRef<TracepointField> Target);

} // namespace bpfxcc

#endif
