// The seed of crafted objects (test/bpf-run/crafted-btf.test rewrites its
// BTF with btf-mutate.py): a map keyed by a pointer, whose value holds a
// three-dimensional array, shown as events (their columns).
#define SEC(n) __attribute__((section(n), used))
#define __uint(name, val) int (*name)[val]
#define __type(name, val) typeof(val) *name

struct grid_event { unsigned int pid; char cells[3][5][7]; };
struct { __uint(type, 1); __type(key, void *); __type(value, struct grid_event);
         __uint(max_entries, 8); } grids SEC(".maps");
static struct grid_event *__bpfd_event_grids SEC(".bpfd.meta");

SEC("kprobe/vfs_read") int touch(void *ctx) { return 0; }
char LICENSE[] SEC("license") = "GPL";
