// A program with a BTF-defined map pinned by name (libbpf's
// LIBBPF_PIN_BY_NAME: bpfd pins it at /sys/fs/bpf/bpfd/shared_counts).
// -DWIDE gives the map of the same name a 16-byte value; -DBROKEN a program
// the verifier refuses (the lookup's result used without a NULL check).
#define SEC(name) __attribute__((section(name), used))
#define __uint(name, val) int (*name)[val]
#define __type(name, val) typeof(val) *name

struct wide { long a, b; };
#ifdef WIDE
typedef struct wide value_t;
#else
typedef long value_t;
#endif

struct {
  __uint(type, 1);
  __type(key, int);
  __type(value, value_t);
  __uint(max_entries, 16);
  __uint(pinning, 1);
} shared_counts SEC(".maps");

static void *(*bpf_map_lookup_elem)(void *map, const void *key) = (void *)1;

SEC("kprobe/vfs_read") int count_reads(void *ctx) {
  int k = 0;
#ifdef BROKEN
  return *(int *)bpf_map_lookup_elem(&shared_counts, &k);
#else
  return bpf_map_lookup_elem(&shared_counts, &k) != 0;
#endif
}

char LICENSE[] SEC("license") = "GPL";
