// bpf_printk (its format strings in .rodata.str1.1) and a .rodata table of
// names, in a kprobe on __sys_bpf.
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_tracing.h>

const char commands[4][16] = {"map_create", "map_lookup_elem", "map_update_elem", "map_delete"};
u64 printed;

SEC("kprobe/__sys_bpf")
int BPF_KPROBE(bpf_call, int cmd) {
  if (cmd >= 0 && cmd < 4)
    bpf_printk("bpf(%s) by %d", commands[cmd], (u32)(bpf_get_current_pid_tgid() >> 32));
  else
    bpf_printk("bpf(%d)", cmd);
  printed += 1;
  return 0;
}

char LICENSE[] SEC("license") = "GPL";
