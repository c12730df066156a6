// kfunc calls (extern functions of .ksyms, as libbpf's __ksym declares
// them) in a sleepable LSM program: bpf_lookup_system_key and bpf_key_put,
// vmlinux kfuncs of Linux 6.1 for sleepable programs. -DMISSING calls a
// kfunc no kernel has.
typedef unsigned long long u64;
#define SEC(name) __attribute__((section(name), used))
#define __ksym __attribute__((section(".ksyms")))

struct bpf_key;
extern struct bpf_key *bpf_lookup_system_key(u64 id) __ksym;
extern void bpf_key_put(struct bpf_key *key) __ksym;
#ifdef MISSING
extern void bpf_no_such_kfunc(void) __ksym;
#endif

SEC("lsm.s/bprm_check_security") int check(void *ctx) {
  struct bpf_key *k = bpf_lookup_system_key(1);
  if (k)
    bpf_key_put(k);
#ifdef MISSING
  bpf_no_such_kfunc();
#endif
  return 0;
}

char LICENSE[] SEC("license") = "GPL";
