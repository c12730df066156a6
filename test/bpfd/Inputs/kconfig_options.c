// CONFIG_ __kconfig externs of each type libbpf reads (bool, integer,
// char array, signed integer, tristate; a weak one the configuration has
// not set), copied into `out` by a kprobe at __sys_bpf; for
// Inputs/kernel.config.
typedef unsigned int u32;
typedef unsigned long long u64;
#define SEC(name) __attribute__((section(name), used))
#define __kconfig __attribute__((section(".kconfig")))
enum libbpf_tristate { TRI_NO = 0, TRI_YES = 1, TRI_MODULE = 2 };
extern _Bool CONFIG_BPF_SYSCALL __kconfig;
extern u32 CONFIG_HZ __kconfig;
extern char CONFIG_LOCALVERSION[8] __kconfig;
extern int CONFIG_NR_CPUS __kconfig;
extern enum libbpf_tristate CONFIG_MODULES __kconfig;

extern _Bool CONFIG_NOT_SET __kconfig __attribute__((weak));

u64 out[6];

SEC("kprobe/__sys_bpf") int copy(void *ctx) {
  out[0] = CONFIG_BPF_SYSCALL;
  out[1] = CONFIG_HZ;
  out[2] = CONFIG_LOCALVERSION[1];
  out[3] = CONFIG_NR_CPUS;
  out[4] = CONFIG_MODULES;
  out[5] = CONFIG_NOT_SET;
  return 0;
}
char LICENSE[] SEC("license") = "GPL";
