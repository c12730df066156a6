// libbpf's type-match relocation (bpf_core_type_matches, BPF_TYPE_MATCHES):
// whether a local type's shape is the kernel's, by libbpf's rules (names,
// member names and their types recursively, enumerator names and the enum's
// size, ints' size and signedness, arrays' lengths). A kprobe on __sys_bpf
// (the loader's own bpf() calls) puts one bit a question into slot 0:
//   bit 0: struct list_head, as the kernel's (two pointers to itself): 1
//   bit 1: list_head___int, whose next is an int: 0
//   bit 2: enum bpf_map_type___names, two of the kernel's enumerators under
//          other values: 1 (values do not count)
//   bit 3: enum bpf_map_type___bad, an enumerator the kernel lacks: 0
//   bit 4: task_struct___ids, pid and tgid as ints: 1
//   bit 5: task_struct___uids, pid as an unsigned int: 0 (signedness)
//   bit 6: list_head___fwd, whose next points to list_head___decl, only
//          declared here (behind a pointer, a declaration of the same name
//          matches the kernel's struct): 1
//   bit 7: list_head___other, whose next points to a struct of another
//          name: 0 (names count, behind a pointer too)
// Expected: 1 + 4 + 16 + 64 = 85.
#include "vmlinux.h"
#include <bpf/bpf_core_read.h>
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_tracing.h>

struct list_head {
  struct list_head *next, *prev;
};

struct list_head___int {
  int next;
};

enum bpf_map_type___names {
  BPF_MAP_TYPE_HASH___names = 40,
  BPF_MAP_TYPE_ARRAY___names = 41,
};

enum bpf_map_type___bad {
  BPF_MAP_TYPE_NO_SUCH___bad = 1,
};

struct task_struct___ids {
  int pid;
  int tgid;
};

struct task_struct___uids {
  unsigned int pid;
};

struct list_head___decl;
struct list_head___fwd {
  struct list_head___decl *next;
};

struct declared_only;
struct list_head___other {
  struct declared_only *next;
};

struct {
  __uint(type, BPF_MAP_TYPE_ARRAY);
  __type(key, u32);
  __type(value, u64);
  __uint(max_entries, 1);
} results SEC(".maps");

SEC("kprobe/__sys_bpf")
int BPF_KPROBE(core_matches) {
  u32 zero = 0;
  u64 v = 0;
  if (bpf_core_type_matches(struct list_head)) v |= 1;
  if (bpf_core_type_matches(struct list_head___int)) v |= 2;
  if (bpf_core_type_matches(enum bpf_map_type___names)) v |= 4;
  if (bpf_core_type_matches(enum bpf_map_type___bad)) v |= 8;
  if (bpf_core_type_matches(struct task_struct___ids)) v |= 16;
  if (bpf_core_type_matches(struct task_struct___uids)) v |= 32;
  if (bpf_core_type_matches(struct list_head___fwd)) v |= 64;
  if (bpf_core_type_matches(struct list_head___other)) v |= 128;
  bpf_map_update_elem(&results, &zero, &v, BPF_ANY);
  return 0;
}

char LICENSE[] SEC("license") = "GPL";
