// libbpf's convention for programs a tool attaches itself (or not at all):
// a section that names the program type and no attach point.
typedef unsigned long long u64;
#define SEC(name) __attribute__((section(name), used))

SEC("kprobe") int bare_kprobe(void *ctx) { return 0; }
SEC("kretprobe") int bare_kretprobe(void *ctx) { return 0; }
SEC("uprobe") int bare_uprobe(void *ctx) { return 0; }
SEC("uretprobe") int bare_uretprobe(void *ctx) { return 0; }
SEC("kprobe/vfs_read") int named_kprobe(void *ctx) { return 0; }

char LICENSE[] SEC("license") = "GPL";
