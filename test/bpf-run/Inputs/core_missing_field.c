// struct file's f_ref (a file_ref_t since 6.13; 6.1 has f_count): compiled
// with --core against 7.x's headers, a 6.1 device cannot relocate the read.
#include <linux/fs.h>
BPF_HASH(refs, u32, u64);
int kprobe__vfs_read(struct pt_regs *ctx, struct file *f) {
  u32 key = 0;
  u64 n = f->f_ref.refcnt.counter;
  refs.update(&key, &n);
  return 0;
}
