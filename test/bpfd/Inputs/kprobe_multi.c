// A kprobe.multi program at every function the pattern matches
// (-DSECTION=..., default kprobe.multi/vfs_read*), counting its runs.
typedef unsigned long long u64;
#define SEC(name) __attribute__((section(name), used))
#define STR(x) #x
#define XSTR(x) STR(x)
#ifndef SECTION
#define SECTION kprobe.multi/vfs_read*
#endif

u64 runs;

SEC(XSTR(SECTION)) int multi(void *ctx) {
  __sync_fetch_and_add(&runs, 1);
  return 0;
}

char LICENSE[] SEC("license") = "GPL";
