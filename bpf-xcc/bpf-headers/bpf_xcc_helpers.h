/* bpf_xcc_helpers.h - BCC's program API for bpf-xcc.
 *
 * Included before every program (embedded in the bpf-xcc binary), the same
 * text in both of bpf-xcc's passes (a cached preamble serves both). The map
 * macros, which differ between the passes, are bpf_xcc_maps.h's:
 *   __BPF_XCC_PASS == 1  the analysis pass: maps are structs whose members
 *                        name BCC's methods (table.lookup(&k) type-checks);
 *                        the rewriter turns them into helper calls.
 *   __BPF_XCC_PASS == 2  the code pass: maps are BTF-defined (.maps), each
 *                        map's type comes from the rewriter's prologue
 *                        (__bpf_xcc_maptype_<name>).
 * PT_REGS_* and the __bpf_xcc_* architecture facts are defined by bpf-xcc
 * from its architecture table before this file is read.
 */
#ifndef __BPF_XCC_HELPERS_H
#define __BPF_XCC_HELPERS_H

/* The kernel Makefile adds -DCC_USING_FENTRY when CONFIG_FUNCTION_TRACER is
 * set (4.18 on), and x86's asm/ftrace.h refuses to be read without it (as
 * BCC's helpers.h, define it the same way). */
#if defined(CONFIG_FUNCTION_TRACER) && !defined(CC_USING_FENTRY)
#define CC_USING_FENTRY
#endif

#include <linux/types.h>
#include <linux/version.h>
#include <linux/log2.h>
#include <uapi/linux/bpf.h>

#define SEC(name) __attribute__((section(name), used))
#define BCC_SEC(name) SEC(name)
#define __uint(name, val) int (*name)[val]
#define __type(name, val) __typeof__(val) *name
#define __array(name, val) __typeof__(val) *name[]

#ifndef __always_inline
#define __always_inline inline __attribute__((always_inline))
#endif

#define BPF_MAX_STACK_DEPTH 127
struct bpf_stacktrace {
  u64 ip[BPF_MAX_STACK_DEPTH];
};

/* ---- Helpers, by their stable UAPI numbers ---------------------------- */
#define __BPF_XCC_HELPER(ret, name, id, ...) \
  static ret (*name)(__VA_ARGS__) __attribute__((unused)) = (void *)id

