// A hash map whose value holds a struct bpf_spin_lock, taken by a
// classifier: the verifier allows bpf_spin_lock only on a map created with
// BTF describing its value (where the lock is).
typedef unsigned int u32;
typedef unsigned long long u64;
#define SEC(name) __attribute__((section(name), used))
#define __uint(name, val) int (*name)[val]
#define __type(name, val) typeof(val) *name

struct bpf_spin_lock {
  u32 val;
};

struct locked_count {
  struct bpf_spin_lock lock;
  u64 count;
};

static void *(*bpf_map_lookup_elem)(void *map, const void *key) = (void *)1;
static long (*bpf_spin_lock)(struct bpf_spin_lock *lock) = (void *)93;
static long (*bpf_spin_unlock)(struct bpf_spin_lock *lock) = (void *)94;

struct {
  __uint(type, 1);
  __type(key, u32);
  __type(value, struct locked_count);
  __uint(max_entries, 4);
} locked SEC(".maps");

SEC("classifier") int count_locked(void *skb) {
  u32 key = 0;
  struct locked_count *v = bpf_map_lookup_elem(&locked, &key);
  if (!v)
    return 0;
  bpf_spin_lock(&v->lock);
  v->count++;
  bpf_spin_unlock(&v->lock);
  return 0;
}

char LICENSE[] SEC("license") = "GPL";
