// bpfd-exporter's test program, in the shape `clang -target bpf -O2 -g -c`
// gives (BTF-defined maps, no headers): openat calls per comm, and a log2
// histogram of read(2)'s count argument per comm, ebpf_exporter-style (key
// {comm, bucket}; bucket = the count's bit length, so that every value of
// bucket k is below 2^k; bucket MAX_BUCKET+1 holds the sum). Syscall
// tracepoints: one object serves every architecture.
typedef unsigned int u32;
typedef unsigned long long u64;

#define SEC(name) __attribute__((section(name), used))
#define __uint(name, val) int (*name)[val]
#define __type(name, val) typeof(val) *name

enum { MAP_HASH = 1, BPF_NOEXIST = 1, MAX_BUCKET = 32 };

static void *(*bpf_map_lookup_elem)(void *map, const void *key) = (void *)1;
static long (*bpf_map_update_elem)(void *map, const void *key, const void *value,
                                   u64 flags) = (void *)2;
static long (*bpf_get_current_comm)(void *buf, u32 size) = (void *)16;

struct comm_key {
  char comm[16];
};

struct size_key {
  char comm[16];
  u64 bucket;
};

struct {
  __uint(type, MAP_HASH);
  __type(key, struct comm_key);
  __type(value, u64);
  __uint(max_entries, 1024);
} openat_calls_total SEC(".maps");

struct {
  __uint(type, MAP_HASH);
  __type(key, struct size_key);
  __type(value, u64);
  __uint(max_entries, 1024);
} read_size_bytes SEC(".maps");

// A syscall tracepoint's record: the common fields, the syscall number,
// its six arguments.
struct sys_enter {
  u64 common;
  long nr;
  u64 args[6];
};

static __attribute__((always_inline)) void add(void *map, const void *key, u64 n) {
  u64 *v = bpf_map_lookup_elem(map, key);
  if (!v) {
    u64 zero = 0;
    bpf_map_update_elem(map, key, &zero, BPF_NOEXIST);
    v = bpf_map_lookup_elem(map, key);
    if (!v)
      return;
  }
  __sync_fetch_and_add(v, n);
}

static __attribute__((always_inline)) u64 bit_length(u64 v) {
  u64 n = 0;
  if (v >> 32) { v >>= 32; n += 32; }
  if (v >> 16) { v >>= 16; n += 16; }
  if (v >> 8) { v >>= 8; n += 8; }
  if (v >> 4) { v >>= 4; n += 4; }
  if (v >> 2) { v >>= 2; n += 2; }
  if (v >> 1) { v >>= 1; n += 1; }
  return n + v;
}

SEC("tracepoint/syscalls/sys_enter_openat")
int on_openat(struct sys_enter *ctx) {
  struct comm_key k = {};
  bpf_get_current_comm(k.comm, sizeof(k.comm));
  add(&openat_calls_total, &k, 1);
  return 0;
}

SEC("tracepoint/syscalls/sys_enter_read")
int on_read(struct sys_enter *ctx) {
  struct size_key k = {};
  u64 count = ctx->args[2];
  bpf_get_current_comm(k.comm, sizeof(k.comm));
  k.bucket = bit_length(count);
  if (k.bucket > MAX_BUCKET)
    k.bucket = MAX_BUCKET;
  add(&read_size_bytes, &k, 1);
  k.bucket = MAX_BUCKET + 1;
  add(&read_size_bytes, &k, count);
  return 0;
}

char LICENSE[] SEC("license") = "GPL";
