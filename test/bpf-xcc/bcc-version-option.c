// --bcc-version: MAJOR.MINOR[.PATCH], also as Python's bcc/version.py or
// Debian's version spells it; releases before 0.26.0 and anything else are
// one error line. The release is __BPF_XCC_BCC_VERSION for the program
// (MAJOR * 10000 + MINOR * 100 + PATCH), with a macro per difference of
// BccRelease.cpp's table that the release has.
// REQUIRES: kernel-arm64
// RUN: not bpf-xcc --bcc-version 0.25.0 --arch arm64 --kernel %headers_arm64 %s -o %t.o 2>&1 | FileCheck %s --check-prefix=OLD
// RUN: not bpf-xcc --bcc-version banana --arch arm64 --kernel %headers_arm64 %s -o %t.o 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: bpf-xcc --bcc-version 0.31.0+ds-7 --arch arm64 --kernel %headers_arm64 -DEXPECT=3100 %s -o %t.o -v 2>&1 | FileCheck %s --check-prefix=V31
// RUN: bpf-xcc --bcc-version 0.37 --arch arm64 --kernel %headers_arm64 -DEXPECT=3700 %s -o %t.o
// RUN: bpf-xcc --arch arm64 --kernel %headers_arm64 -DEXPECT=2600 %s -o %t.o -v 2>&1 | FileCheck %s --check-prefix=V26
// RUN: not bpf-xcc --bcc-version 0.35.0 --arch arm64 --kernel %headers_arm64 -DEXPECT=2600 %s -o %t.o

// OLD: error: --bcc-version: BCC release 0.25.0: bpf-xcc compiles as BCC 0.26.0 and later releases do
// BAD: error: --bcc-version: BCC release 'banana': expected MAJOR.MINOR[.PATCH] (e.g. 0.37.0)
// V31: kernel {{.*}}, BCC 0.31.0
// V31: -D__BPF_XCC_BCC_VERSION=3100 -D__BPF_XCC_BCC_KFUNC_MODULE_NAMES=1 -D__BPF_XCC_BCC_ARM_KASAN_SHADOW_SHIFT=1
// V26: kernel {{.*}}, BCC 0.26.0
// V26: -D__BPF_XCC_BCC_VERSION=2600 -D
// V26-NOT: __BPF_XCC_BCC_KFUNC_MODULE_NAMES
_Static_assert(__BPF_XCC_BCC_VERSION == EXPECT, "__BPF_XCC_BCC_VERSION");
