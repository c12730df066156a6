#!/usr/bin/env python3
"""Print N distinct folded stacks, like a long `profile -f` run: a few
processes, shared call paths near the root, distinct leaves, the last frames
of some annotated as kernel frames. Deterministic (fixed seed)."""
import random
import sys

count = int(sys.argv[1])
rng = random.Random(7)
procs = ["proc%d" % i for i in range(8)]
funcs = ["fn_%s_%d" % (word, i) for word in ("read", "write", "parse", "hash", "alloc")
         for i in range(40)]
kernel = ["vfs_read", "vfs_write", "do_syscall_64", "schedule", "ext4_file_read_iter"]
out = []
for n in range(count):
    depth = rng.randint(10, 30)
    frames = [rng.choice(procs), "_start", "main"]
    frames += [rng.choice(funcs) for _ in range(depth - 4)]
    frames += [k + "_[k]" for k in rng.sample(kernel, 2)]
    frames.append("leaf_%d" % n)  # makes every stack distinct
    out.append("%s %d" % (";".join(frames), rng.randint(1, 100)))
sys.stdout.write("\n".join(out) + "\n")
