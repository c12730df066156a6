// Two programs calling static subprograms in .text: one calls both, the
// other only the second, which then sits elsewhere in that program than in
// .text. The kernel takes func_info only if each function's record is at
// its first instruction in the linked program.
typedef unsigned long long u64;
#define SEC(name) __attribute__((section(name), used))

static u64 (*bpf_get_current_pid_tgid)(void) = (void *)14;

static __attribute__((noinline)) u64 mix(u64 x) {
  return x * 2654435761u + (x >> 7);
}

static __attribute__((noinline)) u64 fold(u64 x) {
  return (x ^ (x >> 32)) & 0xffff;
}

SEC("kprobe/__sys_bpf") int mix_and_fold(void *ctx) {
  return (int)fold(mix(bpf_get_current_pid_tgid()));
}

SEC("kprobe/__sys_bpf") int fold_only(void *ctx) {
  return (int)fold(bpf_get_current_pid_tgid());
}

char LICENSE[] SEC("license") = "GPL";
