// BCC 0.26's trampoline program macros and the maps only they and socket or
// cgroup programs use: KFUNC_PROBE, KRETFUNC_PROBE, KMOD_RET, LSM_PROBE,
// BPF_ITER name their functions as BCC 0.26 does (kfunc__FN, lsm__HOOK, ...)
// and get libbpf's sections (fentry/FN, fexit/FN, fmod_ret/FN, lsm/HOOK,
// iter/TARGET); BPF_SK_STORAGE/BPF_INODE_STORAGE/BPF_TASK_STORAGE
// (unsized, no prealloc), BPF_CGROUP_STORAGE, BPF_ARRAY_OF_MAPS/BPF_HASH_OF_MAPS (the inner map's
// BTF as the values, as libbpf's __array(values, ...)), PT_REGS_SYSCALL_CTX.
// REQUIRES: kernel-arm64
// RUN: bpf-xcc --arch arm64 --kernel %headers_arm64 %s -o %t.o --emit-c | grep -v "^//" | FileCheck %s --check-prefix=REWRITE
// RUN: bpf-xcc --arch arm64 --kernel %headers_arm64 %s -o %t.o
// RUN: llvm-readelf -sS %t.o | FileCheck %s
// RUN: llvm-objcopy --dump-section=.bpfd.target=%t.stamp %t.o /dev/null
// RUN: FileCheck %s --check-prefix=STAMP < %t.stamp
// RUN: llvm-objdump -dr --no-show-raw-insn %t.o | FileCheck %s --check-prefix=CODE
// RUN: llvm-readelf -p .BTF %t.o | FileCheck %s --check-prefix=BTF

#include <uapi/linux/ptrace.h>
#include <linux/fs.h>
#include <net/sock.h>
#include <linux/sched.h>

struct sk_val { u64 bytes; };
BPF_SK_STORAGE(sk_stats, struct sk_val);
BPF_INODE_STORAGE(ino_stats, u64);
BPF_TASK_STORAGE(tstore, u64);
BPF_CGROUP_STORAGE(cg_stats, u64);
BPF_ARRAY(inner, u64, 4);
BPF_ARRAY_OF_MAPS(outer, "inner", 2);
BPF_HASH_OF_MAPS(outer_h, u32, "inner", 8);

// REWRITE-DAG: #define __bpf_xcc_maptype_sk_stats BPF_MAP_TYPE_SK_STORAGE
// REWRITE-DAG: #define __bpf_xcc_maptype_ino_stats BPF_MAP_TYPE_INODE_STORAGE
// REWRITE-DAG: #define __bpf_xcc_maptype_tstore BPF_MAP_TYPE_TASK_STORAGE
// REWRITE-DAG: #define __bpf_xcc_maptype_cg_stats BPF_MAP_TYPE_CGROUP_STORAGE
// REWRITE-DAG: #define __bpf_xcc_maptype_outer BPF_MAP_TYPE_ARRAY_OF_MAPS
// REWRITE-DAG: #define __bpf_xcc_inner_outer inner
// REWRITE-DAG: #define __bpf_xcc_maptype_outer_h BPF_MAP_TYPE_HASH_OF_MAPS

// CHECK-DAG: ] fentry/tcp_sendmsg PROGBITS
// CHECK-DAG: ] fexit/vfs_read PROGBITS
// CHECK-DAG: ] fmod_ret/security_file_open PROGBITS
// CHECK-DAG: ] lsm/file_open PROGBITS
// CHECK-DAG: ] iter/task PROGBITS
// CHECK-DAG: ] kprobe/__arm64_sys_read PROGBITS
// CHECK-DAG: FUNC GLOBAL DEFAULT {{[0-9]+}} kfunc__tcp_sendmsg
// CHECK-DAG: FUNC GLOBAL DEFAULT {{[0-9]+}} lsm__file_open
// STAMP-DAG: attach=kfunc__tcp_sendmsg fentry/tcp_sendmsg
// STAMP-DAG: attach=kretfunc__vfs_read fexit/vfs_read
// STAMP-DAG: attach=kmod_ret__security_file_open fmod_ret/security_file_open
// STAMP-DAG: attach=lsm__file_open lsm/file_open
// STAMP-DAG: attach=bpf_iter__task iter/task

// BTF-DAG: ] outer
// BTF-DAG: ] values

// sk_storage_get (107) on the socket the probe gets.
// CODE-LABEL: <kfunc__tcp_sendmsg>:
// CODE: call 0x6b
KFUNC_PROBE(tcp_sendmsg, struct sock *sk, struct msghdr *msg, size_t size) {
  struct sk_val *v = sk_stats.sk_storage_get(sk, 0, BPF_SK_STORAGE_GET_F_CREATE);
  if (v)
    v->bytes += size;
  return 0;
}

// task_storage_get (156), task_storage_delete (157).
// CODE-LABEL: <kretfunc__vfs_read>:
// CODE: call 0x9c
// CODE: call 0x9d
KRETFUNC_PROBE(vfs_read, struct file *file, char *buf, size_t count, loff_t *pos, ssize_t ret) {
  struct task_struct *t = (struct task_struct *)bpf_get_current_task_btf();
  u64 *n = tstore.task_storage_get(t, 0, BPF_LOCAL_STORAGE_GET_F_CREATE);
  if (n)
    *n += ret;
  else
    tstore.task_storage_delete(t);
  return 0;
}

KMOD_RET(security_file_open, struct file *file) { return 0; }

// inode_storage_get (145), inode_storage_delete (146).
// CODE-LABEL: <lsm__file_open>:
// CODE: call 0x91
// CODE: call 0x92
LSM_PROBE(file_open, struct file *file) {
  u64 *n = ino_stats.inode_storage_get(file->f_inode, 0, BPF_LOCAL_STORAGE_GET_F_CREATE);
  if (n)
    (*n)++;
  else
    ino_stats.inode_storage_delete(file->f_inode);
  return 0;
}

struct bpf_iter__task;
BPF_ITER(task) { return 0; }

// The inner map a map of maps yields (lookup, 1).
// CODE-LABEL: <kprobe__sys_read>:
// CODE: R_BPF_64_64 outer
// CODE: call 0x1
int kprobe__sys_read(struct pt_regs *ctx) {
  struct pt_regs *regs = PT_REGS_SYSCALL_CTX(ctx);
  int slot = 0;
  void *m = outer.lookup(&slot);
  if (!m)
    return 0;
  u64 *cnt = bpf_map_lookup_elem(m, &slot);
  if (cnt)
    (*cnt)++;
  return regs != 0;
}
