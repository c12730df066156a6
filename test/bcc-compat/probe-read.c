// bpf-xcc chooses the kernel read helper of implicit reads as BCC v0.26.0 +
// bcc-patches (0004) does: bpf_probe_read_kernel (113) when the target
// tree's include/uapi/linux/bpf.h lists FN(probe_read_kernel), else
// bpf_probe_read (4) -- from the target's headers, never from the host
// (this host runs Linux 6.18, which has bpf_probe_read_kernel).
// Inputs/tree-without-helper.py makes the "old" tree: Debian's arm64 6.1
// headers whose uapi bpf.h lacks the probe_read_kernel/_user entries.
//
// Patched BCC, measured by hand: offline object of this program
// (bpf_module_compile_object() from a throwaway C caller, ARCH=arm64,
// BCC_KERNEL_SOURCE=each tree, DEBUG_PREPROCESSOR): the Debian tree gives
// `bpf_probe_read_kernel(&_val, ...)` and `call 0x71` twice, the old tree
// `bpf_probe_read(&_val, ...)` and `call 0x4` twice (plus call 0x6,
// bpf_trace_printk).
//
// REQUIRES: kernel-arm64
// RUN: python3 %S/Inputs/tree-without-helper.py %headers_arm64 %t.old probe_read_kernel probe_read_kernel_str probe_read_user probe_read_user_str
// RUN: bpf-xcc -v --arch arm64 --kernel %headers_arm64 %s -o %t.o 2>&1 | FileCheck %s --check-prefix=NEWV
// RUN: llvm-objdump -d --no-show-raw-insn %t.o | FileCheck %s --check-prefix=NEW
// RUN: bpf-xcc -v --arch arm64 --kernel %t.old/build %s -o %t.old.o 2>&1 | FileCheck %s --check-prefix=OLDV
// RUN: llvm-objdump -d --no-show-raw-insn %t.old.o | FileCheck %s --check-prefix=OLD

// NEWV: bpf-xcc: kernel reads use bpf_probe_read_kernel ({{.*}}-common/include/uapi/linux/bpf.h lists FN(probe_read_kernel))
// NEW: call 0x71
// NEW: call 0x71
// NEW-NOT: call 0x4{{$}}
// OLDV: bpf-xcc: kernel reads use bpf_probe_read ({{.*}}.old/source/include/uapi/linux/bpf.h does not list FN(probe_read_kernel))
// OLD: call 0x4{{$}}
// OLD: call 0x4{{$}}
// OLD-NOT: call 0x71

#include <linux/fs.h>

int kprobe__vfs_read(struct pt_regs *ctx, struct file *file) {
  u32 len = file->f_path.dentry->d_name.len;
  bpf_trace_printk("%u\n", len);
  return 0;
}
