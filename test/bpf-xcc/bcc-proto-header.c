// <bcc/proto.h>, which many of BCC's TCP tools include, is provided.
// REQUIRES: kernel-arm64
// RUN: bpf-xcc --arch arm64 --kernel %headers_arm64 %s -o %t.o
// RUN: llvm-readelf -S %t.o | FileCheck %s
// CHECK: kprobe/tcp_v4_connect
#include <uapi/linux/ptrace.h>
#include <bcc/proto.h>
int kprobe__tcp_v4_connect(struct pt_regs *ctx) { return 0; }
