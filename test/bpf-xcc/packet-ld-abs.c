// Packet field reads at offsets known at compile time are BPF_LD_ABS
// loads of the field's width (BCC's load_byte/half/word), big-endian as
// the kernel's ld_abs returns them: the ethernet type at 12, the IPv4
// protocol at 23, the UDP destination port at 36; the program is a socket
// filter (section "socket"). Input: vxlan-filter.c (BCC's vlan_filter).
// REQUIRES: kernel-arm64, kernel-x86_64
// RUN: bpf-xcc --arch arm64 --kernel %headers_arm64 %S/Inputs/packet/vxlan-filter.c -o %t.arm64.o
// RUN: llvm-objdump -d --no-show-raw-insn %t.arm64.o | FileCheck %s
// RUN: bpf-xcc --arch x86_64 --kernel %headers_x86_64 %S/Inputs/packet/vxlan-filter.c -o %t.x86.o
// RUN: llvm-objdump -d --no-show-raw-insn %t.x86.o | FileCheck %s
// CHECK: Disassembly of section socket:
// CHECK: <vlan_filter>:
// CHECK: r6 = r1
// CHECK: r0 = *(u16 *)skb[0xc]
// CHECK: if r0 != 0x800 goto
// CHECK: r0 = *(u8 *)skb[0x17]
// CHECK: if r0 != 0x11 goto
// CHECK: r0 = *(u16 *)skb[0x24]
// CHECK: if r{{[0-9]}} == 0x12b5 goto
// CHECK-NOT: call
// CHECK: exit
