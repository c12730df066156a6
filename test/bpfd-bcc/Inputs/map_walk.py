"""BCC's hash walks through our libbcc: a walk that updates each key, and
clear() (a walk that deletes each key), counted in device commands."""
from command_log import CommandLog

log = CommandLog()
from bcc import BPF  # noqa: E402  (after the proxy is in place)

b = BPF(text=r"""
BPF_HASH(h, u32, u64, 64);
int kprobe__vfs_read(void *ctx) { return 0; }
""")
h = b["h"]
for i in range(20):
    h[h.Key(i)] = h.Leaf(i)

# A walk that updates each key once. (The kernel's own walk of a hash map
# can revisit keys updated during it: an update moves its element.)
m = log.mark()
n = 0
for k in h.keys():
    n += 1
    if n > 40:
        break
    h[k] = h.Leaf(h[k].value + 100)
print("update walk: %d steps: %s" % (n, log.since(m)), flush=True)
print("values:", sorted(v.value for v in h.values()), flush=True)

m = log.mark()
h.clear()
print("clear:", log.since(m), flush=True)
print("left:", len(h), flush=True)
