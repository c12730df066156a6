"""Starts N bpf-xcc processes at once on one empty cache folder and waits.

Usage: header-cache-race.py N OUT_PREFIX -- BPF_XCC_ARGS...
Each writes OUT_PREFIX<i>.o; exits 1 when any of them fails."""
import os
import subprocess
import sys

n, prefix = int(sys.argv[1]), sys.argv[2]
args = sys.argv[sys.argv.index("--") + 1:]
procs = [subprocess.Popen(args + ["-o", "%s%d.o" % (prefix, i)]) for i in range(n)]
sys.exit(1 if any(p.wait() for p in procs) else 0)