__BPF_XCC_HELPER(void *, bpf_map_lookup_elem, 1, void *map, const void *key);
__BPF_XCC_HELPER(long, bpf_map_update_elem, 2, void *map, const void *key, const void *value, u64 flags);
__BPF_XCC_HELPER(long, bpf_map_delete_elem, 3, void *map, const void *key);
__BPF_XCC_HELPER(long, bpf_probe_read, 4, void *dst, u32 size, const void *src);
__BPF_XCC_HELPER(u64, bpf_ktime_get_ns, 5, void);
__BPF_XCC_HELPER(long, bpf_trace_printk_, 6, const char *fmt, u32 fmt_size, ...);
__BPF_XCC_HELPER(u32, bpf_get_prandom_u32, 7, void);
__BPF_XCC_HELPER(u32, bpf_get_smp_processor_id, 8, void);
__BPF_XCC_HELPER(long, bpf_tail_call_, 12, void *ctx, void *map, u32 index);
__BPF_XCC_HELPER(u64, bpf_get_current_pid_tgid, 14, void);
__BPF_XCC_HELPER(u64, bpf_get_current_uid_gid, 15, void);
__BPF_XCC_HELPER(long, bpf_get_current_comm, 16, void *buf, u32 size);
__BPF_XCC_HELPER(u64, bpf_perf_event_read, 22, void *map, u64 flags);
__BPF_XCC_HELPER(long, bpf_perf_event_output, 25, void *ctx, void *map, u64 flags, void *data, u64 size);
__BPF_XCC_HELPER(long, bpf_get_stackid, 27, void *ctx, void *map, u64 flags);
__BPF_XCC_HELPER(u64, bpf_get_current_task, 35, void);
__BPF_XCC_HELPER(long, bpf_probe_write_user, 36, void *dst, const void *src, u32 len);
__BPF_XCC_HELPER(long, bpf_current_task_under_cgroup, 37, void *map, u32 index);
__BPF_XCC_HELPER(long, bpf_get_numa_node_id, 42, void);
__BPF_XCC_HELPER(long, bpf_probe_read_str, 45, void *dst, u32 size, const void *src);
__BPF_XCC_HELPER(long, bpf_redirect_map, 51, void *map, u64 key, u64 flags);
__BPF_XCC_HELPER(long, bpf_sock_map_update, 53, void *skops, void *map, void *key, u64 flags);
__BPF_XCC_HELPER(long, bpf_perf_event_read_value, 55, void *map, u64 flags, void *buf, u32 size);
__BPF_XCC_HELPER(long, bpf_perf_prog_read_value, 56, void *ctx, void *buf, u32 size);
__BPF_XCC_HELPER(long, bpf_override_return, 58, void *regs, u64 rc);
__BPF_XCC_HELPER(long, bpf_get_stack, 67, void *ctx, void *buf, u32 size, u64 flags);
__BPF_XCC_HELPER(long, bpf_sock_hash_update, 70, void *skops, void *map, void *key, u64 flags);
__BPF_XCC_HELPER(long, bpf_msg_redirect_hash, 71, void *msg, void *map, void *key, u64 flags);
__BPF_XCC_HELPER(long, bpf_sk_redirect_hash, 72, void *skb, void *map, void *key, u64 flags);
__BPF_XCC_HELPER(u64, bpf_get_current_cgroup_id, 80, void);
__BPF_XCC_HELPER(void *, bpf_get_local_storage, 81, void *map, u64 flags);
__BPF_XCC_HELPER(long, bpf_map_push_elem, 87, void *map, const void *value, u64 flags);
__BPF_XCC_HELPER(long, bpf_map_pop_elem, 88, void *map, void *value);
__BPF_XCC_HELPER(long, bpf_map_peek_elem, 89, void *map, void *value);
__BPF_XCC_HELPER(void *, bpf_sk_storage_get, 107, void *map, void *sk, void *value, u64 flags);
__BPF_XCC_HELPER(long, bpf_sk_storage_delete, 108, void *map, void *sk);
__BPF_XCC_HELPER(long, bpf_send_signal, 109, u32 sig);
__BPF_XCC_HELPER(long, bpf_probe_read_user, 112, void *dst, u32 size, const void *src);
__BPF_XCC_HELPER(long, bpf_probe_read_kernel, 113, void *dst, u32 size, const void *src);
__BPF_XCC_HELPER(long, bpf_probe_read_user_str, 114, void *dst, u32 size, const void *src);
__BPF_XCC_HELPER(long, bpf_probe_read_kernel_str, 115, void *dst, u32 size, const void *src);
__BPF_XCC_HELPER(long, bpf_send_signal_thread, 117, u32 sig);
__BPF_XCC_HELPER(u64, bpf_jiffies64, 118, void);
__BPF_XCC_HELPER(long, bpf_get_ns_current_pid_tgid, 120, u64 dev, u64 ino, void *nsdata, u32 size);
__BPF_XCC_HELPER(u64, bpf_get_current_ancestor_cgroup_id, 123, int level);
__BPF_XCC_HELPER(u64, bpf_ktime_get_boot_ns, 125, void);
__BPF_XCC_HELPER(long, bpf_ringbuf_output, 130, void *ringbuf, void *data, u64 size, u64 flags);
__BPF_XCC_HELPER(void *, bpf_ringbuf_reserve, 131, void *ringbuf, u64 size, u64 flags);
__BPF_XCC_HELPER(void, bpf_ringbuf_submit, 132, void *data, u64 flags);
__BPF_XCC_HELPER(void, bpf_ringbuf_discard, 133, void *data, u64 flags);
__BPF_XCC_HELPER(u64, bpf_ringbuf_query, 134, void *ringbuf, u64 flags);
__BPF_XCC_HELPER(long, bpf_get_task_stack, 141, void *task, void *buf, u32 size, u64 flags);
__BPF_XCC_HELPER(void *, bpf_inode_storage_get, 145, void *map, void *inode, void *value, u64 flags);
__BPF_XCC_HELPER(long, bpf_inode_storage_delete, 146, void *map, void *inode);
__BPF_XCC_HELPER(long, bpf_d_path, 147, void *path, char *buf, u32 sz);
__BPF_XCC_HELPER(long, bpf_copy_from_user, 148, void *dst, u32 size, const void *user_ptr);
__BPF_XCC_HELPER(void *, bpf_task_storage_get, 156, void *map, void *task, void *value, u64 flags);
__BPF_XCC_HELPER(long, bpf_task_storage_delete, 157, void *map, void *task);
__BPF_XCC_HELPER(void *, bpf_get_current_task_btf, 158, void);
__BPF_XCC_HELPER(u64, bpf_ktime_get_coarse_ns, 160, void);
__BPF_XCC_HELPER(long, bpf_snprintf, 165, char *str, u32 str_size, const char *fmt, u64 *data, u32 data_len);
__BPF_XCC_HELPER(u64, bpf_get_func_ip, 173, void *ctx);
__BPF_XCC_HELPER(u64, bpf_get_attach_cookie, 174, void *ctx);
__BPF_XCC_HELPER(long, bpf_task_pt_regs, 175, void *task);
__BPF_XCC_HELPER(long, bpf_get_func_arg, 183, void *ctx, u32 n, u64 *value);
__BPF_XCC_HELPER(long, bpf_get_func_ret, 184, void *ctx, u64 *value);

