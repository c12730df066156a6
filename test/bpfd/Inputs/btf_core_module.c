// CO-RE against a module's BTF: struct port_stats and struct ports_device
// exist only in the virtio_console module (/sys/kernel/btf/virtio_console,
// split on vmlinux's). port_stats is { unsigned long bytes_sent,
// bytes_received, bytes_discarded; } in the kernel; declared here with
// bytes_discarded alone. Results, one u64 each, in `results`:
//   0: the kernel's byte offset of port_stats.bytes_discarded (16)
//   1: the kernel's size of struct port_stats (24)
//   2: existence: ports_device 1, port_stats.bytes_discarded 1 (as 1 + 2*field)
typedef unsigned int u32;
typedef unsigned long long u64;
#define SEC(name) __attribute__((section(name), used))
#define __uint(name, val) int (*name)[val]
#define __type(name, val) typeof(val) *name

struct port_stats___bpfd {
  unsigned long bytes_discarded;
} __attribute__((preserve_access_index));

struct ports_device___bpfd {
  int chr_major;
} __attribute__((preserve_access_index));

static void *(*bpf_map_lookup_elem)(void *map, const void *key) = (void *)1;

struct {
  __uint(type, 2);
  __type(key, u32);
  __type(value, u64);
  __uint(max_entries, 3);
} results SEC(".maps");

static __attribute__((always_inline)) void put(u32 key, u64 value) {
  u64 *slot = bpf_map_lookup_elem(&results, &key);
  if (slot)
    *slot = value;
}

SEC("kprobe/__sys_bpf") int core_module(void *ctx) {
  struct port_stats___bpfd *stats = 0;
  put(0, __builtin_preserve_field_info(stats->bytes_discarded, 0));
  put(1, __builtin_preserve_type_info(*(struct port_stats___bpfd *)0, 1));
  put(2, __builtin_preserve_type_info(*(struct ports_device___bpfd *)0, 0) +
             2 * __builtin_preserve_field_info(stats->bytes_discarded, 2));
  return 0;
}

char LICENSE[] SEC("license") = "GPL";
