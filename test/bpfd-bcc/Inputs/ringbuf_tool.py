# A BCC program with two BPF_RINGBUF_OUTPUT maps, run by BCC's own Python
# through our libbcc: each open by the workload takes the next number from a
# counter and sends it to `events` (ringbuf_output) and, plus 1000, to
# `other` (ringbuf_reserve/submit). Prints what the callbacks saw: the
# numbers of each ring in order with no gap, the two rings' records paired;
# then a callback that returns -1 stops its poll after that record, and the
# next poll goes on with the record after it (nothing lost).
import ctypes as ct
import sys
import time
from bcc import BPF

text = r"""
#include <uapi/linux/ptrace.h>

struct event { u64 seq; u32 pid; };
BPF_RINGBUF_OUTPUT(events, 8);
BPF_RINGBUF_OUTPUT(other, 8);
BPF_ARRAY(counter, u64, 1);

int on_open(struct pt_regs *ctx) {
    char comm[16];
    bpf_get_current_comm(&comm, sizeof(comm));
    if (comm[0] != 'w' || comm[1] != 'o' || comm[2] != 'r' || comm[3] != 'k')
        return 0;
    int zero = 0;
    u64 *n = counter.lookup(&zero);
    if (!n)
        return 0;
    u64 seq = *n;
    *n = seq + 1;
    struct event e = {};
    e.seq = seq;
    e.pid = bpf_get_current_pid_tgid() >> 32;
    events.ringbuf_output(&e, sizeof(e), 0);
    struct event *r = other.ringbuf_reserve(sizeof(struct event));
    if (!r)
        return 0;
    r->seq = seq + 1000;
    r->pid = e.pid;
    other.ringbuf_submit(r, 0);
    return 0;
}
"""


class Event(ct.Structure):
    _fields_ = [("seq", ct.c_ulonglong), ("pid", ct.c_uint)]


b = BPF(text=text)
b.attach_kprobe(event="do_sys_openat2", fn_name="on_open")
seen = []          # (ring, seq) in the order the callbacks ran
stop_next = [False]


def on(name):
    def cb(ctx, data, size):
        e = ct.cast(data, ct.POINTER(Event)).contents
        seen.append((name, e.seq))
        if stop_next[0]:
            stop_next[0] = False
            return -1
        return 0
    return cb


b["events"].open_ring_buffer(on("events"))
b["other"].open_ring_buffer(on("other"))
deadline = time.time() + 60
while sum(1 for r, _ in seen if r == "events") < 6 and time.time() < deadline:
    b.ring_buffer_poll(1000)
ev = [s for r, s in seen if r == "events"]
ot = [s - 1000 for r, s in seen if r == "other"]
print("events in order:", ev == list(range(ev[0], ev[0] + len(ev))))
n = min(len(ev), len(ot))
print("other pairs events:", n >= 5 and ot[:n] == ev[:n])
print("record size", ct.sizeof(Event))

# Stop after the next record; the poll returns, the next one goes on.
time.sleep(1)
before = len(seen)
stop_next[0] = True
b.ring_buffer_poll(1000)
print("records in the stopped poll:", len(seen) - before)
stopped_at = seen[-1]
time.sleep(0.3)
b.ring_buffer_consume()
after = seen[before + 1:]
nxt = [s for r, s in after if r == stopped_at[0]]
want = stopped_at[1] + 1
print("next poll goes on from the following record:", bool(after) and (nxt[0] == want if nxt else False))
sys.stdout.flush()
