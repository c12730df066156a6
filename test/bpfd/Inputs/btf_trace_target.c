// One BTF-attached program in section TARGET_SECTION (-DTARGET_SECTION=S),
// which counts its runs in `runs`: for targets the kernel lacks, or that
// it cannot attach.
typedef unsigned int u32;
typedef unsigned long long u64;
#define SEC(name) __attribute__((section(name), used))
#define __uint(name, val) int (*name)[val]
#define __type(name, val) typeof(val) *name
#define STR(x) #x
#define XSTR(x) STR(x)

static void *(*bpf_map_lookup_elem)(void *map, const void *key) = (void *)1;

struct {
  __uint(type, 2);
  __type(key, u32);
  __type(value, u64);
  __uint(max_entries, 1);
} runs SEC(".maps");

SEC(XSTR(TARGET_SECTION)) int traced(u64 *ctx) {
  u32 key = 0;
  u64 *slot = bpf_map_lookup_elem(&runs, &key);
  if (slot)
    __sync_fetch_and_add(slot, 1);
  return 0;
}

char LICENSE[] SEC("license") = "GPL";
