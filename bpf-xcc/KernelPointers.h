//===- KernelPointers.h - Which values of a BCC program are kernel addresses -===//
//
// BCC's implicit kernel reads: an lvalue that lives in kernel memory and is
// read as a value must become a bpf_probe_read_kernel call. This analysis
// finds those lvalues; the rewriter (BccRewriter.cpp) changes the text.
//
// A value is a kernel pointer when it comes from
//  - a pointer parameter of a kprobe function (after the context);
//  - the probe context: a pointer field of a tracepoint's args, a register
//    of struct pt_regs cast to a pointer, a raw tracepoint's args[i];
//  - bpf_get_current_task();
//  - a kernel pointer passed to a function with a body (its parameter), or
//    returned by one (its call), to a fixed point over the call graph;
//  - a map whose .update/.insert stored one (what .lookup returns points to
//    a kernel pointer), or a struct field assigned one;
//  - a read of a pointer in kernel memory, &lvalue in kernel memory, casts,
//    pointer arithmetic, ?:, statement expressions.
// Facts about declarations only grow (a level only goes down to 0), so the
// rounds over all functions end.
//
//===----------------------------------------------------------------------===//
#ifndef BPF_XCC_KERNELPOINTERS_H
#define BPF_XCC_KERNELPOINTERS_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SetVector.h"

namespace bpfxcc {

class KernelPointerAnalysis {
public:
  /// \p Maps: the BCC map variables of the translation unit.
  KernelPointerAnalysis(clang::ASTContext &Ctx,
                        const llvm::DenseSet<const clang::VarDecl *> &Maps)
      : Ctx(Ctx), Maps(Maps) {}

  /// A function of the main file. \p ProbeArgsAreKernel: its pointer
  /// parameters after the context hold kernel pointers (kprobe functions).
  void addFunction(const clang::FunctionDecl *FD, bool ProbeArgsAreKernel);

  /// Classifies every function (and the functions with bodies they call)
  /// until the facts no longer change.
  void run();

  /// \p LValue lives in kernel memory and the program reads it as a value
  /// (the innermost expression, not its parentheses).
  bool isKernelRead(const clang::Expr *LValue) const {
    return Reads.count(LValue);
  }

  /// What a value or lvalue is (exposed for the walker).
  enum class Class : uint8_t {
    None,
    KernelPtr,    ///< A kernel address (an lvalue: a slot holding one).
    KernelPtrPtr, ///< Points to a slot in BPF memory that holds a kernel address.
    KernelLValue, ///< An lvalue in kernel memory.
    CtxLValue,    ///< An lvalue in the probe context (pt_regs, tracepoint args).
    CtxWord,      ///< A word read from the probe context.
  };

private:
  friend class KernelPointerWalker;

  /// Records that \p D holds a kernel pointer (\p Level 0) or a pointer to
  /// one (\p Level 1; the lower level wins); sets Changed when that is new.
  void markDecl(const clang::Decl *D, unsigned Level);
  void markReturn(const clang::FunctionDecl *FD, unsigned Level);
  void markMap(const clang::VarDecl *Map);
  void addCallee(const clang::FunctionDecl *FD);
  bool isContextParam(const clang::ParmVarDecl *P) const;

  clang::ASTContext &Ctx;
  const llvm::DenseSet<const clang::VarDecl *> &Maps;

  llvm::SetVector<const clang::FunctionDecl *> Functions;
  /// Parameters that are the probe context, and whether that is a raw
  /// tracepoint's (its args[] words are kernel pointers).
  llvm::DenseMap<const clang::ParmVarDecl *, bool> ContextParams;

  // Facts (grow only).
  llvm::DenseMap<const clang::Decl *, unsigned> DeclLevel;
  llvm::DenseMap<const clang::FunctionDecl *, unsigned> ReturnLevel;
  llvm::DenseSet<const clang::VarDecl *> KernelMaps;
  bool Changed = false;

  // Per round.
  llvm::DenseMap<const clang::Expr *, Class> Classes;
  llvm::DenseSet<const clang::Expr *> Reads;
};

} // namespace bpfxcc

#endif
