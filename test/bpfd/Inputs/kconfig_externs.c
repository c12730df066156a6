// __kconfig externs (section .kconfig, as libbpf's bpf_helpers.h declares
// them), copied into `out` by a kprobe at __sys_bpf: LINUX_HAS_BPF_COOKIE
// and LINUX_KERNEL_VERSION; -DCONFIG_OPTION adds a strong CONFIG_BPF_SYSCALL,
// -DUNKNOWN a LINUX_ name libbpf does not define, -DBAD_TYPE an extern of a
// struct type.
typedef unsigned int u32;
typedef unsigned long long u64;
#define SEC(name) __attribute__((section(name), used))
#define __kconfig __attribute__((section(".kconfig")))

extern _Bool LINUX_HAS_BPF_COOKIE __kconfig;
extern u32 LINUX_KERNEL_VERSION __kconfig;
#ifdef CONFIG_OPTION
extern _Bool CONFIG_BPF_SYSCALL __kconfig;
#endif
#ifdef UNKNOWN
extern _Bool LINUX_HAS_NOTHING __kconfig;
#endif
#ifdef BAD_TYPE
struct pair { int a, b; };
extern struct pair LINUX_PAIR __kconfig;
#endif

u64 out[3];

SEC("kprobe/__sys_bpf") int copy(void *ctx) {
  out[0] = LINUX_HAS_BPF_COOKIE;
  out[1] = LINUX_KERNEL_VERSION;
#ifdef CONFIG_OPTION
  out[2] = CONFIG_BPF_SYSCALL;
#endif
#ifdef UNKNOWN
  out[2] = LINUX_HAS_NOTHING;
#endif
#ifdef BAD_TYPE
  out[2] = LINUX_PAIR.b;
#endif
  return 0;
}

char LICENSE[] SEC("license") = "GPL";
