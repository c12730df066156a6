// Each of the guest's first 40 syscall entries takes the next number n of a
// sequence and writes a record to a ring buffer: n, then copies of ~n. An odd
// n is written with bpf_ringbuf_output, 8 + (n % 3) * 4 bytes (records of 8,
// 12 and 16 bytes exercise the 8-byte padding); an even one is reserved (16
// bytes) and submitted; every fifth number (n % 5 == 4) is reserved and
// discarded, never delivered. Inputs/ringbuf-check.py knows these rules. (clang -target bpf -mcpu=v3: the
// fetch-and-add's result is used.)
typedef unsigned int u32;
typedef unsigned long long u64;

#define SEC(name) __attribute__((section(name), used))
#define __uint(name, val) int (*name)[val]
#define __type(name, val) typeof(val) *name

enum { MAP_ARRAY = 2, MAP_RINGBUF = 27 };

static void *(*bpf_map_lookup_elem)(void *map, const void *key) = (void *)1;
static long (*bpf_ringbuf_output)(void *ringbuf, void *data, u64 size, u64 flags) = (void *)130;
static void *(*bpf_ringbuf_reserve)(void *ringbuf, u64 size, u64 flags) = (void *)131;
static void (*bpf_ringbuf_submit)(void *data, u64 flags) = (void *)132;
static void (*bpf_ringbuf_discard)(void *data, u64 flags) = (void *)133;

struct {
  __uint(type, MAP_ARRAY);
  __type(key, u32);
  __type(value, u64);
  __uint(max_entries, 1);
} sequence SEC(".maps");

struct {
  __uint(type, MAP_RINGBUF);
  __uint(max_entries, 4096);
} records SEC(".maps");

SEC("tracepoint/raw_syscalls/sys_enter")
int on_sys_enter(void *ctx) {
  u32 key = 0;
  u64 *next = bpf_map_lookup_elem(&sequence, &key);
  if (!next)
    return 0;
  u64 n = __sync_fetch_and_add(next, 1);
  if (n >= 40)
    return 0;
  u32 words[4] = {(u32)n, ~(u32)n, ~(u32)n, ~(u32)n};
  // Through the stack, so that the bound below is kept for the verifier
  // (clang would drop it: it knows n % 3 < 3, the verifier does not).
  volatile u32 spilled = 8 + (n % 3) * 4;
  u32 size = spilled;
  if (size > 16)
    return 0;
  if (n % 2 && n % 5 != 4) {
    bpf_ringbuf_output(&records, words, size, 0);
    return 0;
  }
  u32 *rec = bpf_ringbuf_reserve(&records, 16, 0);
  if (!rec)
    return 0;
  for (int i = 0; i < 4; ++i)
    rec[i] = words[i];
  if (n % 5 == 4)
    bpf_ringbuf_discard(rec, 0);
  else
    bpf_ringbuf_submit(rec, 0);
  return 0;
}

char LICENSE[] SEC("license") = "GPL";
