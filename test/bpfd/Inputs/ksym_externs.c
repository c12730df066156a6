// __ksym externs (section .ksyms, as libbpf's bpf_helpers.h declares them)
// whose values a kprobe at __sys_bpf copies into `out`: an untyped symbol
// (vfs_read), a weak typed one and a weak untyped one the kernel lacks
// (both 0); -DSTRONG_TYPED / -DSTRONG_UNTYPED add a strong one it lacks.
typedef unsigned long long u64;
#define SEC(name) __attribute__((section(name), used))
#define __ksym __attribute__((section(".ksyms")))
#define __weak __attribute__((weak))

extern const void vfs_read __ksym;
extern const int no_such_variable_weak __ksym __weak;
extern const void no_such_symbol_weak __ksym __weak;
#ifdef STRONG_TYPED
extern const int no_such_variable __ksym;
#endif
#ifdef STRONG_UNTYPED
extern const void no_such_symbol __ksym;
#endif

u64 out[4];

SEC("kprobe/__sys_bpf") int copy(void *ctx) {
  out[0] = (u64)&vfs_read;
  out[1] = (u64)&no_such_variable_weak;
  out[2] = (u64)&no_such_symbol_weak;
#ifdef STRONG_TYPED
  out[3] = (u64)&no_such_variable;
#endif
#ifdef STRONG_UNTYPED
  out[3] = (u64)&no_such_symbol;
#endif
  return 0;
}

char LICENSE[] SEC("license") = "GPL";
