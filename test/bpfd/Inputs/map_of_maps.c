// BTF-defined maps of maps for bpfd-object plan: a HASH_OF_MAPS with its
// inner map's definition (__array(values, struct inner)) and no initial
// slots; -DNO_INNER: an ARRAY_OF_MAPS without one; -DPROG_VALUES: a
// program array with __array(values, int (void *)) initial programs.
typedef unsigned int u32;
typedef unsigned long long u64;
#define SEC(name) __attribute__((section(name), used))
#define __uint(name, val) int (*name)[val]
#define __type(name, val) typeof(val) *name
#define __array(name, val) typeof(val) *name[]

struct inner {
  __uint(type, 2);
  __type(key, u32);
  __type(value, u64);
  __uint(max_entries, 4);
};

struct {
  __uint(type, 13); // BPF_MAP_TYPE_HASH_OF_MAPS
  __uint(max_entries, 8);
  __type(key, u32);
  __array(values, struct inner);
} by_id SEC(".maps");

#ifdef NO_INNER
struct {
  __uint(type, 12); // BPF_MAP_TYPE_ARRAY_OF_MAPS
  __uint(max_entries, 2);
  __type(key, u32);
  __type(value, u32);
} bare SEC(".maps");
#endif

int handler(void *ctx);

#ifdef PROG_VALUES
struct {
  __uint(type, 3); // BPF_MAP_TYPE_PROG_ARRAY
  __uint(max_entries, 2);
  __type(key, u32);
  __array(values, int(void *));
} jumps SEC(".maps") = {.values = {handler}};
#endif

static void *(*bpf_map_lookup_elem)(void *map, const void *key) = (void *)1;

SEC("kprobe/__sys_bpf") int handler(void *ctx) {
  u32 key = 0;
  return bpf_map_lookup_elem(&by_id, &key) != 0;
}

char LICENSE[] SEC("license") = "GPL";
