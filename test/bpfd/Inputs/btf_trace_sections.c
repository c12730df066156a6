// Every BTF-attached section bpfconv reads (libbpf's names), one program
// each; with -DBAD_SECTION=S one more program in section S.
typedef unsigned long long u64;
#define SEC(name) __attribute__((section(name), used))
#define STR(x) #x
#define XSTR(x) STR(x)

SEC("fentry/do_sys_openat2") int on_fentry(u64 *ctx) { return 0; }
SEC("fexit/do_sys_openat2") int on_fexit(u64 *ctx) { return 0; }
SEC("fmod_ret/__x64_sys_getpid") int on_fmod_ret(u64 *ctx) { return 0; }
SEC("tp_btf/sched_process_exec") int on_tp_btf(u64 *ctx) { return 0; }
SEC("lsm/file_open") int on_lsm(u64 *ctx) { return 0; }
SEC("fentry.s/do_sys_openat2") int on_fentry_s(u64 *ctx) { return 0; }
SEC("fexit.s/do_sys_openat2") int on_fexit_s(u64 *ctx) { return 0; }
SEC("fmod_ret.s/__x64_sys_getpid") int on_fmod_ret_s(u64 *ctx) { return 0; }
SEC("tp_btf.s/sched_process_exec") int on_tp_btf_s(u64 *ctx) { return 0; }
SEC("lsm.s/bprm_check_security") int on_lsm_s(u64 *ctx) { return 0; }
#ifdef BAD_SECTION
SEC(XSTR(BAD_SECTION)) int bad(u64 *ctx) { return 0; }
#endif

char LICENSE[] SEC("license") = "GPL";
