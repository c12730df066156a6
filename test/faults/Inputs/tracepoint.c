// One tracepoint program: attaching it needs tracefs (the event's id).
#define SEC(name) __attribute__((section(name), used))

SEC("tracepoint/sched/sched_switch") int on_switch(void *ctx) { return 0; }

char _license[] SEC("license") = "GPL";
