//===- MapTypeJson.h - BCC's descriptions of map and event types -*- C++ -*-===//
//
// BCC's Python builds ctypes types for a map's key and leaf from a JSON text
// its frontend writes (bpf_table_key_desc/bpf_table_leaf_desc), and the
// event class of a perf map from "name#type" strings
// (bpf_perf_event_field). These functions write exactly what BCC 0.26's
// frontend writes for the same clang types:
//   u32                       -> "unsigned int"
//   struct k { u32 a; u64 b; } -> ["k", [["a","unsigned int"],
//                                  ["__pad_1","char",[4]],
//                                  ["b","unsigned long long"]], "struct_packed"]
//   char comm[16] (a field)   -> ["comm","char",[16]]
//   a bit-field               -> ["f","unsigned int",3] (and "struct": no padding)
//   pointers                  -> "unsigned long long"; enums: their integer type
//
//===----------------------------------------------------------------------===//
#ifndef BPF_XCC_MAPTYPEJSON_H
#define BPF_XCC_MAPTYPEJSON_H

#include "clang/AST/ASTContext.h"

#include <string>
#include <vector>

namespace bpfxcc {

/// The JSON description of a map's key or leaf type.
std::string bccTypeJson(clang::ASTContext &Ctx, clang::QualType T);

/// "name#type" per field of the struct \p Event (what perf_submit() or
/// ringbuf_output() sends); empty when \p Event is not a struct.
std::vector<std::string> bccEventFields(clang::QualType Event);

} // namespace bpfxcc

#endif
