//===- UsdtRewrite.h - bpf_usdt_readarg calls to argument readers -*- C++ -*-===//
//
// BCC's frontend (b_frontend_action.cc, BTypeVisitor) rewrites, inside the
// function FN,
//   bpf_usdt_readarg(N, ctx, &dst)      -> _bpf_readarg_FN_N(ctx, &dst, sizeof(*(&dst)))
//   bpf_usdt_readarg_p(N, ctx, buf, n)  -> ({ u64 __addr = 0x0; _bpf_readarg_FN_N(ctx,
//                                            &__addr, sizeof(__addr));
//                                            bpf_probe_read_user(buf, n, (void *)__addr);})
// calling the readers genargs put before the program (Usdt.h). This does the
// same on the program's tokens (clang's raw lexer), before the analysis pass.
//
//===----------------------------------------------------------------------===//
#ifndef BPF_XCC_USDTREWRITE_H
#define BPF_XCC_USDTREWRITE_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace bpfxcc {

struct UsdtReadargUse {
  std::string Fn;  ///< the function the call is in
  std::string Arg; ///< the argument number as written
  unsigned Line = 0, Col = 0;
};

/// Rewrites the calls in \p Source; \p Uses (optional) lists them. A call
/// outside a function body, or with other than 3 (4 for _p) arguments, is
/// an error located at FileName:line:col.
llvm::Expected<std::string> rewriteUsdtReadargs(llvm::StringRef FileName,
                                                llvm::StringRef Source,
                                                std::vector<UsdtReadargUse> *Uses = nullptr);

} // namespace bpfxcc

#endif
