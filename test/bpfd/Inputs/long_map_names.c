// Two BTF-defined maps whose names differ only after their 63rd character:
// cut to bpfd's 63, they would be one map name and one pin path. With
// -DSHORT: a name of 63 characters, the longest kept.
#define SEC(name) __attribute__((section(name), used))
#define __uint(name, val) int (*name)[val]
#define __type(name, val) typeof(val) *name

#define LONG_PREFIX a_map_name_of_sixty_three_characters_xxxxxxxxxxxxxxxxxxxxxxxxxx

#define CAT2(a, b) a##b
#define CAT(a, b) CAT2(a, b)
#ifdef SHORT // the longest name kept, and another
#define ONE LONG_PREFIX
#define TWO b
#else
#define ONE CAT(LONG_PREFIX, _one)
#define TWO CAT(LONG_PREFIX, _two)
#endif

struct {
  __uint(type, 2);
  __type(key, int);
  __type(value, long);
  __uint(max_entries, 1);
  __uint(pinning, 1);
} ONE SEC(".maps");

struct {
  __uint(type, 2);
  __type(key, int);
  __type(value, long);
  __uint(max_entries, 1);
  __uint(pinning, 1);
} TWO SEC(".maps");

static void *(*bpf_map_lookup_elem)(void *map, const void *key) = (void *)1;

SEC("kprobe/vfs_read") int use_maps(void *ctx) {
  int k = 0;
  return bpf_map_lookup_elem(&ONE, &k) != 0 &&
         bpf_map_lookup_elem(&TWO, &k) != 0;
}

char LICENSE[] SEC("license") = "GPL";
