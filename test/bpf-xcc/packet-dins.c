// Assignments to packet header fields become bpf_dins_pkt (stores through
// bpf_skb_store_bytes, helper 9, in network byte order), a compound
// assignment reads the field first (BCC 0.26 stores the right-hand side
// alone), a bit-field keeps the bits around it, and incr_cksum_l3 on
// &ip->hchecksum becomes bpf_l3_csum_replace (helper 10) at offset 24 with
// width 2. --attach FN=classifier makes it a tc program.
// REQUIRES: kernel-arm64, kernel-x86_64
// RUN: bpf-xcc --arch arm64 --kernel %headers_arm64 --attach rewrite_ttl=classifier %S/Inputs/packet/rewrite-ttl.c -o %t.o --emit-c | FileCheck %s --check-prefix=REWRITE
// RUN: bpf-xcc --arch arm64 --kernel %headers_arm64 --attach rewrite_ttl=classifier %S/Inputs/packet/rewrite-ttl.c -o %t.arm64.o
// RUN: llvm-objdump -d --no-show-raw-insn %t.arm64.o | FileCheck %s
// RUN: bpf-xcc --arch x86_64 --kernel %headers_x86_64 --attach rewrite_ttl=classifier %S/Inputs/packet/rewrite-ttl.c -o %t.x86.o
// RUN: llvm-objdump -d --no-show-raw-insn %t.x86.o | FileCheck %s
// REWRITE: bpf_dins_pkt(skb, (u64)ip+8, 0, 8, bpf_dext_pkt(skb, (u64)ip+8, 0, 8) - (1));
// REWRITE: bpf_dins_pkt(skb, (u64)ip+1, 0, 8, 0x10);
// REWRITE: bpf_dins_pkt(skb, (u64)ip+6, 1, 1, 1);
// REWRITE: bpf_l3_csum_replace_(skb, (u64)(&ip->hchecksum), old, now, sizeof(now));
// CHECK: Disassembly of section classifier:
// CHECK: r0 = *(u8 *)skb[0x16]
// CHECK: call 0x9
// CHECK: call 0x9
// CHECK: r0 = *(u8 *)skb[0x14]
// CHECK-NEXT: w0 |= 0x40
// CHECK: call 0x9
// CHECK: r2 = 0x18
// CHECK: call 0xa
