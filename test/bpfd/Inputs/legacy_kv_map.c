// A legacy `maps` section map (struct bpf_map_def) with its key and value
// types named by libbpf's BPF_ANNOTATE_KV_PAIR convention: a struct
// ____btf_map_NAME whose members key and value have the map's types.
typedef unsigned int u32;
typedef unsigned long long u64;
#define SEC(name) __attribute__((section(name), used))

struct bpf_map_def {
  unsigned int type, key_size, value_size, max_entries, map_flags;
};

struct pid_stats {
  u64 calls, bytes;
};

struct bpf_map_def SEC("maps") stats = {
    .type = 1, .key_size = sizeof(u32), .value_size = sizeof(struct pid_stats), .max_entries = 64,
};

struct ____btf_map_stats {
  u32 key;
  struct pid_stats value;
};
struct ____btf_map_stats __attribute__((section(".maps." "stats"), used)) ____btf_map_stats = {};

static void *(*bpf_map_lookup_elem)(void *map, const void *key) = (void *)1;

SEC("kprobe/__sys_bpf") int count_calls(void *ctx) {
  u32 key = 0;
  struct pid_stats *s = bpf_map_lookup_elem(&stats, &key);
  if (s)
    s->calls++;
  return 0;
}

char LICENSE[] SEC("license") = "GPL";
