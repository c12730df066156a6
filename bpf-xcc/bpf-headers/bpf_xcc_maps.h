/* bpf_xcc_maps.h - the map macros of BCC's program API, per pass.
 *
 * bpf-xcc puts `#define __BPF_XCC_PASS N` and an #include of this file after
 * the program's leading #include block (embedded in the bpf-xcc binary), so
 * that everything before it -- bpf_xcc_helpers.h, the kernel headers -- is
 * the same text in both passes and one cached preamble serves both
 * (docs/bpf-xcc.md, "Header cache"). The macros are expanded only in the
 * program's code, after this point.
 */
#ifndef __BPF_XCC_MAPS_H
#define __BPF_XCC_MAPS_H

/* ---- Maps ----------------------------------------------------------------
 * Every map macro of BCC 0.26's helpers.h. The section "maps/<kind>" of the
 * analysis pass tells the rewriter the map kind (BCC's own names; a pinned
 * table's ":path" and a map of maps' "$inner" follow the kind), the members
 * name the methods the rewriter turns into helper calls. The code pass gives
 * every map the BTF-defined form of its shape; its type is the rewriter's
 * __bpf_xcc_maptype_<name>. */
#if __BPF_XCC_PASS == 1

#define __BPF_XCC_MAP_VAR(_kind, _name, ...)                                  \
  __attribute__((section("maps/" _kind)))                                     \
  struct _name##_table_t _name = {__VA_ARGS__}

#define BPF_F_TABLE(_table_type, _key_type, _leaf_type, _name, _max_entries, _flags) \
  struct _name##_table_t {                                                    \
    _key_type key;                                                            \
    _leaf_type leaf;                                                          \
    _leaf_type *(*lookup)(_key_type *);                                       \
    _leaf_type *(*lookup_or_init)(_key_type *, _leaf_type *);                 \
    _leaf_type *(*lookup_or_try_init)(_key_type *, _leaf_type *);             \
    int (*update)(_key_type *, _leaf_type *);                                 \
    int (*insert)(_key_type *, _leaf_type *);                                 \
    int (*delete)(_key_type *);                                               \
    void (*call)(void *, int index);                                          \
    void (*increment)(_key_type, ...);                                        \
    void (*atomic_increment)(_key_type, ...);                                 \
    int (*get_stackid)(void *, u64);                                          \
    void *(*sk_storage_get)(void *, void *, int);                             \
    int (*sk_storage_delete)(void *);                                         \
    void *(*inode_storage_get)(void *, void *, int);                          \
    int (*inode_storage_delete)(void *);                                      \
    void *(*task_storage_get)(void *, void *, int);                           \
    int (*task_storage_delete)(void *);                                       \
    int (*push)(_leaf_type *, u64);                                           \
    int (*pop)(_leaf_type *);                                                 \
    int (*peek)(_leaf_type *);                                                \
    u64 (*perf_read)(int);                                                    \
    u32 max_entries;                                                          \
    int flags;                                                                \
  };                                                                          \
  __BPF_XCC_MAP_VAR(_table_type, _name, .flags = (_flags),                    \
                    .max_entries = (_max_entries))

#define BPF_QUEUESTACK(_table_type, _name, _leaf_type, _max_entries, _flags)  \
  struct _name##_table_t {                                                    \
    _leaf_type leaf;                                                          \
    int *(*peek)(_leaf_type *);                                               \
    int *(*pop)(_leaf_type *);                                                \
    int *(*push)(_leaf_type *, u64);                                          \
    u32 max_entries;                                                          \
    int flags;                                                                \
  };                                                                          \
  __BPF_XCC_MAP_VAR(_table_type, _name, .flags = (_flags),                    \
                    .max_entries = (_max_entries))

#define BPF_PERF_OUTPUT(_name)                                                \
  struct _name##_table_t {                                                    \
    int key;                                                                  \
    u32 leaf;                                                                 \
    int (*perf_submit)(void *, void *, u32);                                  \
    int (*perf_submit_skb)(void *, u32, void *, u32);                         \
    u32 max_entries;                                                          \
  };                                                                          \
  __BPF_XCC_MAP_VAR("perf_output", _name, .max_entries = 0)

#define BPF_RINGBUF_OUTPUT(_name, _num_pages)                                 \
  struct _name##_table_t {                                                    \
    int key;                                                                  \
    u32 leaf;                                                                 \
    int (*ringbuf_output)(void *, u64, u64);                                  \
    void *(*ringbuf_reserve)(u64);                                            \
    void (*ringbuf_discard)(void *, u64);                                     \
    void (*ringbuf_submit)(void *, u64);                                      \
    u64 (*ringbuf_query)(u64);                                                \
    u32 max_entries;                                                          \
  };                                                                          \
  __BPF_XCC_MAP_VAR("ringbuf", _name, .max_entries = ((_num_pages) * 4096))

