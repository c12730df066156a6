// A program the verifier refuses: the value of a map lookup is used without
// its NULL check. With line_info the verifier's log quotes this C line. The
// map is a hash: a lookup in it may miss on every kernel (7.x's verifier
// knows an array's lookup at a constant key in range cannot).
typedef unsigned int u32;
typedef unsigned long long u64;
#define SEC(name) __attribute__((section(name), used))
#define __uint(name, val) int (*name)[val]
#define __type(name, val) typeof(val) *name

static void *(*bpf_map_lookup_elem)(void *map, const void *key) = (void *)1;

struct {
  __uint(type, 1);
  __type(key, u32);
  __type(value, u64);
  __uint(max_entries, 1);
} hits SEC(".maps");

SEC("kprobe/__sys_bpf") int unchecked_lookup(void *ctx) {
  u32 key = 0;
  u64 *count = bpf_map_lookup_elem(&hits, &key);
  *count += 1; /* no NULL check */
  return 0;
}

char LICENSE[] SEC("license") = "GPL";
