// A kprobe section whose function name holds a blank: written as it is into
// kprobe_events, "comm=$comm" would become a fetch argument of the event.
#define SEC(name) __attribute__((section(name), used))

SEC("kprobe/vfs_read comm=$comm") int blank_target(void *ctx) { return 0; }

char LICENSE[] SEC("license") = "GPL";