#define BPF_PERF_ARRAY(_name, _max_entries)                                   \
  struct _name##_table_t {                                                    \
    int key;                                                                  \
    u32 leaf;                                                                 \
    u64 (*perf_read)(int);                                                    \
    int (*perf_counter_value)(int, void *, u32);                              \
    u32 max_entries;                                                          \
  };                                                                          \
  __BPF_XCC_MAP_VAR("perf_array", _name, .max_entries = (_max_entries))

#define BPF_CGROUP_ARRAY(_name, _max_entries)                                 \
  struct _name##_table_t {                                                    \
    int key;                                                                  \
    u32 leaf;                                                                 \
    int (*check_current_task)(int);                                           \
    u32 max_entries;                                                          \
  };                                                                          \
  __BPF_XCC_MAP_VAR("cgroup_array", _name, .max_entries = (_max_entries))

#define BPF_XDP_REDIRECT_MAP(_table_type, _leaf_type, _name, _max_entries)    \
  struct _name##_table_t {                                                    \
    u32 key;                                                                  \
    _leaf_type leaf;                                                          \
    u64 (*redirect_map)(int, int);                                            \
    u32 max_entries;                                                          \
  };                                                                          \
  __BPF_XCC_MAP_VAR(_table_type, _name, .max_entries = (_max_entries))

#define _BPF_XSKMAP(_name, _max_entries, _pinned)                             \
  struct _name##_table_t {                                                    \
    u32 key;                                                                  \
    int leaf;                                                                 \
    int *(*lookup)(int *);                                                    \
    u64 (*redirect_map)(int, int);                                            \
    u32 max_entries;                                                          \
  };                                                                          \
  __BPF_XCC_MAP_VAR("xskmap" _pinned, _name, .max_entries = (_max_entries))

#define __BPF_XCC_LOCAL_STORAGE(_kind, _name, _leaf_type)                     \
  struct _name##_table_t {                                                    \
    int key;                                                                  \
    _leaf_type leaf;                                                          \
    void *(*_kind##_get)(void *, void *, int);                                \
    int (*_kind##_delete)(void *);                                            \
    u32 flags;                                                                \
  };                                                                          \
  __BPF_XCC_MAP_VAR(#_kind, _name, .flags = BPF_F_NO_PREALLOC)

#define BPF_SOCKMAP_COMMON(_name, _max_entries, _kind, _helper_name)          \
  struct _name##_table_t {                                                    \
    u32 key;                                                                  \
    int leaf;                                                                 \
    int (*update)(u32 *, int *);                                              \
    int (*delete)(u32 *);                                                     \
    int (*_helper_name)(void *, void *, u64);                                 \
    u32 max_entries;                                                          \
  };                                                                          \
  __BPF_XCC_MAP_VAR(_kind, _name, .max_entries = (_max_entries))

#define BPF_SOCKHASH_COMMON(_name, _key_type, _max_entries)                   \
  struct _name##_table_t {                                                    \
    _key_type key;                                                            \
    int leaf;                                                                 \
    int (*update)(_key_type *, int *);                                        \
    int (*delete)(_key_type *);                                               \
    int (*sock_hash_update)(void *, void *, u64);                             \
    int (*msg_redirect_hash)(void *, void *, u64);                            \
    int (*sk_redirect_hash)(void *, void *, u64);                             \
    u32 max_entries;                                                          \
  };                                                                          \
  __BPF_XCC_MAP_VAR("sockhash", _name, .max_entries = (_max_entries))

#define BPF_CGROUP_STORAGE_COMMON(_name, _leaf_type, _kind)                   \
  struct _name##_table_t {                                                    \
    struct bpf_cgroup_storage_key key;                                        \
    _leaf_type leaf;                                                          \
    _leaf_type *(*lookup)(struct bpf_cgroup_storage_key *);                   \
    int (*update)(struct bpf_cgroup_storage_key *, _leaf_type *);             \
    int (*get_local_storage)(u64);                                            \
  };                                                                          \
  __BPF_XCC_MAP_VAR(_kind, _name, {0})

#define __BPF_XCC_MAP_OF_MAPS(_kind, _inner_map_name, _key_type, _name, _max_entries) \
  BPF_TABLE(_kind "$" _inner_map_name, _key_type, int, _name, _max_entries)

