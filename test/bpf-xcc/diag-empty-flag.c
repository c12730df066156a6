// An empty -D or -I is refused with one line naming the flag. It used to
// reach clang as a bare "-D"/"-I" that swallowed the next flag: -D '' made
// bpf-xcc's own include folder a macro ("macro name must be an identifier"
// at `#define -I/virtual/bpf-xcc/include 1`), -I '' lost that folder, and
// the kernel headers then failed in ways that named neither flag.
// REQUIRES: kernel-arm64
// RUN: not bpf-xcc --arch arm64 --kernel %headers_arm64 -D '' %s -o %t.o 2>&1 | FileCheck %s --check-prefix=MACRO
// RUN: not bpf-xcc --arch arm64 --kernel %headers_arm64 -I '' %s -o %t.o 2>&1 | FileCheck %s --check-prefix=INCDIR
// RUN: bpf-xcc --arch arm64 --kernel %headers_arm64 -D SOME_MACRO -I %S %s -o %t.o
//
// MACRO: bpf-xcc: error: -D needs a macro name (-D NAME or -D NAME=VALUE)
// MACRO-NOT: error
// INCDIR: bpf-xcc: error: -I needs a folder
// INCDIR-NOT: error
int kprobe__vfs_read(void *ctx) { return 0; }
