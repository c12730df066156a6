// A kprobe program calling a GPL-only helper (bpf_trace_printk) in an
// object with no license section.
#define SEC(name) __attribute__((section(name), used))

static long (*bpf_trace_printk)(const char *fmt, unsigned int size, ...) = (void *)6;

SEC("kprobe/vfs_read") int printk_read(void *ctx) {
  char fmt[] = "read\n";
  bpf_trace_printk(fmt, sizeof fmt);
  return 0;
}