#else /* __BPF_XCC_PASS == 2 */

#define __BPF_XCC_MAP_KV(_name, _key_type, _leaf_type, _max_entries, _flags)  \
  struct {                                                                    \
    __uint(type, __bpf_xcc_maptype_##_name);                                  \
    __type(key, _key_type);                                                   \
    __type(value, _leaf_type);                                                \
    __uint(max_entries, (_max_entries));                                      \
    __uint(map_flags, (_flags));                                              \
  } _name SEC(".maps")

/* Maps the kernel sizes itself (local storage, cgroup storage): no
 * max_entries. */
#define __BPF_XCC_MAP_KV_UNSIZED(_name, _key_type, _leaf_type, _flags)        \
  struct {                                                                    \
    __uint(type, __bpf_xcc_maptype_##_name);                                  \
    __type(key, _key_type);                                                   \
    __type(value, _leaf_type);                                                \
    __uint(map_flags, (_flags));                                              \
  } _name SEC(".maps")

#define BPF_F_TABLE(_table_type, _key_type, _leaf_type, _name, _max_entries, _flags) \
  __BPF_XCC_MAP_KV(_name, _key_type, _leaf_type, _max_entries, _flags)

/* Queues and stacks have no key. */
#define BPF_QUEUESTACK(_table_type, _name, _leaf_type, _max_entries, _flags)  \
  struct {                                                                    \
    __uint(type, __bpf_xcc_maptype_##_name);                                  \
    __type(value, _leaf_type);                                                \
    __uint(max_entries, (_max_entries));                                      \
    __uint(map_flags, (_flags));                                              \
  } _name SEC(".maps")

#define BPF_PERF_OUTPUT(_name)                                                \
  struct {                                                                    \
    __uint(type, BPF_MAP_TYPE_PERF_EVENT_ARRAY);                              \
    __uint(key_size, sizeof(int));                                            \
    __uint(value_size, sizeof(u32));                                          \
  } _name SEC(".maps")

#define BPF_RINGBUF_OUTPUT(_name, _num_pages)                                 \
  struct {                                                                    \
    __uint(type, BPF_MAP_TYPE_RINGBUF);                                       \
    __uint(max_entries, ((_num_pages) * 4096));                               \
  } _name SEC(".maps")

#define BPF_PERF_ARRAY(_name, _max_entries)                                   \
  __BPF_XCC_MAP_KV(_name, int, u32, _max_entries, 0)
#define BPF_CGROUP_ARRAY(_name, _max_entries)                                 \
  __BPF_XCC_MAP_KV(_name, int, u32, _max_entries, 0)
#define BPF_XDP_REDIRECT_MAP(_table_type, _leaf_type, _name, _max_entries)    \
  __BPF_XCC_MAP_KV(_name, u32, _leaf_type, _max_entries, 0)
#define _BPF_XSKMAP(_name, _max_entries, _pinned)                             \
  __BPF_XCC_MAP_KV(_name, u32, int, _max_entries, 0)
#define __BPF_XCC_LOCAL_STORAGE(_kind, _name, _leaf_type)                     \
  __BPF_XCC_MAP_KV_UNSIZED(_name, int, _leaf_type, BPF_F_NO_PREALLOC)
#define BPF_SOCKMAP_COMMON(_name, _max_entries, _kind, _helper_name)          \
  __BPF_XCC_MAP_KV(_name, u32, int, _max_entries, 0)
#define BPF_SOCKHASH_COMMON(_name, _key_type, _max_entries)                   \
  __BPF_XCC_MAP_KV(_name, _key_type, int, _max_entries, 0)
#define BPF_CGROUP_STORAGE_COMMON(_name, _leaf_type, _kind)                   \
  __BPF_XCC_MAP_KV_UNSIZED(_name, struct bpf_cgroup_storage_key, _leaf_type, 0)

/* A map of maps: its values are the inner map the rewriter names
 * (__bpf_xcc_inner_<name>), as libbpf's __array(values, ...). */
#define __BPF_XCC_MAP_OF_MAPS(_kind, _inner_map_name, _key_type, _name, _max_entries) \
  struct {                                                                    \
    __uint(type, __bpf_xcc_maptype_##_name);                                  \
    __type(key, _key_type);                                                   \
    __uint(max_entries, (_max_entries));                                      \
    __array(values, __typeof__(__bpf_xcc_inner_##_name));                     \
  } _name SEC(".maps")

#endif /* __BPF_XCC_PASS */

#endif /* __BPF_XCC_MAPS_H */
