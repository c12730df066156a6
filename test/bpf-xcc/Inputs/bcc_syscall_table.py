# Compares `bpf-xcc --syscall-table` output (stdin) with the x86_64 table
# BCC 0.26 carries in bcc/syscall.py (what it uses when ausyscall is absent):
# prints one line per number where they differ, then a summary.
import sys

src = open("/usr/lib/python3/dist-packages/bcc/syscall.py").read()
src = src.split("# list of syscalls for various")[0]
scope = {}
exec(src, scope)
bcc = {k: v.decode() for k, v in scope["syscalls"].items()}
lines = sys.stdin.read().splitlines()
print(lines[0])
ours = {int(n): name for n, name in (l.split("\t") for l in lines[1:])}
diff = 0
for nr in sorted(bcc):
    if ours.get(nr) != bcc[nr]:
        diff += 1
        print("differs: %d bcc=%s ours=%s" % (nr, bcc[nr], ours.get(nr)))
print("compared %d of BCC's entries, %d differ; ours has %d" % (len(bcc), diff, len(ours)))
