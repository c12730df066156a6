// The map macros of BCC 0.26's helpers.h that bpf-xcc lacked, each as BCC
// declares it (kind, key, leaf, size, flags) and its methods as BCC rewrites
// them: BPF_QUEUE/BPF_STACK (no key: the kernel refuses a key on them),
// BPF_LPM_TRIE (BPF_F_NO_PREALLOC), BPF_STACK_TRACE_BUILDID
// (BPF_F_STACK_BUILD_ID), BPF_PERF_ARRAY (perf_read, perf_counter_value),
// BPF_CGROUP_ARRAY (check_current_task), BPF_TABLE_PINNED (the path is
// dropped), BPF_DEVMAP/BPF_CPUMAP/BPF_XSKMAP, BPF_SOCKMAP/BPF_SOCKHASH.
// Loaded in the guests by bcc-rewrites-in-guest.test (helpers-prog-macros.c
// has the maps bpfd cannot create yet).
// REQUIRES: kernel-arm64
// RUN: bpf-xcc --arch arm64 --kernel %headers_arm64 %s -o %t.o --emit-c | grep -v "^//" | FileCheck %s --check-prefix=REWRITE
// RUN: bpf-xcc --arch arm64 --kernel %headers_arm64 %s -o %t.o
// RUN: bpfd-object plan %t.o | FileCheck %s
// RUN: llvm-objdump -dr --no-show-raw-insn %t.o | FileCheck %s --check-prefix=CODE

#include <uapi/linux/ptrace.h>

struct lpm_key { u32 prefixlen; u32 addr; };

BPF_QUEUE(q, u64, 64);
BPF_STACK(st, u32, 16, 0);
BPF_LPM_TRIE(trie, struct lpm_key, u64, 128);
BPF_STACK_TRACE_BUILDID(bstacks, 100);
BPF_PERF_ARRAY(cycles, 8);
BPF_CGROUP_ARRAY(cgrp, 1);
BPF_TABLE_PINNED("hash", u32, u64, pinned, 32, "/sys/fs/bpf/h1_pinned");
BPF_DEVMAP(devs, 4);
BPF_CPUMAP(cpus, 4);
BPF_XSKMAP(xsks, 4);
BPF_SOCKMAP(socks, 8);
BPF_SOCKHASH(sockh, u64, 8);

// REWRITE-DAG: #define __bpf_xcc_maptype_q BPF_MAP_TYPE_QUEUE
// REWRITE-DAG: #define __bpf_xcc_maptype_st BPF_MAP_TYPE_STACK
// REWRITE-DAG: #define __bpf_xcc_maptype_trie BPF_MAP_TYPE_LPM_TRIE
// REWRITE-DAG: #define __bpf_xcc_maptype_bstacks BPF_MAP_TYPE_STACK_TRACE
// REWRITE-DAG: #define __bpf_xcc_maptype_cycles BPF_MAP_TYPE_PERF_EVENT_ARRAY
// REWRITE-DAG: #define __bpf_xcc_maptype_cgrp BPF_MAP_TYPE_CGROUP_ARRAY
// REWRITE-DAG: #define __bpf_xcc_maptype_pinned BPF_MAP_TYPE_HASH
// REWRITE-DAG: #define __bpf_xcc_maptype_devs BPF_MAP_TYPE_DEVMAP
// REWRITE-DAG: #define __bpf_xcc_maptype_cpus BPF_MAP_TYPE_CPUMAP
// REWRITE-DAG: #define __bpf_xcc_maptype_xsks BPF_MAP_TYPE_XSKMAP
// REWRITE-DAG: #define __bpf_xcc_maptype_socks BPF_MAP_TYPE_SOCKMAP
// REWRITE-DAG: #define __bpf_xcc_maptype_sockh BPF_MAP_TYPE_SOCKHASH
// REWRITE: bpf_map_push_elem((void *)&q, &v, BPF_EXIST);
// REWRITE: bpf_map_pop_elem((void *)&st, &small);
// REWRITE: bpf_perf_event_read_value((void *)&cycles, BPF_F_CURRENT_CPU, &val, sizeof(val));
// REWRITE: bpf_current_task_under_cgroup((void *)&cgrp, 0)

// BPF_MAP_TYPE_* numbers and flags: QUEUE 22, STACK 23, LPM_TRIE 11 with
// BPF_F_NO_PREALLOC (1), STACK_TRACE 7 with BPF_F_STACK_BUILD_ID (32) and
// 127 build-id frames of 32 bytes.
// CHECK-DAG: map q type=22 key_size=0 value_size=8 max_entries=64 flags=0
// CHECK-DAG: map st type=23 key_size=0 value_size=4 max_entries=16 flags=0
// CHECK-DAG: map trie type=11 key_size=8 value_size=8 max_entries=128 flags=1
// CHECK-DAG: map bstacks type=7 key_size=4 value_size=4064 max_entries=128 flags=32
// CHECK-DAG: map cycles type=4 key_size=4 value_size=4 max_entries=8
// CHECK-DAG: map cgrp type=8 key_size=4 value_size=4 max_entries=1
// CHECK-DAG: map pinned type=1 key_size=4 value_size=8 max_entries=32 flags=0 pinning=0
// CHECK-DAG: map devs type=14 key_size=4 value_size=4 max_entries=4
// CHECK-DAG: map cpus type=16 key_size=4 value_size=4 max_entries=4
// CHECK-DAG: map xsks type=17 key_size=4 value_size=4 max_entries=4
// CHECK-DAG: map socks type=15 key_size=4 value_size=4 max_entries=8
// CHECK-DAG: map sockh type=18 key_size=8 value_size=4 max_entries=8

// CODE-LABEL: <kprobe__vfs_read>:
// CODE: call 0x57
// CODE: call 0x58
// CODE: call 0x1b
// CODE: call 0x37
// CODE: call 0x25
int kprobe__vfs_read(struct pt_regs *ctx) {
  u64 v = bpf_ktime_get_ns();
  q.push(&v, BPF_EXIST);
  u32 small;
  st.pop(&small);
  struct lpm_key k = {.prefixlen = 32, .addr = 0x0100007f};
  u64 *hit = trie.lookup(&k);
  if (hit)
    (*hit)++;
  int id = bstacks.get_stackid(ctx, BPF_F_USER_STACK);
  struct bpf_perf_event_value val = {};
  cycles.perf_counter_value(BPF_F_CURRENT_CPU, &val, sizeof(val));
  u32 key = id;
  if (cgrp.check_current_task(0) == 1)
    pinned.increment(key);
  return 0;
}