#define bpf_trace_printk(fmt, ...)                                            \
  ({                                                                          \
    char ____fmt[] = fmt;                                                     \
    bpf_trace_printk_(____fmt, sizeof(____fmt), ##__VA_ARGS__);               \
  })
#define lock_xadd(ptr, val) ((void)__sync_fetch_and_add(ptr, val))
/* The pt_regs of a syscall's arguments at a kprobe on its entry point: the
 * wrapper's argument where the kernel has syscall wrappers (BCC 0.26). */
#if defined(CONFIG_ARCH_HAS_SYSCALL_WRAPPER) && !defined(__s390x__)
#define PT_REGS_SYSCALL_CTX(ctx) ((struct pt_regs *)PT_REGS_PARM1(ctx))
#else
#define PT_REGS_SYSCALL_CTX(ctx) (ctx)
#endif
#define bpf_tail_call(ctx, map, index) bpf_tail_call_(ctx, map, index)

static __always_inline unsigned int bpf_log2(unsigned int v) {
  unsigned int r, shift;
  r = (v > 0xFFFF) << 4; v >>= r;
  shift = (v > 0xFF) << 3; v >>= shift; r |= shift;
  shift = (v > 0xF) << 2; v >>= shift; r |= shift;
  shift = (v > 0x3) << 1; v >>= shift; r |= shift;
  r |= (v >> 1);
  return r;
}
static __always_inline unsigned int bpf_log2l(unsigned long v) {
  unsigned int hi = (u64)v >> 32; /* unsigned long is 32 bits on arm */
  if (hi)
    return bpf_log2(hi) + 32 + 1;
  return bpf_log2(v) + 1;
}

/* ---- Maps: the per-pass map macros are bpf_xcc_maps.h's, read after the
 * program's leading #include block; those below are written with them. */

#define BPF_TABLE(_table_type, _key_type, _leaf_type, _name, _max_entries)    \
  BPF_F_TABLE(_table_type, _key_type, _leaf_type, _name, _max_entries, 0)
/* A pinned table's path follows its kind, as in BCC; bpf-xcc's objects
 * create the map (the path is not pinned). */
#define BPF_TABLE_PINNED7(_table_type, _key_type, _leaf_type, _name, _max_entries, _pinned, _flags) \
  BPF_F_TABLE(_table_type ":" _pinned, _key_type, _leaf_type, _name, _max_entries, _flags)
#define BPF_TABLE_PINNED6(_table_type, _key_type, _leaf_type, _name, _max_entries, _pinned) \
  BPF_F_TABLE(_table_type ":" _pinned, _key_type, _leaf_type, _name, _max_entries, 0)
#define BPF_TABLE_PINNEDX(_1, _2, _3, _4, _5, _6, _7, NAME, ...) NAME
#define BPF_TABLE_PINNED(...)                                                 \
  BPF_TABLE_PINNEDX(__VA_ARGS__, BPF_TABLE_PINNED7, BPF_TABLE_PINNED6)(__VA_ARGS__)
/* Tables BCC shares with other modules (maps/export, maps/shared) are the
 * object's own maps here. */
#define BPF_TABLE_PUBLIC(_table_type, _key_type, _leaf_type, _name, _max_entries) \
  BPF_TABLE(_table_type, _key_type, _leaf_type, _name, _max_entries)
/* BPF_TABLE_SHARED takes BCC 0.31's optional flags: defined at the end of
 * this file (the lines before the functions below stay 0.26's). */

#define BPF_QUEUE_STACK3(_type, _name, _leaf_type, _max_entries)              \
  BPF_QUEUESTACK(_type, _name, _leaf_type, _max_entries, 0)
#define BPF_QUEUE_STACK4(_type, _name, _leaf_type, _max_entries, _flags)      \
  BPF_QUEUESTACK(_type, _name, _leaf_type, _max_entries, _flags)
#define BPF_QUEUE_STACKX(_1, _2, _3, _4, NAME, ...) NAME
#define BPF_QUEUE(...)                                                        \
  BPF_QUEUE_STACKX(__VA_ARGS__, BPF_QUEUE_STACK4, BPF_QUEUE_STACK3)("queue", __VA_ARGS__)
#define BPF_STACK(...)                                                        \
  BPF_QUEUE_STACKX(__VA_ARGS__, BPF_QUEUE_STACK4, BPF_QUEUE_STACK3)("stack", __VA_ARGS__)
#define BPF_QUEUESTACK_PINNED(_table_type, _name, _leaf_type, _max_entries, _flags, _pinned) \
  BPF_QUEUESTACK(_table_type ":" _pinned, _name, _leaf_type, _max_entries, _flags)
#define BPF_QUEUESTACK_PUBLIC(_table_type, _name, _leaf_type, _max_entries, _flags) \
  BPF_QUEUESTACK(_table_type, _name, _leaf_type, _max_entries, _flags)
#define BPF_QUEUESTACK_SHARED(_table_type, _name, _leaf_type, _max_entries, _flags) \
  BPF_QUEUESTACK(_table_type, _name, _leaf_type, _max_entries, _flags)

/* BCC's argument-count overloading of the BPF_<KIND> macros. */
#define __BPF_XCC_PICK(_1, _2, _3, _4, _5, NAME, ...) NAME

#define BPF_HASH1(_name) BPF_TABLE("hash", u64, u64, _name, 10240)
#define BPF_HASH2(_name, _key_type) BPF_TABLE("hash", _key_type, u64, _name, 10240)
#define BPF_HASH3(_name, _key_type, _leaf_type) BPF_TABLE("hash", _key_type, _leaf_type, _name, 10240)
#define BPF_HASH4(_name, _key_type, _leaf_type, _size) BPF_TABLE("hash", _key_type, _leaf_type, _name, _size)
#define BPF_HASH(...) __BPF_XCC_PICK(__VA_ARGS__, _, BPF_HASH4, BPF_HASH3, BPF_HASH2, BPF_HASH1)(__VA_ARGS__)

#define BPF_PERCPU_HASH1(_name) BPF_TABLE("percpu_hash", u64, u64, _name, 10240)
#define BPF_PERCPU_HASH2(_name, _key_type) BPF_TABLE("percpu_hash", _key_type, u64, _name, 10240)
#define BPF_PERCPU_HASH3(_name, _key_type, _leaf_type) BPF_TABLE("percpu_hash", _key_type, _leaf_type, _name, 10240)
#define BPF_PERCPU_HASH4(_name, _key_type, _leaf_type, _size) BPF_TABLE("percpu_hash", _key_type, _leaf_type, _name, _size)
#define BPF_PERCPU_HASH(...) __BPF_XCC_PICK(__VA_ARGS__, _, BPF_PERCPU_HASH4, BPF_PERCPU_HASH3, BPF_PERCPU_HASH2, BPF_PERCPU_HASH1)(__VA_ARGS__)

/* Not in BCC 0.26's helpers.h (BPF_TABLE("lru_hash", ...) is): kept for
 * programs written against later BCC. */
#define BPF_LRU_HASH1(_name) BPF_TABLE("lru_hash", u64, u64, _name, 10240)
#define BPF_LRU_HASH2(_name, _key_type) BPF_TABLE("lru_hash", _key_type, u64, _name, 10240)
#define BPF_LRU_HASH3(_name, _key_type, _leaf_type) BPF_TABLE("lru_hash", _key_type, _leaf_type, _name, 10240)
#define BPF_LRU_HASH4(_name, _key_type, _leaf_type, _size) BPF_TABLE("lru_hash", _key_type, _leaf_type, _name, _size)
#define BPF_LRU_HASH(...) __BPF_XCC_PICK(__VA_ARGS__, _, BPF_LRU_HASH4, BPF_LRU_HASH3, BPF_LRU_HASH2, BPF_LRU_HASH1)(__VA_ARGS__)

#define BPF_ARRAY1(_name) BPF_TABLE("array", int, u64, _name, 10240)
#define BPF_ARRAY2(_name, _leaf_type) BPF_TABLE("array", int, _leaf_type, _name, 10240)
#define BPF_ARRAY3(_name, _leaf_type, _size) BPF_TABLE("array", int, _leaf_type, _name, _size)
#define BPF_ARRAY(...) __BPF_XCC_PICK(__VA_ARGS__, _, _, BPF_ARRAY3, BPF_ARRAY2, BPF_ARRAY1)(__VA_ARGS__)

#define BPF_PERCPU_ARRAY1(_name) BPF_TABLE("percpu_array", int, u64, _name, 10240)
#define BPF_PERCPU_ARRAY2(_name, _leaf_type) BPF_TABLE("percpu_array", int, _leaf_type, _name, 10240)
#define BPF_PERCPU_ARRAY3(_name, _leaf_type, _size) BPF_TABLE("percpu_array", int, _leaf_type, _name, _size)
#define BPF_PERCPU_ARRAY(...) __BPF_XCC_PICK(__VA_ARGS__, _, _, BPF_PERCPU_ARRAY3, BPF_PERCPU_ARRAY2, BPF_PERCPU_ARRAY1)(__VA_ARGS__)

#define BPF_HIST1(_name) BPF_TABLE("histogram", int, u64, _name, 64)
#define BPF_HIST2(_name, _key_type) BPF_TABLE("histogram", _key_type, u64, _name, 64)
#define BPF_HIST3(_name, _key_type, _size) BPF_TABLE("histogram", _key_type, u64, _name, _size)
#define BPF_HISTOGRAM(...) __BPF_XCC_PICK(__VA_ARGS__, _, _, BPF_HIST3, BPF_HIST2, BPF_HIST1)(__VA_ARGS__)

#define BPF_LPM_TRIE1(_name) BPF_F_TABLE("lpm_trie", u64, u64, _name, 10240, BPF_F_NO_PREALLOC)
#define BPF_LPM_TRIE2(_name, _key_type) BPF_F_TABLE("lpm_trie", _key_type, u64, _name, 10240, BPF_F_NO_PREALLOC)
#define BPF_LPM_TRIE3(_name, _key_type, _leaf_type) BPF_F_TABLE("lpm_trie", _key_type, _leaf_type, _name, 10240, BPF_F_NO_PREALLOC)
#define BPF_LPM_TRIE4(_name, _key_type, _leaf_type, _size) BPF_F_TABLE("lpm_trie", _key_type, _leaf_type, _name, _size, BPF_F_NO_PREALLOC)
#define BPF_LPM_TRIE(...) __BPF_XCC_PICK(__VA_ARGS__, _, BPF_LPM_TRIE4, BPF_LPM_TRIE3, BPF_LPM_TRIE2, BPF_LPM_TRIE1)(__VA_ARGS__)

struct bpf_stacktrace_buildid {
  struct bpf_stack_build_id trace[BPF_MAX_STACK_DEPTH];
};

#define BPF_STACK_TRACE(_name, _max_entries) \
  BPF_TABLE("stacktrace", int, struct bpf_stacktrace, _name, roundup_pow_of_two(_max_entries))
#define BPF_STACK_TRACE_BUILDID(_name, _max_entries) \
  BPF_F_TABLE("stacktrace", int, struct bpf_stacktrace_buildid, _name, roundup_pow_of_two(_max_entries), BPF_F_STACK_BUILD_ID)
#define BPF_PROG_ARRAY(_name, _max_entries) BPF_TABLE("prog", u32, u32, _name, _max_entries)

#define BPF_DEVMAP(_name, _max_entries) BPF_XDP_REDIRECT_MAP("devmap", int, _name, _max_entries)
#define BPF_CPUMAP(_name, _max_entries) BPF_XDP_REDIRECT_MAP("cpumap", u32, _name, _max_entries)
#define BPF_XSKMAP2(_name, _max_entries) _BPF_XSKMAP(_name, _max_entries, "")
#define BPF_XSKMAP3(_name, _max_entries, _pinned) _BPF_XSKMAP(_name, _max_entries, ":" _pinned)
#define BPF_XSKMAPX(_1, _2, _3, NAME, ...) NAME
#define BPF_XSKMAP(...) BPF_XSKMAPX(__VA_ARGS__, BPF_XSKMAP3, BPF_XSKMAP2)(__VA_ARGS__)

#define BPF_ARRAY_OF_MAPS(_name, _inner_map_name, _max_entries) \
  __BPF_XCC_MAP_OF_MAPS("array_of_maps", _inner_map_name, int, _name, _max_entries)
#define BPF_HASH_OF_MAPS2(_name, _inner_map_name) \
  __BPF_XCC_MAP_OF_MAPS("hash_of_maps", _inner_map_name, int, _name, 10240)
#define BPF_HASH_OF_MAPS3(_name, _key_type, _inner_map_name) \
  __BPF_XCC_MAP_OF_MAPS("hash_of_maps", _inner_map_name, _key_type, _name, 10240)
#define BPF_HASH_OF_MAPS4(_name, _key_type, _inner_map_name, _max_entries) \
  __BPF_XCC_MAP_OF_MAPS("hash_of_maps", _inner_map_name, _key_type, _name, _max_entries)
#define BPF_HASH_OF_MAPSX(_name, _2, _3, _4, NAME, ...) NAME
#define BPF_HASH_OF_MAPS(...) \
  BPF_HASH_OF_MAPSX(__VA_ARGS__, BPF_HASH_OF_MAPS4, BPF_HASH_OF_MAPS3, BPF_HASH_OF_MAPS2)(__VA_ARGS__)

#define BPF_SK_STORAGE(_name, _leaf_type) __BPF_XCC_LOCAL_STORAGE(sk_storage, _name, _leaf_type)
#define BPF_INODE_STORAGE(_name, _leaf_type) __BPF_XCC_LOCAL_STORAGE(inode_storage, _name, _leaf_type)
#define BPF_TASK_STORAGE(_name, _leaf_type) __BPF_XCC_LOCAL_STORAGE(task_storage, _name, _leaf_type)

#define BPF_SOCKMAP(_name, _max_entries) \
  BPF_SOCKMAP_COMMON(_name, _max_entries, "sockmap", sock_map_update)
#define BPF_SOCKHASH1(_name) BPF_SOCKHASH_COMMON(_name, u32, 10240)
#define BPF_SOCKHASH2(_name, _key_type) BPF_SOCKHASH_COMMON(_name, _key_type, 10240)
#define BPF_SOCKHASH3(_name, _key_type, _max_entries) BPF_SOCKHASH_COMMON(_name, _key_type, _max_entries)
#define BPF_SOCKHASHX(_1, _2, _3, NAME, ...) NAME
#define BPF_SOCKHASH(...) \
  BPF_SOCKHASHX(__VA_ARGS__, BPF_SOCKHASH3, BPF_SOCKHASH2, BPF_SOCKHASH1)(__VA_ARGS__)

#define BPF_CGROUP_STORAGE(_name, _leaf_type) \
  BPF_CGROUP_STORAGE_COMMON(_name, _leaf_type, "cgroup_storage")
#define BPF_PERCPU_CGROUP_STORAGE(_name, _leaf_type) \
  BPF_CGROUP_STORAGE_COMMON(_name, _leaf_type, "percpu_cgroup_storage")

/* Packet parsing state machine helper. */
#define cursor_advance(_cursor, _len) \
  ({ void *_tmp = _cursor; _cursor += _len; _tmp; })

#ifndef CUR_CPU_IDENTIFIER
#define CUR_CPU_IDENTIFIER BPF_F_CURRENT_CPU
#endif

/* ---- Packets (BCC 0.26's helpers.h) ------------------------------------ */
/* Socket filter, tc and XDP helpers, by their UAPI numbers. */
__BPF_XCC_HELPER(long, bpf_skb_store_bytes, 9, void *ctx, u64 off, const void *from, u64 len, u64 flags);
__BPF_XCC_HELPER(long, bpf_l3_csum_replace, 10, void *ctx, u64 off, u64 from, u64 to, u64 flags);
__BPF_XCC_HELPER(long, bpf_l4_csum_replace, 11, void *ctx, u64 off, u64 from, u64 to, u64 flags);
__BPF_XCC_HELPER(long, bpf_clone_redirect, 13, void *ctx, u32 ifindex, u64 flags);
__BPF_XCC_HELPER(u32, bpf_get_cgroup_classid, 17, void *ctx);
__BPF_XCC_HELPER(long, bpf_skb_vlan_push, 18, void *ctx, u16 proto, u16 vlan_tci);
__BPF_XCC_HELPER(long, bpf_skb_vlan_pop, 19, void *ctx);
__BPF_XCC_HELPER(long, bpf_skb_get_tunnel_key, 20, void *ctx, void *key, u32 size, u64 flags);
__BPF_XCC_HELPER(long, bpf_skb_set_tunnel_key, 21, void *ctx, void *key, u32 size, u64 flags);
__BPF_XCC_HELPER(long, bpf_redirect, 23, u32 ifindex, u64 flags);
__BPF_XCC_HELPER(u32, bpf_get_route_realm, 24, void *ctx);
__BPF_XCC_HELPER(long, bpf_skb_load_bytes, 26, const void *ctx, u32 off, void *to, u32 len);
__BPF_XCC_HELPER(s64, bpf_csum_diff, 28, void *from, u32 from_size, void *to, u32 to_size, u32 seed);
__BPF_XCC_HELPER(long, bpf_skb_get_tunnel_opt, 29, void *ctx, void *opt, u32 size);
__BPF_XCC_HELPER(long, bpf_skb_set_tunnel_opt, 30, void *ctx, void *opt, u32 size);
__BPF_XCC_HELPER(long, bpf_skb_change_proto, 31, void *ctx, u16 proto, u64 flags);
__BPF_XCC_HELPER(long, bpf_skb_change_type, 32, void *ctx, u32 type);
__BPF_XCC_HELPER(long, bpf_skb_under_cgroup, 33, void *ctx, void *map, u32 index);
__BPF_XCC_HELPER(u32, bpf_get_hash_recalc, 34, void *ctx);
__BPF_XCC_HELPER(long, bpf_skb_change_tail, 38, void *ctx, u32 len, u64 flags);
__BPF_XCC_HELPER(long, bpf_skb_pull_data, 39, void *ctx, u32 len);
__BPF_XCC_HELPER(s64, bpf_csum_update, 40, void *ctx, u32 csum);
__BPF_XCC_HELPER(void, bpf_set_hash_invalid, 41, void *ctx);
__BPF_XCC_HELPER(long, bpf_skb_change_head, 43, void *ctx, u32 len, u64 flags);
__BPF_XCC_HELPER(long, bpf_xdp_adjust_head, 44, void *ctx, int delta);
__BPF_XCC_HELPER(u64, bpf_get_socket_cookie, 46, void *ctx);
__BPF_XCC_HELPER(u32, bpf_get_socket_uid, 47, void *ctx);
__BPF_XCC_HELPER(long, bpf_set_hash, 48, void *ctx, u32 hash);
__BPF_XCC_HELPER(long, bpf_skb_adjust_room, 50, void *ctx, s32 len_diff, u32 mode, u64 flags);
__BPF_XCC_HELPER(long, bpf_xdp_adjust_meta, 54, void *ctx, int delta);
__BPF_XCC_HELPER(long, bpf_xdp_adjust_tail, 65, void *ctx, int delta);
__BPF_XCC_HELPER(long, bpf_skb_load_bytes_relative, 68, const void *ctx, u32 off, void *to, u32 len, u32 start_header);
__BPF_XCC_HELPER(long, bpf_fib_lookup, 69, void *ctx, void *params, int plen, u32 flags);
__BPF_XCC_HELPER(u64, bpf_skb_cgroup_id, 79, void *ctx);
__BPF_XCC_HELPER(long, bpf_skb_ecn_set_ce, 97, void *ctx);

/* Legacy packet loads (BPF_LD_ABS/BPF_LD_IND, the context must be the
 * program's own): LLVM's BPF intrinsics, reached through the asm label.
 * They read big-endian and return the value in host order. */
unsigned long long load_byte(void *skb, unsigned long long off) asm("llvm.bpf.load.byte");
unsigned long long load_half(void *skb, unsigned long long off) asm("llvm.bpf.load.half");
unsigned long long load_word(void *skb, unsigned long long off) asm("llvm.bpf.load.word");

static __always_inline u16 bpf_ntohs(u16 val) { return (u16)((val << 8) | (val >> 8)); }
static __always_inline u32 bpf_ntohl(u32 val) { return __builtin_bswap32(val); }
static __always_inline u64 bpf_ntohll(u64 val) { return __builtin_bswap64(val); }
/* 32-bit targets (arm) have no __int128: no 128-bit byte swaps there. */
#ifdef __SIZEOF_INT128__
static __always_inline unsigned __int128 bpf_ntoh128(unsigned __int128 val) {
  return ((unsigned __int128)bpf_ntohll((u64)val) << 64) | bpf_ntohll((u64)(val >> 64));
}
#endif
static __always_inline u16 bpf_htons(u16 val) { return bpf_ntohs(val); }
static __always_inline u32 bpf_htonl(u32 val) { return bpf_ntohl(val); }
static __always_inline u64 bpf_htonll(u64 val) { return bpf_ntohll(val); }
#ifdef __SIZEOF_INT128__
static __always_inline unsigned __int128 bpf_hton128(unsigned __int128 val) {
  return bpf_ntoh128(val);
}
#endif
static __always_inline u64 load_dword(void *skb, u64 off) {
  return ((u64)load_word(skb, off) << 32) | load_word(skb, off + 4);
}

#define MASK(_n) ((_n) < 64 ? (1ull << (_n)) - 1 : ((u64)-1LL))
#define MASK128(_n) ((_n) < 128 ? ((unsigned __int128)1 << (_n)) - 1 : ((unsigned __int128)-1))

/* A field of a packet header (bcc/proto.h, BPF_PACKET_HEADER): BSZ bits from
 * bit BOFS (0 = the most significant) of the big-endian bytes at OFF. The
 * rewriter calls these for every field read (bpf_dext_pkt) and assignment
 * (bpf_dins_pkt); the arguments are constants or the cursor, so all but one
 * branch fold away. A write goes through bpf_skb_store_bytes (tc, not socket
 * filters: the kernel refuses the helper there). */
static __always_inline u64 bpf_dext_pkt(void *pkt, u64 off, u64 bofs, u64 bsz) {
  if (bofs == 0 && bsz == 8)
    return load_byte(pkt, off);
  if (bofs + bsz <= 8)
    return load_byte(pkt, off) >> (8 - (bofs + bsz)) & MASK(bsz);
  if (bofs == 0 && bsz == 16)
    return load_half(pkt, off);
  if (bofs + bsz <= 16)
    return load_half(pkt, off) >> (16 - (bofs + bsz)) & MASK(bsz);
  if (bofs == 0 && bsz == 32)
    return load_word(pkt, off);
  if (bofs + bsz <= 32)
    return load_word(pkt, off) >> (32 - (bofs + bsz)) & MASK(bsz);
  if (bofs == 0 && bsz == 64)
    return load_dword(pkt, off);
  if (bofs + bsz <= 64)
    return load_dword(pkt, off) >> (64 - (bofs + bsz)) & MASK(bsz);
  return 0;
}

static __always_inline void bpf_dins_pkt(void *pkt, u64 off, u64 bofs, u64 bsz, u64 val) {
  /* load_* give host order; what is stored must be network order. */
  if (bofs == 0 && bsz == 8) {
    u8 v = val;
    bpf_skb_store_bytes(pkt, off, &v, 1, 0);
  } else if (bofs + bsz <= 8) {
    u8 v = load_byte(pkt, off);
    v &= ~(MASK(bsz) << (8 - (bofs + bsz)));
    v |= (val & MASK(bsz)) << (8 - (bofs + bsz));
    bpf_skb_store_bytes(pkt, off, &v, 1, 0);
  } else if (bofs == 0 && bsz == 16) {
    u16 v = bpf_htons(val);
    bpf_skb_store_bytes(pkt, off, &v, 2, 0);
  } else if (bofs + bsz <= 16) {
    u16 v = load_half(pkt, off);
    v &= ~(MASK(bsz) << (16 - (bofs + bsz)));
    v |= (val & MASK(bsz)) << (16 - (bofs + bsz));
    v = bpf_htons(v);
    bpf_skb_store_bytes(pkt, off, &v, 2, 0);
  } else if (bofs == 0 && bsz == 32) {
    u32 v = bpf_htonl(val);
    bpf_skb_store_bytes(pkt, off, &v, 4, 0);
  } else if (bofs + bsz <= 32) {
    u32 v = load_word(pkt, off);
    v &= ~(MASK(bsz) << (32 - (bofs + bsz)));
    v |= (val & MASK(bsz)) << (32 - (bofs + bsz));
    v = bpf_htonl(v);
    bpf_skb_store_bytes(pkt, off, &v, 4, 0);
  } else if (bofs == 0 && bsz == 64) {
    u64 v = bpf_htonll(val);
    bpf_skb_store_bytes(pkt, off, &v, 8, 0);
  } else if (bofs + bsz <= 64) {
    u64 v = load_dword(pkt, off);
    v &= ~(MASK(bsz) << (64 - (bofs + bsz)));
    v |= (val & MASK(bsz)) << (64 - (bofs + bsz));
    v = bpf_htonll(v);
    bpf_skb_store_bytes(pkt, off, &v, 8, 0);
  }
}

/* incr_cksum_l3(&hdr->field, old, new), incr_cksum_l4(&hdr->field, old, new,
 * pseudo): the rewriter makes them bpf_l3/l4_csum_replace_ calls on the
 * function's context, as BCC's frontend does (no body: a call it cannot
 * rewrite is an undefined function). */
int incr_cksum_l3(void *off, u64 oldval, u64 newval);
int incr_cksum_l4(void *off, u64 oldval, u64 newval, u64 flags);

/* BCC's checksum wrappers: FLAGS' low nibble is the width of FROM and TO,
 * which are given in host order. */
static __always_inline long bpf_l3_csum_replace_(void *ctx, u64 off, u64 from, u64 to, u64 flags) {
  switch (flags & 0xf) {
  case 2: return bpf_l3_csum_replace(ctx, off, bpf_htons(from), bpf_htons(to), flags);
  case 4: return bpf_l3_csum_replace(ctx, off, bpf_htonl(from), bpf_htonl(to), flags);
  case 8: return bpf_l3_csum_replace(ctx, off, bpf_htonll(from), bpf_htonll(to), flags);
  }
  return bpf_l3_csum_replace(ctx, off, from, to, flags);
}
static __always_inline long bpf_l4_csum_replace_(void *ctx, u64 off, u64 from, u64 to, u64 flags) {
  switch (flags & 0xf) {
  case 2: return bpf_l4_csum_replace(ctx, off, bpf_htons(from), bpf_htons(to), flags);
  case 4: return bpf_l4_csum_replace(ctx, off, bpf_htonl(from), bpf_htonl(to), flags);
  case 8: return bpf_l4_csum_replace(ctx, off, bpf_htonll(from), bpf_htonll(to), flags);
  }
  return bpf_l4_csum_replace(ctx, off, from, to, flags);
}

/* ---- Program definitions ---------------------------------------------- */
#define TRACEPOINT_PROBE(category, event)                                     \
  int tracepoint__##category##__##event(struct tracepoint__##category##__##event *args)
#define RAW_TRACEPOINT_PROBE(event)                                           \
  int raw_tracepoint__##event(struct bpf_raw_tracepoint_args *ctx)

/* __data_loc fields of a TRACEPOINT_PROBE's record (declared as
 * `int data_loc_<field>` in struct tracepoint__CAT__EV): the low 16 bits are
 * the offset of the data from the start of the record, the high 16 bits its
 * length. Like BCC's TP_DATA_LOC_READ*, they read through `args`; the record
 * is kernel memory, so the kernel read helpers are used (bpf-xcc maps them to
 * bpf_probe_read / bpf_probe_read_str for targets without them).
 *   TP_DATA_LOC_READ(dst, field)                the whole field
 *   TP_DATA_LOC_READ_CONST(dst, field, length)  exactly length bytes
 *   TP_DATA_LOC_READ_STR(dst, field, length)    a NUL-terminated string, at
 *                                               most length bytes */
#define __bpf_xcc_data_loc_at(field)                                          \
  ((const char *)args + ((u32)args->data_loc_##field & 0xFFFF))
#define __bpf_xcc_data_loc_len(field) ((u32)args->data_loc_##field >> 16)
#define TP_DATA_LOC_READ(dst, field)                                          \
  do {                                                                        \
    bpf_probe_read_kernel((void *)(dst), __bpf_xcc_data_loc_len(field),       \
                          __bpf_xcc_data_loc_at(field));                      \
  } while (0)
#define TP_DATA_LOC_READ_CONST(dst, field, length)                            \
  do {                                                                        \
    bpf_probe_read_kernel((void *)(dst), (length),                            \
                          __bpf_xcc_data_loc_at(field));                      \
  } while (0)
#define TP_DATA_LOC_READ_STR(dst, field, length)                              \
  do {                                                                        \
    bpf_probe_read_kernel_str((void *)(dst), (length),                        \
                              __bpf_xcc_data_loc_at(field));                  \
  } while (0)

/* BCC 0.26's BPF_PROG (from the kernel's selftests): a trampoline program
 * (fentry/fexit/fmod_ret/lsm) whose arguments come from the u64 array the
 * trampoline passes. The function names are BCC's (kfunc__FN, lsm__HOOK, ...);
 * bpf-xcc gives them libbpf's sections (fentry/FN, lsm/HOOK, ...). */
#define ___bpf_concat(a, b) a##b
#define ___bpf_apply(fn, n) ___bpf_concat(fn, n)
#define ___bpf_nth(_, _1, _2, _3, _4, _5, _6, _7, _8, _9, _a, _b, _c, N, ...) N
#define ___bpf_narg(...) ___bpf_nth(_, ##__VA_ARGS__, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0)
#define ___bpf_ctx_cast0() ctx
#define ___bpf_ctx_cast1(x) ___bpf_ctx_cast0(), (void *)ctx[0]
#define ___bpf_ctx_cast2(x, args...) ___bpf_ctx_cast1(args), (void *)ctx[1]
#define ___bpf_ctx_cast3(x, args...) ___bpf_ctx_cast2(args), (void *)ctx[2]
#define ___bpf_ctx_cast4(x, args...) ___bpf_ctx_cast3(args), (void *)ctx[3]
#define ___bpf_ctx_cast5(x, args...) ___bpf_ctx_cast4(args), (void *)ctx[4]
#define ___bpf_ctx_cast6(x, args...) ___bpf_ctx_cast5(args), (void *)ctx[5]
#define ___bpf_ctx_cast7(x, args...) ___bpf_ctx_cast6(args), (void *)ctx[6]
#define ___bpf_ctx_cast8(x, args...) ___bpf_ctx_cast7(args), (void *)ctx[7]
#define ___bpf_ctx_cast9(x, args...) ___bpf_ctx_cast8(args), (void *)ctx[8]
#define ___bpf_ctx_cast10(x, args...) ___bpf_ctx_cast9(args), (void *)ctx[9]
#define ___bpf_ctx_cast11(x, args...) ___bpf_ctx_cast10(args), (void *)ctx[10]
#define ___bpf_ctx_cast12(x, args...) ___bpf_ctx_cast11(args), (void *)ctx[11]
#define ___bpf_ctx_cast(args...) ___bpf_apply(___bpf_ctx_cast, ___bpf_narg(args))(args)
#define BPF_PROG(name, args...)                                               \
  int name(unsigned long long *ctx);                                          \
  static __always_inline int ____##name(unsigned long long *ctx, ##args);     \
  int name(unsigned long long *ctx) {                                         \
    int __ret;                                                                \
    _Pragma("GCC diagnostic push")                                            \
    _Pragma("GCC diagnostic ignored \"-Wint-conversion\"")                    \
    __ret = ____##name(___bpf_ctx_cast(args));                                \
    _Pragma("GCC diagnostic pop")                                             \
    return __ret;                                                             \
  }                                                                           \
  static __always_inline int ____##name(unsigned long long *ctx, ##args)
/* The names tell BCC's loader the target (Program.cpp): kfunc__EVENT before
 * 0.28; since, kfunc__MODULE__EVENT, vmlinux for KFUNC_PROBE. */
#ifdef __BPF_XCC_BCC_KFUNC_MODULE_NAMES
#define KFUNC_PROBE(event, args...) BPF_PROG(kfunc__vmlinux__##event, ##args)
#define KRETFUNC_PROBE(event, args...) BPF_PROG(kretfunc__vmlinux__##event, ##args)
#define MODULE_KFUNC_PROBE(module, event, args...)                            \
  BPF_PROG(kfunc__##module##__##event, ##args)
#define MODULE_KRETFUNC_PROBE(module, event, args...)                         \
  BPF_PROG(kretfunc__##module##__##event, ##args)
#else
#define KFUNC_PROBE(event, args...) BPF_PROG(kfunc__##event, ##args)
#define KRETFUNC_PROBE(event, args...) BPF_PROG(kretfunc__##event, ##args)
#endif
#define KMOD_RET(event, args...) BPF_PROG(kmod_ret__##event, ##args)
#define LSM_PROBE(event, args...) BPF_PROG(lsm__##event, ##args)
#define BPF_ITER(target) int bpf_iter__##target(struct bpf_iter__##target *ctx)

#define BPF_LICENSE(name) char _license[] SEC("license") = #name

/* ---- Later BCC releases --------------------------------------------------
 * Kept after every declaration, so that the debug info of a 0.26 program is
 * the same as before they were added. */
/* BCC 0.31's optional flags, given to every release. */
#define BPF_TABLE_SHARED6(_table_type, _key_type, _leaf_type, _name, _max_entries, _flags) \
  BPF_F_TABLE(_table_type, _key_type, _leaf_type, _name, _max_entries, _flags)
#define BPF_TABLE_SHARED5(_table_type, _key_type, _leaf_type, _name, _max_entries) \
  BPF_F_TABLE(_table_type, _key_type, _leaf_type, _name, _max_entries, 0)
#define BPF_TABLE_SHAREDX(_1, _2, _3, _4, _5, _6, NAME, ...) NAME
#define BPF_TABLE_SHARED(...)                                                 \
  BPF_TABLE_SHAREDX(__VA_ARGS__, BPF_TABLE_SHARED6, BPF_TABLE_SHARED5)(__VA_ARGS__)

/* The BCC release the program is written for: bpf-xcc defines
 * __BPF_XCC_BCC_VERSION (2600 for 0.26.0) and a __BPF_XCC_BCC_<FEATURE> macro
 * for each difference the release has (the table of BccRelease.cpp). */

/* (read before the program's #includes) BCC 0.29's bpf_workaround.h: arm64 KASAN kernels set
 * KASAN_SHADOW_SCALE_SHIFT in their Makefile (Linux commit b2f557eae9ed),
 * which asm/memory.h needs. */
#if defined(__BPF_XCC_BCC_ARM_KASAN_SHADOW_SHIFT) && defined(__aarch64__) && \
    defined(CONFIG_KASAN) && !defined(KASAN_SHADOW_SCALE_SHIFT)
#ifdef CONFIG_KASAN_SW_TAGS
#define KASAN_SHADOW_SCALE_SHIFT 4
#endif
#ifdef CONFIG_KASAN_GENERIC
#define KASAN_SHADOW_SCALE_SHIFT 3
#endif
#endif

#endif /* __BPF_XCC_HELPERS_H */
