/* A small stand-in for bpftool's vmlinux.h: the kernel types the objects of
 * test/libbpf-peer use, written by hand. Like vmlinux.h, every struct has
 * preserve_access_index, so each field access is a CO-RE relocation; unlike
 * it, task_struct's fields come in another order than the kernel's (and
 * without the kernel's hundreds of others), so that an object built
 * against this file reads the right fields only if its loader relocates
 * the accesses against the guest's BTF. */
#ifndef __VMLINUX_H__
#define __VMLINUX_H__

typedef unsigned char __u8;
typedef short __s16;
typedef unsigned short __u16;
typedef int __s32;
typedef unsigned int __u32;
typedef long long __s64;
typedef unsigned long long __u64;
typedef __u8 u8;
typedef __u16 u16;
typedef __u32 u32;
typedef __u64 u64;
typedef __s32 s32;
typedef __s64 s64;
typedef __u16 __be16;
typedef __u32 __be32;
typedef __u32 __wsum;
typedef int pid_t;
typedef _Bool bool;
enum { false = 0, true = 1 };

#pragma clang attribute push(__attribute__((preserve_access_index)), apply_to = record)

/* The kernel's order: __state ... pid, tgid ... real_parent ...
 * group_leader ... comm. */
struct task_struct {
  char comm[16];
  struct task_struct *group_leader;
  pid_t tgid;
  struct task_struct *real_parent;
  pid_t pid;
  unsigned int __state;
};

struct file;
union bpf_attr;

#if defined(__TARGET_ARCH_x86)
struct pt_regs {
  unsigned long r15, r14, r13, r12, bp, bx, r11, r10, r9, r8, ax, cx, dx, si, di;
  unsigned long orig_ax, ip, cs, flags, sp, ss;
};
#elif defined(__TARGET_ARCH_arm64)
struct user_pt_regs {
  __u64 regs[31];
  __u64 sp;
  __u64 pc;
  __u64 pstate;
};
struct pt_regs {
  union {
    struct user_pt_regs user_regs;
    struct {
      u64 regs[31];
      u64 sp;
      u64 pc;
      u64 pstate;
    };
  };
  u64 orig_x0;
};
#endif

struct trace_entry {
  unsigned short type;
  unsigned char flags;
  unsigned char preempt_count;
  int pid;
};

struct trace_event_raw_sys_enter {
  struct trace_entry ent;
  long id;
  unsigned long args[6];
  char __data[0];
};

struct seq_file;

struct bpf_iter_meta {
  struct seq_file *seq;
  u64 session_id;
  u64 seq_num;
};

struct bpf_iter__task {
  struct bpf_iter_meta *meta;
  struct task_struct *task;
};

struct __sk_buff {
  __u32 len;
  __u32 pkt_type;
  __u32 mark;
  __u32 queue_mapping;
  __u32 protocol;
};

#pragma clang attribute pop

enum bpf_map_type {
  BPF_MAP_TYPE_UNSPEC = 0,
  BPF_MAP_TYPE_HASH = 1,
  BPF_MAP_TYPE_ARRAY = 2,
  BPF_MAP_TYPE_PERF_EVENT_ARRAY = 4,
  BPF_MAP_TYPE_PERCPU_ARRAY = 6,
  BPF_MAP_TYPE_STACK_TRACE = 7,
  BPF_MAP_TYPE_LRU_HASH = 9,
  BPF_MAP_TYPE_ARRAY_OF_MAPS = 12,
  BPF_MAP_TYPE_RINGBUF = 27,
};

/* The kernel's values depend on its configuration (which controllers are
 * built in): only a relocation gives the guest's. */
enum {
  BPF_ANY = 0,
  BPF_NOEXIST = 1,
  BPF_EXIST = 2,
};

enum {
  BPF_F_USER_STACK = 256,
};

enum {
  BPF_F_CURRENT_CPU = 0xffffffffULL,
};

enum cgroup_subsys_id {
  memory_cgrp_id,
  cpu_cgrp_id,
  pids_cgrp_id,
  CGROUP_SUBSYS_COUNT,
};

#endif /* __VMLINUX_H__ */
